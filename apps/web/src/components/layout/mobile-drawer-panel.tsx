import { Link } from '@tanstack/react-router';
import { AVATAR_NAV_SIZE, MOBILE_DRAWER_WIDTH } from '@wenku/shared';
import { ChevronRightIcon, CoinsIcon, LogOutIcon } from 'lucide-react';
import type * as React from 'react';
import { Fragment } from 'react';
import { openRecharge, useRechargeEnabled } from '@/components/credits/recharge-host';
import { SignInButton } from '@/components/credits/sign-in-button';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetTitle } from '@/components/ui/dialog';
import { Separator } from '@/components/ui/misc';
import { useCategoryTrees } from '@/hooks/use-header-data';
import { useTranslation } from '@/i18n/react';
import { useSession } from '@/lib/session';
import { cn } from '@/lib/utils';
import { type CategoryNode, categoryHref, type NavNode } from './nav';
import { LanguageSwitch, ThemeSwitch } from './preference-switches';
import { SearchBox } from './search-box';
import { SmartLink } from './smart-link';
import { useUserLinks } from './user-links';
import { useLoginHref } from './user-menu';

/**
 * The mobile menu's drawer (spec §2 Header, under 768px): a drawer 60% wide with search, login link or avatar and
 * name, the daily sign-in button, the user links (with 积分充值 when recharge is enabled), collapsible category lists
 * and the navigation. Loaded with its dialog library when the menu button is first pressed (mobile-drawer.tsx).
 */
export default function MobileDrawerPanel({
  items,
  open,
  onOpenChange,
  trigger,
}: {
  items: NavNode[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: React.RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const { links, logout } = useUserLinks();
  const trees = useCategoryTrees();
  const login = useLoginHref();
  const recharge = useRechargeEnabled();
  const close = () => onOpenChange(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="right"
        className="max-w-none gap-3 p-4 pt-12"
        style={{ width: MOBILE_DRAWER_WIDTH }}
        aria-describedby={undefined}
        data-testid="mobile-drawer"
        // Focusing the search box would pop up the phone's keyboard over the menu.
        onOpenAutoFocus={(e) => e.preventDefault()}
        // The menu button is the page's own, not the dialog's trigger: focus goes back to it by hand.
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          trigger.current?.focus();
        }}
      >
        <SheetTitle className="sr-only">{t('shell.header.menu')}</SheetTitle>
        <SearchBox variant="drawer" onSearched={close} />
        {user ? (
          <div className="grid gap-2">
            <SmartLink href={`/user/${user.id}`} onNavigate={close} className="flex min-w-0 items-center gap-2">
              <UserAvatar user={user} size={AVATAR_NAV_SIZE} />
              <span className="truncate font-medium">{user.username}</span>
            </SmartLink>
            <SignInButton className="w-full" />
          </div>
        ) : (
          <div className="grid gap-2">
            <Button asChild>
              <SmartLink href={login} onNavigate={close}>
                {t('shell.user.login')}
              </SmartLink>
            </Button>
            <Button asChild variant="outline">
              <Link to="/register" onClick={close}>
                {t('shell.user.register')}
              </Link>
            </Button>
          </div>
        )}
        {links.length > 0 ? (
          <ul className="grid gap-0.5">
            {links.map((l) => (
              <Fragment key={l.key}>
                <li>
                  <SmartLink href={l.href} onNavigate={close} className={drawerItem}>
                    <l.icon className="size-4 text-muted-foreground" />
                    {l.label}
                  </SmartLink>
                </li>
                {/* moredoc Pro's order: 积分充值 follows the personal centre. */}
                {recharge && l.key === 'center' ? (
                  <li>
                    <button
                      type="button"
                      onClick={() => {
                        // The dialog lives in the site layout; the drawer closes as it opens.
                        close();
                        openRecharge();
                      }}
                      className={cn(drawerItem, 'w-full')}
                      data-testid="drawer-recharge"
                    >
                      <CoinsIcon className="size-4 text-muted-foreground" />
                      {t('credits.recharge.menu')}
                    </button>
                  </li>
                ) : null}
              </Fragment>
            ))}
            <li>
              <button type="button" onClick={logout} className={cn(drawerItem, 'w-full text-destructive')}>
                <LogOutIcon className="size-4" />
                {t('shell.user.logout')}
              </button>
            </li>
          </ul>
        ) : null}
        <Separator />
        <CategorySection
          title={t('shell.home.documentCategories')}
          categories={trees.documents}
          type={0}
          onNavigate={close}
        />
        <CategorySection
          title={t('shell.home.articleCategories')}
          categories={trees.articles}
          type={1}
          onNavigate={close}
        />
        <Separator />
        <nav aria-label={t('shell.header.menu')} className="grid gap-0.5">
          {items.map((item) => (
            <DrawerNavItem key={item.id} item={item} onNavigate={close} />
          ))}
        </nav>
        <div className="mt-auto flex items-center gap-1 border-t pt-3">
          <ThemeSwitch />
          <LanguageSwitch />
        </div>
      </SheetContent>
    </Sheet>
  );
}

const drawerItem = 'flex items-center gap-2 rounded-md px-2 py-2 text-sm hover:bg-accent';

function DrawerNavItem({ item, onNavigate }: { item: NavNode; onNavigate: () => void }) {
  return (
    <div>
      <SmartLink
        href={item.href}
        target={item.target}
        color={item.color || undefined}
        onNavigate={onNavigate}
        className={cn(drawerItem, 'font-medium')}
      >
        {item.title}
      </SmartLink>
      {item.children.length > 0 ? (
        <div className="ml-3 grid border-l pl-2">
          {item.children.map((c) => (
            <SmartLink
              key={c.id}
              href={c.href}
              target={c.target}
              color={c.color || undefined}
              onNavigate={onNavigate}
              className={drawerItem}
            >
              {c.title}
            </SmartLink>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** A collapsible category list (spec §2 Header mobile). */
function CategorySection({
  title,
  categories,
  type,
  onNavigate,
}: {
  title: string;
  categories: CategoryNode[];
  type: 0 | 1;
  onNavigate: () => void;
}) {
  if (categories.length === 0) return null;
  return (
    <details className="group rounded-md">
      <summary className="flex cursor-pointer list-none items-center justify-between rounded-md px-2 py-2 font-medium text-sm hover:bg-accent [&::-webkit-details-marker]:hidden">
        {title}
        <ChevronRightIcon className="size-4 transition-transform group-open:rotate-90" aria-hidden />
      </summary>
      <ul className="ml-3 grid border-l pl-2">
        {categories.map((c) => (
          <li key={c.id}>
            <SmartLink href={categoryHref(type, c.id)} onNavigate={onNavigate} className={drawerItem}>
              {c.title}
            </SmartLink>
            {c.children.length > 0 ? (
              <ul className="ml-3 grid">
                {c.children.map((child) => (
                  <li key={child.id}>
                    <SmartLink
                      href={categoryHref(type, child.id)}
                      onNavigate={onNavigate}
                      className={cn(drawerItem, 'py-1.5 text-muted-foreground')}
                    >
                      {child.title}
                    </SmartLink>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </details>
  );
}
