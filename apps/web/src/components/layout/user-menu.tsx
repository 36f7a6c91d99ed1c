import { Link, useLocation } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/i18n/react';
import { useSession } from '@/lib/session';
import { loginHref } from './front-check';
import { SmartLink } from './smart-link';

const UserMenuDropdown = lazy(() => import('./user-menu-dropdown'));

/** The current full path, carried to the login page as `redirect` (spec §2 /login). */
export function useLoginHref(): string {
  const href = useLocation({ select: (l) => l.href });
  return loginHref(href);
}

/** spec §2 Header: the user dropdown with a 42px avatar, or a login link. */
export function UserMenu() {
  const { t } = useTranslation();
  const { user } = useSession();
  const login = useLoginHref();
  if (!user) {
    return (
      <div className="flex items-center gap-1">
        <Button size="sm" asChild>
          <SmartLink href={login}>{t('shell.user.login')}</SmartLink>
        </Button>
        <Button size="sm" variant="ghost" className="hidden lg:inline-flex" asChild>
          <Link to="/register">{t('shell.user.register')}</Link>
        </Button>
      </div>
    );
  }
  return (
    // Same size as the avatar button it stands in for while it loads.
    <Suspense fallback={<span className="block size-[46px] rounded-full" aria-hidden />}>
      <UserMenuDropdown user={user} />
    </Suspense>
  );
}
