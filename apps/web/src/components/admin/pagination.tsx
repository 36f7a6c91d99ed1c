import { PageButtons, type PagerBase } from '@/components/documents/page-buttons';
import { pageWindow } from '@/components/documents/page-window';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useTranslation } from '@/i18n/react';
import { cn } from '@/lib/utils';
// Kept in list-search.ts, which the route definitions import: this module brings the select menu with it.
import { PAGE_SIZES } from './list-search';

export { PAGE_SIZES, pageWindow };

/** Server-side pagination: total, page size and page buttons (moredoc's page/size parameters). */
export function Pagination({
  total,
  page,
  size,
  onChange,
  className,
}: PagerBase & { onChange: (page: number, size: number) => void }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / size));
  const current = Math.min(page, pages);
  return (
    <nav
      aria-label={t('admin.table.pagination')}
      className={cn('flex flex-wrap items-center justify-end gap-2 text-sm', className)}
    >
      <span className="text-muted-foreground">{t('total', { count: total })}</span>
      <Select value={String(size)} onValueChange={(v) => onChange(1, Number(v))}>
        <SelectTrigger className="h-8 w-28" aria-label={t('admin.table.pageSize')}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {PAGE_SIZES.map((s) => (
            <SelectItem key={s} value={String(s)}>
              {t('admin.table.perPage', { count: s })}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <div className="flex items-center gap-1">
        <PageButtons
          current={current}
          pages={pages}
          onChange={(p) => onChange(p, size)}
          prevLabel={t('admin.table.prev')}
          nextLabel={t('admin.table.next')}
          compact
        />
      </div>
    </nav>
  );
}
