import { useLocation } from '@tanstack/react-router';
import { CATEGORY_POPOVER_DELAY_MS, CATEGORY_POPOVER_WIDTH } from '@wenku/shared';
import { ChevronDownIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { HeaderCreditActions } from '@/components/credits/header-credit-actions';
import { useCategoryTrees } from '@/hooks/use-header-data';
import { cn } from '@/lib/utils';
import { CategoryCards } from './category-cards';
import { HoverPopover } from './hover-popover';
import { type NavNode, navCategoryType, navKind } from './nav';
import { SmartLink } from './smart-link';

/** Sub-menus open quicker than the category popover: they are plain lists. */
const SUBMENU_DELAY_MS = 150;

function isActive(item: NavNode, pathname: string): boolean {
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

function NavItems({ items }: { items: NavNode[] }) {
  const { t } = useTranslation();
  const pathname = useLocation({ select: (l) => l.pathname });
  const trees = useCategoryTrees();
  return (
    <nav aria-label={t('shell.header.menu')} className="flex min-w-0 items-center gap-0.5 overflow-hidden">
      {items.map((item) => {
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
            <HoverPopover key={item.id} trigger={link} delay={CATEGORY_POPOVER_DELAY_MS} width={CATEGORY_POPOVER_WIDTH}>
              <CategoryCards categories={categoryType === 0 ? trees.documents : trees.articles} type={categoryType} />
              {item.children.length > 0 ? <SubItems items={item.children} className="mt-2 border-t pt-2" /> : null}
            </HoverPopover>
          );
        }
        if (item.children.length > 0) {
          return (
            <HoverPopover key={item.id} trigger={link} delay={SUBMENU_DELAY_MS} className="w-48 p-1">
              <SubItems items={item.children} />
            </HoverPopover>
          );
        }
        return <span key={item.id}>{link}</span>;
      })}
    </nav>
  );
}

function SubItems({ items, className }: { items: NavNode[]; className?: string }) {
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
