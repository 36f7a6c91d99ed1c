import { useNavigate } from '@tanstack/react-router';
import { AVATAR_NAV_SIZE } from '@wenku/shared';
import { CoinsIcon, LogOutIcon } from 'lucide-react';
import * as React from 'react';
import { openRecharge, useRechargeEnabled } from '@/components/credits/recharge-host';
import { UserAvatar } from '@/components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/menu';
import { useTranslation } from '@/i18n/react';
import type { Session } from '@/lib/session';
import { useUserLinks } from './user-links';

/**
 * The signed-in member's dropdown (spec §2 Header) with a 42px avatar: loaded, with the menu library, once someone
 * is signed in; the server paints every public page for an anonymous visitor, who never loads it (issue 17).
 */
export default function UserMenuDropdown({ user }: { user: NonNullable<Session['user']> }) {
  const { t } = useTranslation();
  const { links, logout } = useUserLinks();
  const recharge = useRechargeEnabled();
  const navigate = useNavigate();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        className="flex items-center gap-2 rounded-full p-0.5 pr-1 outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 lg:pr-3"
        aria-label={user.username}
        data-testid="user-menu"
      >
        <UserAvatar user={user} size={AVATAR_NAV_SIZE} />
        <span className="hidden max-w-32 truncate font-medium text-sm lg:inline">{user.username}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-48">
        <DropdownMenuLabel className="truncate text-muted-foreground text-xs">
          {t('shell.user.welcome', { name: user.username })}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {links.map((l) => (
          <React.Fragment key={l.key}>
            <DropdownMenuItem onSelect={() => void navigate({ href: l.href })}>
              <l.icon />
              {l.label}
            </DropdownMenuItem>
            {/* spec §2 Header: points recharge (if enabled) follows the personal centre. */}
            {recharge && l.key === 'center' ? (
              <DropdownMenuItem onSelect={openRecharge} data-testid="menu-recharge">
                <CoinsIcon />
                {t('credits.recharge.menu')}
              </DropdownMenuItem>
            ) : null}
          </React.Fragment>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={logout} className="text-destructive focus:text-destructive">
          <LogOutIcon />
          {t('shell.user.logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
