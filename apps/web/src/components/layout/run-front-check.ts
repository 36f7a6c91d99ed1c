import { redirect } from '@tanstack/react-router';
import type { PublicSettings } from '@wenku/shared';
import type { RouterContext } from '@/lib/router-context';
import { session } from '@/lib/session';
import { frontCheckRedirect } from './front-check';
import { settingBool } from './site-settings';

/** The visitor's standing for the front-check and the catalogue gate (spec §6). */
export function accessOf(settings: PublicSettings) {
  const { user, permissions } = session.get();
  return {
    userId: user?.id ?? null,
    hasPermissions: permissions.length > 0,
    loginRequired: settingBool(settings, 'security', 'login_required'),
    isClose: settingBool(settings, 'security', 'is_close'),
  };
}

/**
 * The front-check of spec §4/§6 on every public route change (also for unknown paths, which show the public 404
 * page). The back office has its own entry check (spec §6) and is left alone here.
 */
export async function runFrontCheck(
  { queryClient, trpc }: RouterContext,
  location: { pathname: string; href: string },
): Promise<void> {
  if (/^\/admin(\/|$)/.test(location.pathname)) return;
  let settings: PublicSettings;
  try {
    settings = await queryClient.ensureQueryData(trpc.system.settings.queryOptions());
  } catch {
    // Without settings there is nothing to check against; the page reports the failure.
    return;
  }
  const to = frontCheckRedirect({ pathname: location.pathname, href: location.href, ...accessOf(settings) });
  if (to) throw redirect({ href: to, replace: true });
}
