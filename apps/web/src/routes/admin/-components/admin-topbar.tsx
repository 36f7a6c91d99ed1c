import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  ChevronDownIcon,
  ChevronRightIcon,
  CopyIcon,
  HouseIcon,
  KeyRoundIcon,
  LogOutIcon,
  MenuIcon,
  PanelLeftCloseIcon,
  PanelLeftOpenIcon,
  UserRoundIcon,
} from 'lucide-react';
import * as React from 'react';
import { PasswordForm } from '@/components/forms/password-form';
import { ProfileForm } from '@/components/forms/profile-form';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetTitle } from '@/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/menu';
import { setFlash } from '@/hooks/use-flash';
import { useTranslation } from '@/i18n/react';
import { signOut } from '@/lib/auth';
import { copyText } from '@/lib/clipboard';
import { useSession } from '@/lib/session';
import { useTRPCClient } from '@/lib/trpc';
import { findMenuEntry, menuLabel } from './menu-meta';

/** The admin top bar (spec §2): menu toggle, breadcrumb, link to the site and the user dropdown. */
export function AdminTopbar({
  pathname,
  collapsed,
  mobile,
  onToggleMenu,
}: {
  pathname: string;
  collapsed: boolean;
  mobile: boolean;
  onToggleMenu: () => void;
}) {
  const { t } = useTranslation();
  const { user, token } = useSession();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [drawer, setDrawer] = React.useState<'profile' | 'password' | null>(null);
  const { group, item } = findMenuEntry(pathname);

  const copyToken = async () => {
    try {
      await copyText(token);
      toast.success(t('admin.layout.tokenCopied'));
    } catch {
      toast.error(t('admin.layout.copyFailed'));
    }
  };
  const logout = async () => {
    // The page is left for the home page: the 退出成功 message goes with it as a flash, shown after the load.
    setFlash(t('admin.layout.logoutSuccess'));
    await signOut(client, queryClient, '/');
  };

  const ToggleIcon = mobile ? MenuIcon : collapsed ? PanelLeftOpenIcon : PanelLeftCloseIcon;

  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background/95 px-2 backdrop-blur sm:px-4">
      <Button
        variant="ghost"
        size="icon"
        onClick={onToggleMenu}
        aria-label={
          mobile ? t('admin.layout.openMenu') : collapsed ? t('admin.layout.expand') : t('admin.layout.collapse')
        }
      >
        <ToggleIcon />
      </Button>
      <nav aria-label={t('admin.layout.breadcrumb')} className="flex min-w-0 flex-1 items-center gap-1 text-sm">
        {group ? (
          <>
            <span className="hidden truncate text-muted-foreground sm:inline">{menuLabel(group)}</span>
            <ChevronRightIcon className="hidden size-3.5 shrink-0 text-muted-foreground sm:inline" />
          </>
        ) : null}
        <span className="truncate font-medium">{item ? menuLabel(item) : null}</span>
      </nav>
      <Button variant="ghost" size="sm" asChild className="hidden sm:inline-flex">
        <Link to="/">
          <HouseIcon />
          {t('admin.layout.visitSite')}
        </Link>
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" className="h-10 gap-2 px-2" aria-label={t('admin.layout.userMenu')}>
            <Avatar src={user?.avatar || undefined} name={user?.username ?? '?'} size={30} />
            <span className="hidden max-w-32 truncate sm:inline">{user?.username}</span>
            <ChevronDownIcon className="size-4 opacity-60" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-52">
          <DropdownMenuLabel className="truncate">{user?.username}</DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setDrawer('profile')}>
            <UserRoundIcon />
            {t('admin.layout.profile')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setDrawer('password')}>
            <KeyRoundIcon />
            {t('admin.layout.password')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void copyToken()}>
            <CopyIcon />
            {t('admin.layout.copyToken')}
          </DropdownMenuItem>
          <DropdownMenuItem asChild className="sm:hidden">
            <Link to="/">
              <HouseIcon />
              {t('admin.layout.visitSite')}
            </Link>
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => void logout()} className="text-destructive focus:text-destructive">
            <LogOutIcon />
            {t('admin.layout.logout')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>

      <Sheet open={drawer !== null} onOpenChange={(v) => !v && setDrawer(null)}>
        <SheetContent className="w-full sm:max-w-lg" aria-describedby={undefined}>
          <SheetTitle>{drawer === 'password' ? t('admin.layout.password') : t('admin.layout.profile')}</SheetTitle>
          {user && drawer === 'profile' ? <ProfileForm user={user} onSaved={() => setDrawer(null)} /> : null}
          {user && drawer === 'password' ? (
            <PasswordForm username={user.username} onDone={() => setDrawer(null)} />
          ) : null}
        </SheetContent>
      </Sheet>
    </header>
  );
}
