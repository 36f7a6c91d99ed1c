import { MegaphoneIcon } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from '@/i18n/react';
import { cn } from '@/lib/utils';

/**
 * pro: a notice (notice > 0) carries a red speaker with the tooltip 网站公告 (moredoc-pro-facts §2.7). The bubble is
 * plain CSS, shown on hover and on keyboard focus: the reading page and the lists that carry the mark load no tooltip
 * library for it (Radix's tooltip and its positioning engine were ~30 KB gzip on the article page, issue 17).
 */
export function NoticeMark({ className }: { className?: string }) {
  const { t } = useTranslation();
  const label = t('article.notice');
  const id = React.useId();
  return (
    <span className={cn('group/notice relative inline-flex shrink-0', className)}>
      {/* A button so that keyboard users reach the tooltip too. */}
      <button
        type="button"
        aria-label={label}
        aria-describedby={id}
        className="inline-flex cursor-default rounded text-destructive outline-none focus-visible:ring-2"
        data-testid="notice-mark"
      >
        <MegaphoneIcon className="size-4" />
      </button>
      <span
        id={id}
        role="tooltip"
        className={cn(
          'pointer-events-none invisible absolute bottom-full left-0 z-50 mb-1 whitespace-nowrap rounded-md bg-foreground',
          'px-2 py-1 text-background text-xs opacity-0 shadow-md transition-opacity',
          'group-hover/notice:visible group-hover/notice:opacity-100 group-hover/notice:delay-200',
          'group-focus-within/notice:visible group-focus-within/notice:opacity-100',
        )}
      >
        {label}
      </span>
    </span>
  );
}
