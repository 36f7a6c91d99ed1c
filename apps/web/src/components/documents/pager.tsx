import { useTranslation } from 'react-i18next';
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
