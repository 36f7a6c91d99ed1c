import { useQueryClient } from '@tanstack/react-query';
import { FileUpIcon, HouseIcon, type LucideIcon, PenLineIcon, ShieldIcon, UserRoundIcon } from 'lucide-react';
import { setFlash } from '@/hooks/use-flash';
import { useTranslation } from '@/i18n/react';
import { signOut } from '@/lib/auth';
import { useSession } from '@/lib/session';
import { useTRPCClient } from '@/lib/trpc';

export interface UserLink {
  key: string;
  href: string;
  label: string;
  icon: LucideIcon;
}

/**
 * The signed-in user's menu of spec §2 Header: personal home page, personal centre, upload document, publish
 * article, and the admin back office only when the user has allowed pages (spec §6). Points recharge is not a link:
 * the menus add it after the personal centre when enabled, opening the recharge dialog.
 */
export function useUserLinks(): { links: UserLink[]; logout: () => void } {
  const { t } = useTranslation();
  const { user, allowPages } = useSession();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const links: UserLink[] = user
    ? [
        { key: 'home', href: `/user/${user.id}`, label: t('shell.user.home'), icon: HouseIcon },
        { key: 'center', href: '/me', label: t('shell.user.center'), icon: UserRoundIcon },
        { key: 'upload', href: '/upload', label: t('shell.user.upload'), icon: FileUpIcon },
        { key: 'post', href: '/post', label: t('shell.user.post'), icon: PenLineIcon },
        ...(allowPages.length > 0
          ? [{ key: 'admin', href: '/admin', label: t('shell.user.admin'), icon: ShieldIcon }]
          : []),
      ]
    : [];
  const logout = () => {
    // spec §4/§8: logout reloads the page; the 退出成功 message is shown after the reload.
    setFlash(t('shell.user.logoutSuccess'));
    void signOut(client, queryClient);
  };
  return { links, logout };
}
