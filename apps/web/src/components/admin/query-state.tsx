import { CircleAlertIcon, InboxIcon, LoaderCircleIcon, RefreshCwIcon } from 'lucide-react';
import type * as React from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useTranslation } from '@/i18n/react';
import { errorMessage } from '@/lib/api-error';
import { cn } from '@/lib/utils';

/** The error state of a page or block: the server's message (spec §8) and a retry button. */
export function QueryError({
  error,
  onRetry,
  className,
}: {
  error: unknown;
  onRetry?: () => void;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className={cn('flex flex-col items-center justify-center gap-3 px-4 py-10 text-center text-sm', className)}
    >
      <CircleAlertIcon className="size-8 text-destructive" />
      <p className="max-w-md text-muted-foreground">{errorMessage(error)}</p>
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RefreshCwIcon />
          {t('retry')}
        </Button>
      ) : null}
    </div>
  );
}

/** The error state of a page's query in a card of its own, retrying the query. */
export function QueryErrorCard({ query }: { query: { error: unknown; refetch: () => unknown } }) {
  return (
    <Card>
      <QueryError error={query.error} onRetry={() => void query.refetch()} />
    </Card>
  );
}

/** The empty state of a list or block. */
export function EmptyState({ children, className }: { children?: React.ReactNode; className?: string }) {
  const { t } = useTranslation();
  return (
    <div
      className={cn('flex flex-col items-center justify-center gap-2 py-10 text-muted-foreground text-sm', className)}
    >
      <InboxIcon className="size-8 opacity-60" />
      <p>{children ?? t('empty')}</p>
    </div>
  );
}

/** A centred spinner for blocks that are not tables (tables show skeleton rows instead). */
export function Loading({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <div className={cn('flex items-center justify-center gap-2 py-10 text-muted-foreground text-sm', className)}>
      <LoaderCircleIcon className="size-4 animate-spin" />
      {t('loading')}
    </div>
  );
}

/** Loading, error or the content, for a block fed by one query. */
export function QueryBlock<T>({
  query,
  children,
  loading,
}: {
  query: { data: T | undefined; error: unknown; isPending: boolean; refetch: () => unknown };
  children: (data: T) => React.ReactNode;
  loading?: React.ReactNode;
}) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.error) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  return <>{loading ?? <Loading />}</>;
}
