import { useLocation } from '@tanstack/react-router';
import { CATEGORY_POPOVER_DELAY_MS, CATEGORY_POPOVER_WIDTH } from '@wenku/shared';
import { ChevronDownIcon, EllipsisIcon } from 'lucide-react';
import * as React from 'react';
import { HeaderCreditActions } from '@/components/credits/header-credit-actions';
import { useCategoryTrees } from '@/hooks/use-header-data';
import { useTranslation } from '@/i18n/react';
import { cn } from '@/lib/utils';
import { CategoryCards } from './category-cards';
import { HoverPopover } from './hover-popover';
import { type NavNode, navCategoryType, navKind } from './nav';
import { SmartLink } from './smart-link';

/** Sub-menus open quicker than the category popover: they are plain lists. */
const SUBMENU_DELAY_MS = 150;

export function isActive(item: NavNode, pathname: string): boolean {
  const href = (item.href ?? '').split('?')[0] ?? '';
  if (navKind(href) !== 'internal') return false;
  return href === '/' ? pathname === '/' : pathname === href || pathname.startsWith(`${href}/`);
}

const itemClass = (active: boolean) =>
  cn(
    'inline-flex h-9 items-center gap-1 whitespace-nowrap rounded-md px-3 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground',
    active ? 'text-primary' : 'text-foreground/80',
  );

/**
 * The desktop navigation (spec §2 Header): server items with their colour and target; the documents and articles
 * entries open a 520px category popover after 600 ms; other items with children open a sub-menu. The member's
 * credit actions (daily sign-in, recharge) come with it and are ordered last in the header row, beside the user menu.
 */
export function HeaderNav({ items }: { items: NavNode[] }) {
  return (
    <>
      <NavItems items={items} />
      <HeaderCreditActions className="order-last" />
    </>
  );
}

/** Width kept for the 更多 button when some items move into it. */
const MORE_WIDTH = 84;

/**
 * How many of the items, `widths` wide, fit in `room` pixels, keeping MORE_WIDTH for 更多 when not all of them do
 * (issue 20: items that do not fit go into 更多, never cut mid-character).
 */
export function itemsThatFit(widths: readonly number[], room: number): number {
  const total = widths.reduce((a, b) => a + b, 0);
  if (total <= room) return widths.length;
  let used = MORE_WIDTH;
  let n = 0;
  for (const w of widths) {
    if (used + w > room) break;
    used += w;
    n++;
  }
  return n;
}

function NavItems({ items }: { items: NavNode[] }) {
  const { t } = useTranslation();
  const pathname = useLocation({ select: (l) => l.pathname });
  const trees = useCategoryTrees();
  const boxRef = React.useRef<HTMLDivElement>(null);
  const measureRef = React.useRef<HTMLDivElement>(null);
  const [shown, setShown] = React.useState(items.length);
  // The items' widths come from an invisible copy of the row; the box takes the header's free space and says how
  // much of it there is. Both are watched, so a resize, a font load or a language switch re-counts.
  React.useLayoutEffect(() => {
    const box = boxRef.current;
    const measure = measureRef.current;
    if (!box || !measure) return;
    const count = () => {
      const widths = [...measure.children].map((c) => (c as HTMLElement).getBoundingClientRect().width + 2);
      setShown(itemsThatFit(widths, box.clientWidth));
    };
    count();
    const observer = new ResizeObserver(count);
    observer.observe(box);
    observer.observe(measure);
    return () => observer.disconnect();
  }, []);
  const visible = items.slice(0, shown);
  const overflow = items.slice(shown);
  return (
    <div
      ref={boxRef}
      className="relative -mx-1 flex min-w-0 flex-1 items-center overflow-hidden px-1 py-1"
      data-testid="header-nav"
    >
      <div
        ref={measureRef}
        aria-hidden
        className="pointer-events-none invisible absolute top-0 left-0 flex w-max items-center gap-0.5"
      >
        {items.map((item) => (
          <span key={item.id} className={itemClass(false)}>
            {item.title}
            {navCategoryType(item.href) !== null || item.children.length > 0 ? (
              <ChevronDownIcon className="size-3.5" />
            ) : null}
          </span>
        ))}
      </div>
      <nav aria-label={t('shell.header.menu')} className="flex min-w-0 items-center gap-0.5">
        {visible.map((item) => (
          <NavItem key={item.id} item={item} pathname={pathname} trees={trees} />
        ))}
        {overflow.length > 0 ? <MoreMenu items={overflow} pathname={pathname} /> : null}
      </nav>
    </div>
  );
}

function NavItem({
  item,
  pathname,
  trees,
}: {
  item: NavNode;
  pathname: string;
  trees: ReturnType<typeof useCategoryTrees>;
}) {
  const categoryType = navCategoryType(item.href);
  const link = (
    <SmartLink
      href={item.href}
      target={item.target}
      color={item.color || undefined}
      className={itemClass(isActive(item, pathname))}
      aria-current={isActive(item, pathname) ? 'page' : undefined}
    >
      {item.title}
      {categoryType !== null || item.children.length > 0 ? (
        <ChevronDownIcon className="size-3.5 opacity-60" aria-hidden />
      ) : null}
    </SmartLink>
  );
  if (categoryType !== null) {
    return (
      <HoverPopover trigger={link} delay={CATEGORY_POPOVER_DELAY_MS} width={CATEGORY_POPOVER_WIDTH}>
        <CategoryCards categories={categoryType === 0 ? trees.documents : trees.articles} type={categoryType} />
        {item.children.length > 0 ? <SubItems items={item.children} className="mt-2 border-t pt-2" /> : null}
      </HoverPopover>
    );
  }
  if (item.children.length > 0) {
    return (
      <HoverPopover trigger={link} delay={SUBMENU_DELAY_MS} className="w-48 p-1">
        <SubItems items={item.children} />
      </HoverPopover>
    );
  }
  return <span>{link}</span>;
}

/** The 更多 list's code (the popover library) loads on the first press, not with the page (issue 17). */
const MorePopover = React.lazy(() => import('./header-more-menu'));

/**
 * 更多: the items that do not fit, with their sub-items, in a list that opens on click (or tap, or Enter). Until first
 * pressed it is a plain button of the same look; the press loads the list and shows it open.
 */
function MoreMenu({ items, pathname }: { items: NavNode[]; pathname: string }) {
  const { t } = useTranslation();
  const [wanted, setWanted] = React.useState(false);
  const active = items.some((i) => isActive(i, pathname));
  const label = (
    <>
      <EllipsisIcon className="size-4" aria-hidden />
      {t('shell.header.more')}
      <ChevronDownIcon className="size-3.5 opacity-60" aria-hidden />
    </>
  );
  const standIn = (
    <button
      type="button"
      className={itemClass(active)}
      data-testid="header-nav-more"
      aria-haspopup="dialog"
      aria-expanded={false}
      onPointerDown={(e) => {
        if (e.button === 0 && !e.ctrlKey) setWanted(true);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') {
          e.preventDefault();
          setWanted(true);
        }
      }}
    >
      {label}
    </button>
  );
  if (!wanted) return standIn;
  return (
    <React.Suspense fallback={standIn}>
      <MorePopover items={items} pathname={pathname} className={itemClass(active)} label={label} />
    </React.Suspense>
  );
}

export function SubItems({ items, className }: { items: NavNode[]; className?: string }) {
  return (
    <ul className={cn('grid gap-0.5', className)}>
      {items.map((c) => (
        <li key={c.id}>
          <SmartLink
            href={c.href}
            target={c.target}
            color={c.color || undefined}
            className="block rounded-sm px-2 py-1.5 text-sm hover:bg-accent"
          >
            {c.title}
          </SmartLink>
        </li>
      ))}
    </ul>
  );
}
