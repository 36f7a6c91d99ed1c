import { useQuery } from '@tanstack/react-query';
import { CatchBoundary, createFileRoute, Link, Outlet, redirect, useRouterState } from '@tanstack/react-router';
import {
  ADMIN_MENU_COLLAPSE_BELOW,
  ADMIN_MENU_WIDTH,
  BREAKPOINT_MOBILE,
  DEFAULT_SITE_TITLE,
  visibleAdminMenu,
} from '@wenku/shared';
import * as React from 'react';
import { ConfirmProvider } from '@/components/admin/confirm-dialog';
import { Sheet, SheetContent, SheetTitle } from '@/components/ui/dialog';
import { loadAdminTexts } from '@/i18n';
import { useTranslation } from '@/i18n/react';
import { session, useSession } from '@/lib/session';
import { useTRPC } from '@/lib/trpc';
import { cn } from '@/lib/utils';
import { AdminPageError } from './-components/admin-error';
import { AdminSidebarMenu } from './-components/admin-sidebar';
import { AdminTopbar } from './-components/admin-topbar';
import { findMenuEntry, menuLabel } from './-components/menu-meta';
import { useMediaQuery } from './-components/use-media-query';

const COLLAPSED_WIDTH = 64;

/**
 * Back-office guard (spec §6, moredoc-pro-facts §11.1): no token or no allowed page → home; permissions are reloaded
 * on entry so a stale or forged list in storage cannot open pages; a path outside the allowed pages → dashboard.
 * The server checks every call again, this only keeps people off pages they cannot use.
 */
export const Route = createFileRoute('/admin')({
  beforeLoad: async ({ location, context: { queryClient, trpc } }) => {
    if (!session.get().token || session.get().allowPages.length === 0) throw redirect({ to: '/' });
    // The permission table loads with the back office: the route's definition is in the public shell (issue 17).
    const { ADMIN_MENU, allowedAdminPages, isAdminPathAllowed, permissionIdentity } = await import(
      '@wenku/shared/permissions'
    );
    try {
      const { permission } = await queryClient.fetchQuery(trpc.user.permissions.queryOptions());
      const current = session.get();
      const pages = allowedAdminPages(permission.map(permissionIdentity));
      // Written only on change: every write notifies the whole app. The page list is compared too, since it is
      // what a tampered store would forge.
      if (
        JSON.stringify(current.permissions) !== JSON.stringify(permission) ||
        JSON.stringify(current.allowPages) !== JSON.stringify(pages)
      ) {
        session.setPermissions(permission, pages);
      }
    } catch {
      // A revoked token clears the session (query cache handler); other failures keep the stored list, the server
      // still refuses what it must.
    }
    const { token, allowPages } = session.get();
    if (!token || allowPages.length === 0) throw redirect({ to: '/' });

    const path = location.pathname.replace(/\/+$/, '') || '/';
    if (path === '/admin' || path === '/admin/index') throw redirect({ to: '/admin/dashboard' });
    // A group's own path (/admin/config, /admin/user…) opens its first allowed child.
    const group = ADMIN_MENU.find((m) => m.path === path && m.children);
    if (group) {
      const first = group.children?.find((c) => allowPages.includes(c.path));
      throw redirect({ href: first?.path ?? '/admin/dashboard' });
    }
    if (!isAdminPathAllowed(path, allowPages)) throw redirect({ to: '/admin/dashboard' });
    await loadAdminTexts();
  },
  component: AdminLayout,
});

function AdminLayout() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const { allowPages } = useSession();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const settings = useQuery(trpc.system.settings.queryOptions());
  const sitename = String(settings.data?.system.sitename || DEFAULT_SITE_TITLE);
  const logo = String(settings.data?.system.logo || settings.data?.system.favicon || '/favicon.svg');

  // spec §2 / §9: the menu collapses by itself below 1000px and becomes a drawer on phones.
  const narrow = useMediaQuery(`(max-width: ${ADMIN_MENU_COLLAPSE_BELOW - 1}px)`);
  const mobile = useMediaQuery(`(max-width: ${BREAKPOINT_MOBILE - 1}px)`);
  const [collapsed, setCollapsed] = React.useState(narrow);
  const [drawer, setDrawer] = React.useState(false);
  React.useEffect(() => setCollapsed(narrow), [narrow]);

  const menu = React.useMemo(() => visibleAdminMenu(allowPages), [allowPages]);

  const { item } = findMenuEntry(pathname);
  const pageLabel = item ? menuLabel(item) : '';
  React.useEffect(() => {
    document.title = pageLabel
      ? `${pageLabel} - ${t('admin.layout.title', { sitename })}`
      : t('admin.layout.title', { sitename });
  }, [pageLabel, sitename, t]);

  const brand = (compact: boolean) => (
    <Link
      to="/"
      className={cn(
        'flex h-14 shrink-0 items-center gap-2 border-white/10 border-b px-4 text-white',
        compact && 'justify-center px-0',
      )}
      title={t('admin.layout.goHome')}
    >
      <img src={logo} alt="" className="size-7 shrink-0 rounded object-contain" />
      {compact ? null : <span className="truncate font-semibold">{t('admin.layout.title', { sitename })}</span>}
    </Link>
  );

  return (
    <ConfirmProvider>
      <div className="flex min-h-screen bg-muted/40">
        {mobile ? (
          <Sheet open={drawer} onOpenChange={setDrawer}>
            <SheetContent
              side="left"
              className="gap-0 border-none bg-slate-900 p-0 text-slate-300 [&>button]:text-white"
              style={{ width: ADMIN_MENU_WIDTH }}
              aria-describedby={undefined}
            >
              <SheetTitle className="sr-only">{t('admin.layout.menu')}</SheetTitle>
              {brand(false)}
              <AdminSidebarMenu menu={menu} pathname={pathname} collapsed={false} onNavigate={() => setDrawer(false)} />
            </SheetContent>
          </Sheet>
        ) : (
          // The dark column runs the page's full height; the menu inside stays in view while the page scrolls.
          <aside
            className="shrink-0 bg-slate-900 transition-[width] duration-200"
            style={{ width: collapsed ? COLLAPSED_WIDTH : ADMIN_MENU_WIDTH }}
          >
            <div className="sticky top-0 flex h-screen flex-col overflow-y-auto overflow-x-hidden">
              {brand(collapsed)}
              <AdminSidebarMenu menu={menu} pathname={pathname} collapsed={collapsed} />
            </div>
          </aside>
        )}
        <div className="flex min-w-0 flex-1 flex-col">
          <AdminTopbar
            pathname={pathname}
            collapsed={collapsed}
            mobile={mobile}
            onToggleMenu={() => (mobile ? setDrawer(true) : setCollapsed((c) => !c))}
          />
          <main className="min-w-0 flex-1 p-3 sm:p-4 lg:p-6">
            {/* Page faults show inside the layout; a new page starts afresh. */}
            <CatchBoundary getResetKey={() => pathname} errorComponent={AdminPageError}>
              <Outlet />
            </CatchBoundary>
          </main>
        </div>
      </div>
    </ConfirmProvider>
  );
}
