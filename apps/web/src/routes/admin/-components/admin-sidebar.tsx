import { Link, type LinkProps } from '@tanstack/react-router';
import type { AdminMenuItem } from '@wenku/shared';
import { ChevronDownIcon, CircleIcon } from 'lucide-react';
import * as React from 'react';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/menu';
import { useTranslation } from '@/i18n/react';
import { cn } from '@/lib/utils';
import { MENU_ICONS, menuLabel } from './menu-meta';

// Menu paths come from the shared catalogue as plain strings; not every one has a route file yet (they land in the
// catch-all page), so they are passed to Link untyped.
const to = (path: string) => path as LinkProps['to'];

const isActive = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

const itemClass = (active: boolean) =>
  cn(
    'flex h-10 w-full items-center gap-3 rounded-md px-3 text-sm transition-colors outline-none focus-visible:ring-2 focus-visible:ring-white/40',
    active ? 'bg-primary text-primary-foreground' : 'text-slate-300 hover:bg-white/10 hover:text-white',
  );

/**
 * The admin menu (spec §2): entries the user's allowed pages include, dashboard always. Expanded it shows groups as
 * collapsible sections; collapsed it shows icons, and a group's children open in a flyout.
 */
export function AdminSidebarMenu({
  menu,
  pathname,
  collapsed,
  onNavigate,
}: {
  menu: AdminMenuItem[];
  pathname: string;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = React.useState<Set<string>>(
    () => new Set(menu.filter((m) => m.children?.some((c) => isActive(pathname, c.path))).map((m) => m.path)),
  );
  // Opening a page from elsewhere (a link, the back button) unfolds its group.
  React.useEffect(() => {
    const group = menu.find((m) => m.children?.some((c) => isActive(pathname, c.path)));
    if (group) setOpen((s) => (s.has(group.path) ? s : new Set(s).add(group.path)));
  }, [menu, pathname]);

  return (
    <nav className="grid gap-1 p-2" aria-label={t('admin.layout.menu')}>
      {menu.map((item) => {
        const Icon = (item.icon && MENU_ICONS[item.icon]) || CircleIcon;
        const label = menuLabel(item);
        if (!item.children) {
          const active = isActive(pathname, item.path);
          return (
            <Link
              key={item.path}
              to={to(item.path)}
              title={collapsed ? label : undefined}
              aria-label={collapsed ? label : undefined}
              aria-current={active ? 'page' : undefined}
              className={cn(itemClass(active), collapsed && 'justify-center px-0')}
              onClick={onNavigate}
            >
              <Icon className="size-4 shrink-0" />
              {collapsed ? null : <span className="truncate">{label}</span>}
            </Link>
          );
        }
        const groupActive = item.children.some((c) => isActive(pathname, c.path));
        if (collapsed) {
          return (
            <DropdownMenu key={item.path}>
              <DropdownMenuTrigger
                title={label}
                aria-label={label}
                className={cn(
                  itemClass(false),
                  'justify-center px-0',
                  groupActive && 'bg-white/10 text-white ring-1 ring-primary/60',
                )}
              >
                <Icon className="size-4 shrink-0" />
              </DropdownMenuTrigger>
              <DropdownMenuContent side="right" align="start" className="min-w-44">
                <div className="px-2 py-1.5 font-medium text-muted-foreground text-xs">{label}</div>
                {item.children.map((c) => (
                  <DropdownMenuItem key={c.path} asChild>
                    <Link
                      to={to(c.path)}
                      className={cn(isActive(pathname, c.path) && 'font-medium text-primary')}
                      onClick={onNavigate}
                    >
                      {menuLabel(c)}
                    </Link>
                  </DropdownMenuItem>
                ))}
              </DropdownMenuContent>
            </DropdownMenu>
          );
        }
        const expanded = open.has(item.path);
        const panelId = `admin-menu-${item.path.replaceAll('/', '-')}`;
        return (
          <div key={item.path} className="grid gap-1">
            <button
              type="button"
              className={cn(itemClass(false), groupActive && 'text-white')}
              aria-expanded={expanded}
              aria-controls={panelId}
              onClick={() =>
                setOpen((s) => {
                  const next = new Set(s);
                  if (next.has(item.path)) next.delete(item.path);
                  else next.add(item.path);
                  return next;
                })
              }
            >
              <Icon className="size-4 shrink-0" />
              <span className="flex-1 truncate text-left">{label}</span>
              <ChevronDownIcon className={cn('size-4 shrink-0 transition-transform', expanded && 'rotate-180')} />
            </button>
            {expanded ? (
              <div id={panelId} className="grid gap-1">
                {item.children.map((c) => {
                  const active = isActive(pathname, c.path);
                  return (
                    <Link
                      key={c.path}
                      to={to(c.path)}
                      aria-current={active ? 'page' : undefined}
                      className={cn(itemClass(active), 'h-9 pl-10')}
                      onClick={onNavigate}
                    >
                      <span className="truncate">{menuLabel(c)}</span>
                    </Link>
                  );
                })}
              </div>
            ) : null}
          </div>
        );
      })}
    </nav>
  );
}
