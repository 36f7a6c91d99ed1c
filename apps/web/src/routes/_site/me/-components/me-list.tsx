import type * as React from 'react';
import { QueryError } from '@/components/admin/query-state';
import { Pager } from '@/components/documents/pager';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/misc';
import { cn } from '@/lib/utils';

/** Rows a page of a member's own list (/me pages). */
export const ME_PAGE_SIZE = 20;

/**
 * The card of a member's list: its title, with `actions` (tabs, a button) on its right, over the list; `after` is
 * drawn after the list inside the card (its dialogs).
 */
export function MeListCard({
  title,
  actions,
  after,
  children,
}: {
  title: React.ReactNode;
  actions?: React.ReactNode;
  after?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader
        className={actions === undefined ? undefined : 'flex-row flex-wrap items-center justify-between gap-3'}
      >
        <CardTitle className="text-lg">{title}</CardTitle>
        {actions}
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
      {after}
    </Card>
  );
}

/**
 * The body of a member's list: the server's error (with a retry) when nothing was loaded, skeleton rows while `rows`
 * is undefined, the empty state, or the rows.
 */
export function MeListBody<T>({
  query,
  rows,
  skeleton,
  empty,
  children,
}: {
  query: { data?: unknown; error: unknown; refetch: () => unknown };
  /** Undefined until the page to show has arrived. */
  rows: readonly T[] | undefined;
  skeleton: { count: number; className: string };
  empty: React.ReactNode;
  children: (rows: readonly T[]) => React.ReactNode;
}) {
  if (query.error && !query.data) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (!rows) {
    return (
      <div className="grid gap-3" aria-busy>
        {Array.from({ length: skeleton.count }, (_, i) => (
          <Skeleton key={i} className={skeleton.className} />
        ))}
      </div>
    );
  }
  return rows.length === 0 ? empty : children(rows);
}

/** The empty state of a member's list: an icon, what is missing and where to go next. */
export function MeListEmpty({
  icon,
  className,
  testId,
  children,
}: {
  icon: React.ReactNode;
  className?: string;
  testId?: string;
  children: React.ReactNode;
}) {
  return (
    <div
      className={cn('flex flex-col items-center gap-2 py-12 text-muted-foreground text-sm', className)}
      data-testid={testId}
    >
      {icon}
      {children}
    </div>
  );
}

/** The pager under a member's list, once its first page is in. */
export function MePager({
  total,
  page,
  onChange,
}: {
  total: number | undefined;
  page: number;
  onChange: (page: number) => void;
}) {
  return total === undefined ? null : <Pager total={total} page={page} size={ME_PAGE_SIZE} onChange={onChange} />;
}
