import { canBrowse } from '@/components/layout/front-check';
import { settingBool } from '@/components/layout/site-settings';
import { useSession } from '@/lib/session';
import { useSiteSettings } from './use-site-settings';

/** Whether the catalogue calls (navigation, categories, friend links, ads) can succeed for this visitor (spec §6). */
export function useCanBrowse(): boolean {
  const settings = useSiteSettings();
  const { user, permissions } = useSession();
  if (!settings) return false;
  return canBrowse({
    userId: user?.id ?? null,
    hasPermissions: permissions.length > 0,
    loginRequired: settingBool(settings, 'security', 'login_required'),
    isClose: settingBool(settings, 'security', 'is_close'),
  });
}

/**
 * Whether the site gate is up (sign-in required or site closed): the server then serves preview pages and covers
 * only to requests carrying the bearer token, which the images must fetch with (docs/decisions.md, one door).
 */
export function useSiteGated(): boolean {
  const settings = useSiteSettings();
  return (
    !!settings && (settingBool(settings, 'security', 'login_required') || settingBool(settings, 'security', 'is_close'))
  );
}
