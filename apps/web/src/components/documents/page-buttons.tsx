import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { pageWindow } from './page-window';

/** What a pager is given: the list's total, the current page and the page size. */
export interface PagerBase {
  total: number;
  page: number;
  size: number;
  className?: string;
}

/**
 * Previous, the page numbers around the current one (gaps as …) and next: the buttons of the public pager and of the
 * back office's pagination, which wraps them with its total and page size.
 */
export function PageButtons({
  current,
  pages,
  onChange,
  prevLabel,
  nextLabel,
  compact,
}: {
  current: number;
  pages: number;
  onChange: (page: number) => void;
  prevLabel: string;
  nextLabel: string;
  /** Smaller buttons (the back office's tables). */
  compact?: boolean;
}) {
  const square = compact ? 'size-8' : 'size-9';
  const wide = compact ? 'h-8 min-w-8 px-2' : 'h-9 min-w-9 px-2';
  return (
    <>
      <Button
        variant="outline"
        size="icon"
        className={square}
        disabled={current <= 1}
        aria-label={prevLabel}
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
            className={wide}
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
        className={square}
        disabled={current >= pages}
        aria-label={nextLabel}
        onClick={() => onChange(current + 1)}
      >
        <ChevronRightIcon />
      </Button>
    </>
  );
}
