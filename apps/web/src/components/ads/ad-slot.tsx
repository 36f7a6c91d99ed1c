import { useQuery } from '@tanstack/react-query';
import type { AdPosition } from '@wenku/shared';
import { settingBool } from '@/components/layout/site-settings';
import { useCanBrowse } from '@/hooks/use-site-access';
import { useSiteSettings } from '@/hooks/use-site-settings';
import { useSession } from '@/lib/session';
import { useTRPC } from '@/lib/trpc';
import { cn } from '@/lib/utils';
import { adGroupOf, adGroupPositions } from './ad-positions';

/**
 * An advertisement position (spec §3 positions). Every slot of a page group shares one query for all the group's
 * positions (moredoc-facts §18.6); a failure is silently ignored (spec §8). VIP members see none (spec §1): the
 * server answers them an empty list, and the slot does not even ask while the signed-in member is VIP, so ads
 * loaded before a VIP purchase vanish as soon as the session knows. The content is the administrator's HTML,
 * inserted as moredoc does.
 */
export function AdSlot({ position, className }: { position: AdPosition; className?: string }) {
  const trpc = useTRPC();
  const canBrowse = useCanBrowse();
  const { user } = useSession();
  const vip = settingBool(useSiteSettings(), 'vip', 'enable') && !!user?.is_vip;
  const group = adGroupOf(position);
  const { data } = useQuery({
    ...trpc.advertisement.byPosition.queryOptions({ position: adGroupPositions(group) }),
    enabled: canBrowse && !vip,
    retry: false,
    staleTime: 5 * 60_000,
    // spec §8: an advertisement failure is silent; the progress bar ignores it too.
    meta: { silent: true },
  });
  if (vip) return null;
  const ads = (data?.advertisement ?? []).filter((a) => a.position === position && a.content.trim() !== '');
  if (ads.length === 0) return null;
  return (
    <div className={cn('wenku-ad grid gap-2', className)} data-ad-position={position}>
      {ads.map((ad) => (
        <div
          key={ad.id}
          className="overflow-hidden [&_img]:max-w-full"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: advertisement HTML is authored by administrators (moredoc's v-html).
          dangerouslySetInnerHTML={{ __html: ad.content }}
        />
      ))}
    </div>
  );
}
