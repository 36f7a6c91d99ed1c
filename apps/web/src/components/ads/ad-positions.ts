import { AD_POSITIONS, type AdPosition } from '@wenku/shared';
import { settingBool } from '@/components/layout/site-settings';
import type { RouterContext } from '@/lib/router-context';
import { session } from '@/lib/session';

export type AdGroup = keyof typeof AD_POSITIONS;

/** The page group a position belongs to: a page asks for all positions of its group at once (moredoc-facts §18.6). */
export function adGroupOf(position: AdPosition): AdGroup {
  for (const [group, positions] of Object.entries(AD_POSITIONS) as [AdGroup, readonly string[]][]) {
    if (positions.includes(position)) return group;
  }
  return 'global';
}

/** The positions to fetch for a group, in the spec's order (one query key per group, shared by every slot). */
export function adGroupPositions(group: AdGroup): string[] {
  return [...AD_POSITIONS[group]];
}

/**
 * The query of a group's ads, the same for the slots that read it and the loaders that start it: asked once in five
 * minutes, never retried, and silent when it fails (spec §8: an advertisement failure is silent; the progress bar
 * ignores it too).
 */
export function adsQueryOptions(trpc: RouterContext['trpc'], group: AdGroup) {
  return {
    ...trpc.advertisement.byPosition.queryOptions({ position: adGroupPositions(group) }),
    retry: false,
    staleTime: 5 * 60_000,
    meta: { silent: true },
  };
}

/**
 * Starts the ads of a page group with the page's data (its loader), so the server paints them with the page and the
 * browser does not ask for them, and render them, once it has taken the page over (issue 17). VIP members see none.
 */
export function prefetchAds({ queryClient, trpc }: RouterContext, group: AdGroup) {
  // Without the settings at hand yet, VIP is taken as on: a slot asks for the ads itself if it turns out off.
  const settings = queryClient.getQueryData(trpc.system.settings.queryKey());
  if (adFree(session.get().user, settings === undefined || settingBool(settings, 'vip', 'enable'))) return;
  void queryClient.prefetchQuery(adsQueryOptions(trpc, group));
}

/** Whether a member sees no ads: a VIP member while VIP is on (`vipOn`, the `vip.enable` setting). */
export function adFree(user: { is_vip?: boolean } | null | undefined, vipOn: boolean): boolean {
  return vipOn && !!user?.is_vip;
}
