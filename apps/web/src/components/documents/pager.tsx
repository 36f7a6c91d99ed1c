import { useTranslation } from '@/i18n/react';
import { cn } from '@/lib/utils';
import { PageButtons, type PagerBase } from './page-buttons';

/** Page buttons of the public lists (a fixed page size: the server caps public pages). */
export function Pager({ total, page, size, onChange, className }: PagerBase & { onChange: (page: number) => void }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  return (
    <nav
      aria-label={t('documents.pager.label')}
      className={cn('flex flex-wrap items-center justify-center gap-1', className)}
    >
      <PageButtons
        current={Math.min(page, pages)}
        pages={pages}
        onChange={onChange}
        prevLabel={t('documents.pager.prev')}
        nextLabel={t('documents.pager.next')}
      />
    </nav>
  );
}

/**
 * The pager under a public list, nothing until the list's total is known; after a page change (`onChange` gets the
 * page) the window scrolls back to the top, where the list starts.
 */
export function TopPager({
  total,
  onChange,
  ...rest
}: Omit<PagerBase, 'total'> & { total: number | undefined; onChange: (page: number) => void }) {
  if (total === undefined) return null;
  return (
    <Pager
      {...rest}
      total={total}
      onChange={(page) => {
        onChange(page);
        window.scrollTo({ top: 0, behavior: 'smooth' });
      }}
    />
  );
}

/** How many documents a listing holds, once its first page is in. */
export function ListingTotal({ total }: { total: number | undefined }) {
  const { t } = useTranslation();
  if (total === undefined) return null;
  return <span className="text-muted-foreground text-sm">{t('documents.listing.total', { count: total })}</span>;
}
