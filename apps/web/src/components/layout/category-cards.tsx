import { FolderIcon } from 'lucide-react';
import { useTranslation } from '@/i18n/react';
import { cn } from '@/lib/utils';
import { type CategoryNode, categoryHref } from './nav';
import { SmartLink } from './smart-link';

/** A category's icon at the given size, or a folder when none is set (spec §2: 20px icon in the popover). */
export function CategoryIcon({ category, size = 20 }: { category: CategoryNode; size?: number }) {
  if (category.icon) {
    return <img src={category.icon} alt="" width={size} height={size} className="shrink-0 rounded-sm object-contain" />;
  }
  return <FolderIcon className="shrink-0 text-primary" style={{ width: size, height: size }} aria-hidden />;
}

/** The links to a category's sub-categories (the first `max` of them), beside one another. */
export function ChildCategoryLinks({
  category,
  type,
  max,
  onNavigate,
  className,
  linkClassName,
}: {
  category: CategoryNode;
  type: 0 | 1;
  max?: number;
  onNavigate?: () => void;
  className?: string;
  linkClassName?: string;
}) {
  if (category.children.length === 0) return null;
  return (
    <div className={cn('flex flex-wrap gap-x-3 gap-y-1', className)}>
      {category.children.slice(0, max).map((child) => (
        <SmartLink
          key={child.id}
          href={categoryHref(type, child.id)}
          onNavigate={onNavigate}
          className={cn('text-muted-foreground hover:text-primary', linkClassName)}
        >
          {child.title}
        </SmartLink>
      ))}
    </div>
  );
}

/**
 * Category cards of the header popover (spec §2: 20px icon, title, enabled sub-categories). `onNavigate` closes
 * the surrounding popover or drawer.
 */
export function CategoryCards({
  categories,
  type,
  onNavigate,
  className,
}: {
  categories: CategoryNode[];
  type: 0 | 1;
  onNavigate?: () => void;
  className?: string;
}) {
  const { t } = useTranslation();
  if (categories.length === 0) {
    return <p className="px-2 py-6 text-center text-muted-foreground text-sm">{t('shell.home.noCategories')}</p>;
  }
  return (
    <ul className={cn('grid grid-cols-2 gap-2', className)}>
      {categories.map((c) => (
        <li key={c.id} className="rounded-lg p-2 transition-colors hover:bg-accent/60">
          <SmartLink
            href={categoryHref(type, c.id)}
            onNavigate={onNavigate}
            className="flex items-center gap-2 font-medium text-sm hover:text-primary"
          >
            <CategoryIcon category={c} />
            <span className="truncate">{c.title}</span>
          </SmartLink>
          <ChildCategoryLinks
            category={c}
            type={type}
            onNavigate={onNavigate}
            className="mt-1.5 pl-7"
            linkClassName="text-xs"
          />
        </li>
      ))}
    </ul>
  );
}
