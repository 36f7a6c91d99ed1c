import { ChevronRightIcon, CircleAlertIcon, RefreshCwIcon } from 'lucide-react';
import type * as React from 'react';
import { type CoverLoading, coverLoading } from '@/components/documents/document-cover';
import { DocumentCoverOf, DocumentLink } from '@/components/documents/document-link';
import { FileKindIcon } from '@/components/documents/file-kind-icon';
import { SmartLink } from '@/components/layout/smart-link';
import { Button } from '@/components/ui/button';
import { Skeleton, SkeletonRow } from '@/components/ui/misc';
import { useTranslation } from '@/i18n/react';
import { errorMessage } from '@/lib/api-error';
import { cn } from '@/lib/utils';
import type { CoverDocument } from './home-blocks';

/**
 * A block of the home page: a heading with an optional icon and subtitle, figures or a "更多" link (or `moreLabel`)
 * on the right, then content.
 */
export function HomeSection({
  id,
  title,
  icon,
  subtitle,
  moreHref,
  moreLabel,
  aside,
  children,
  className,
  ...rest
}: {
  id: string;
  title: React.ReactNode;
  icon?: React.ReactNode;
  subtitle?: React.ReactNode;
  moreHref?: string;
  moreLabel?: string;
  aside?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
  'data-testid'?: string;
}) {
  return (
    <section aria-labelledby={id} className={cn('min-w-0', className)} {...rest}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <div className="flex min-w-0 flex-wrap items-baseline gap-x-3 gap-y-0.5">
          <h2 id={id} className="flex min-w-0 items-center gap-2 font-semibold text-lg">
            {icon ? <span className="text-primary [&_svg]:size-5">{icon}</span> : null}
            <span className="truncate">{title}</span>
          </h2>
          {subtitle ? <p className="text-muted-foreground text-sm">{subtitle}</p> : null}
        </div>
        <div className="flex items-center gap-3">
          {aside}
          {moreHref ? <MoreLink href={moreHref} label={moreLabel} /> : null}
        </div>
      </div>
      {children}
    </section>
  );
}

/** A card of the home page's side column (V2): a small heading with an icon, then content. */
export function SideCard({
  id,
  title,
  icon,
  children,
  className,
  ...rest
}: {
  id: string;
  title: React.ReactNode;
  icon: React.ReactNode;
  children: React.ReactNode;
  className?: string;
  'data-testid'?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn('min-w-0 rounded-xl border bg-card p-4 shadow-xs', className)}
      {...rest}
    >
      <h2 id={id} className="mb-3 flex items-center gap-2 font-semibold">
        <span className="text-primary [&_svg]:size-4">{icon}</span>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The "更多" link of a block (`label` for V2's "查看更多"). */
export function MoreLink({ href, label, className }: { href: string; label?: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <SmartLink
      href={href}
      className={cn(
        'inline-flex shrink-0 items-center text-muted-foreground text-sm transition-colors hover:text-primary',
        className,
      )}
    >
      {label ?? t('home.more')}
      <ChevronRightIcon className="size-4" aria-hidden />
    </SmartLink>
  );
}

/** A failed block: the server's message and a retry, without taking the rest of the page down. */
export function BlockError({ error, onRetry, className }: { error: unknown; onRetry: () => void; className?: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-wrap items-center justify-center gap-x-3 gap-y-2 rounded-xl border border-dashed px-4 py-6 text-center text-muted-foreground text-sm',
        className,
      )}
    >
      <CircleAlertIcon className="size-4 shrink-0 text-destructive" aria-hidden />
      <span>{t('home.loadFailed', { message: errorMessage(error) })}</span>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RefreshCwIcon />
        {t('home.retry')}
      </Button>
    </div>
  );
}

/** A document as a cover with its title, file kind and pages; links to /document/{uuid}. */
export function DocumentCoverCard({
  doc,
  className,
  loading,
}: {
  doc: CoverDocument;
  className?: string;
  loading?: CoverLoading;
}) {
  const { t } = useTranslation();
  return (
    <DocumentLink doc={doc} className={cn('group flex min-w-0 flex-col gap-1.5', className)}>
      <DocumentCoverOf
        doc={doc}
        loading={loading}
        className="rounded-lg border shadow-xs transition-all group-hover:-translate-y-0.5 group-hover:border-primary/40 group-hover:shadow-md"
      />
      <span className="line-clamp-2 text-sm leading-5 group-hover:text-primary">
        <FileKindIcon ext={doc.ext} className="mr-1 inline size-4 align-[-3px]" />
        {doc.title}
      </span>
      <span className="text-muted-foreground text-xs">{t('home.pages', { count: doc.pages })}</span>
    </DocumentLink>
  );
}

/** Placeholder covers while a grid of documents loads. */
export function CoverGridSkeleton({ count, className }: { count: number; className?: string }) {
  return (
    <ul className={className} aria-busy>
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="grid gap-1.5">
          <Skeleton className="aspect-[210/297] w-full rounded-lg" />
          <Skeleton className="h-4 w-4/5" />
          <Skeleton className="h-3 w-1/3" />
        </li>
      ))}
    </ul>
  );
}

/** Placeholder rows of small covers beside a title while a list of documents loads. */
export function RowListSkeleton({ count, className }: { count: number; className?: string }) {
  return (
    <div className={cn('grid gap-3', className)} aria-busy>
      {Array.from({ length: count }, (_, i) => (
        <SkeletonRow
          key={i}
          lead="aspect-[210/297] w-10 shrink-0 rounded-md"
          lines={['h-4', 'h-3 w-1/3']}
          linesClassName="content-start"
        />
      ))}
    </div>
  );
}

/** Three covers a row on a phone (the first six there), four on a tablet, six on a desktop. */
const COVER_ROW_GRID =
  'grid grid-cols-3 gap-x-3 gap-y-4 sm:grid-cols-4 lg:grid-cols-6 max-sm:[&>li:nth-child(n+7)]:hidden';

/**
 * A home block's row of covers from a document list query: the covers, its error with a retry, or placeholders.
 * `firstScreen`: the block may be on the first screen, its first row of covers is fetched eagerly.
 */
export function CoverRow({
  query,
  testId,
  firstScreen = false,
}: {
  query: { data?: { document: CoverDocument[] }; error: unknown; refetch: () => unknown };
  testId?: string;
  firstScreen?: boolean;
}) {
  if (query.data)
    return (
      <ul className={COVER_ROW_GRID} data-testid={testId}>
        {query.data.document.map((d, i) => (
          <li key={d.id} className="min-w-0">
            <DocumentCoverCard doc={d} loading={firstScreen ? coverLoading(i, false) : undefined} />
          </li>
        ))}
      </ul>
    );
  if (query.error) return <BlockError error={query.error} onRetry={() => void query.refetch()} />;
  return <CoverGridSkeleton count={12} className={COVER_ROW_GRID} />;
}
