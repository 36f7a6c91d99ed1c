import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { pageWindow } from './page-window';

/** Page buttons of the public lists (a fixed page size: the server caps public pages). */
export function Pager({
  total,
  page,
  size,
  onChange,
  className,
}: {
  total: number;
  page: number;
  size: number;
  onChange: (page: number) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  const current = Math.min(page, pages);
  return (
    <nav
      aria-label={t('documents.pager.label')}
      className={cn('flex flex-wrap items-center justify-center gap-1', className)}
    >
      <Button
        variant="outline"
        size="icon"
        className="size-9"
        disabled={current <= 1}
        aria-label={t('documents.pager.prev')}
        onClick={() => onChange(current - 1)}
      >
        <ChevronLeftIcon />
      </Button>
      {pageWindow(current, pages).map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} className="px-1 text-muted-foreground">
            …
          </span>
        ) : (
          <Button
            key={p}
            variant={p === current ? 'default' : 'ghost'}
            size="sm"
            className="h-9 min-w-9 px-2"
            aria-current={p === current ? 'page' : undefined}
            onClick={() => onChange(p)}
          >
            {p}
          </Button>
        ),
      )}
      <Button
        variant="outline"
        size="icon"
        className="size-9"
        disabled={current >= pages}
        aria-label={t('documents.pager.next')}
        onClick={() => onChange(current + 1)}
      >
        <ChevronRightIcon />
      </Button>
    </nav>
  );
}
