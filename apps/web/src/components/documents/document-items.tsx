import { Link } from '@tanstack/react-router';
import type { DocumentDTO } from '@wenku/shared';
import { CrownIcon, EyeIcon, FileStackIcon } from 'lucide-react';
import { Badge } from '@/components/ui/misc';
import { useTranslation } from '@/i18n/react';
import { cn } from '@/lib/utils';
import { type CoverLoading, DocumentCover } from './document-cover';
import { FileKindIcon } from './file-kind-icon';
import { formatBytes, useRelativeTime } from './format';
import { stars } from './listing';
import { Stars } from './star-rating';
import { useVipEnabled } from './use-document-data';

type ItemDoc = Pick<
  DocumentDTO,
  | 'id'
  | 'uuid'
  | 'title'
  | 'ext'
  | 'cover'
  | 'pages'
  | 'price'
  | 'size'
  | 'view_count'
  | 'score'
  | 'score_count'
  | 'description'
  | 'created_at'
  | 'recommend_at'
> &
  Partial<Pick<DocumentDTO, 'is_vip'>>;

const linkParams = (doc: ItemDoc) => ({ id: doc.uuid || String(doc.id) });

/** The price of a document: 免费 or `{price} {credit}`. */
export function PriceTag({ price, creditName, className }: { price: number; creditName: string; className?: string }) {
  const { t } = useTranslation();
  return price > 0 ? (
    <span className={cn('font-medium text-amber-700 dark:text-amber-400', className)}>
      {t('documents.price.credits', { price, name: creditName })}
    </span>
  ) : (
    <span className={cn('font-medium text-success', className)}>{t('documents.price.free')}</span>
  );
}

/** A document in the card grid: cover, title, pages, price and views; `loading` its cover's (lazy by default). */
export function DocumentCard({
  doc,
  creditName,
  loading,
}: {
  doc: ItemDoc;
  creditName: string;
  loading?: CoverLoading;
}) {
  const { t } = useTranslation();
  return (
    <Link
      to="/document/$id"
      params={linkParams(doc)}
      className="group flex flex-col overflow-hidden rounded-xl border bg-card shadow-xs transition-all hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md"
    >
      <div className="relative border-b">
        <DocumentCover cover={doc.cover} ext={doc.ext} title={doc.title} isVip={doc.is_vip} loading={loading} />
        {doc.recommend_at ? (
          <Badge variant="warning" className="absolute top-2 left-2 bg-amber-100 dark:bg-amber-900">
            {t('documents.recommended')}
          </Badge>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <h3 className="line-clamp-2 min-h-10 font-medium text-sm leading-5 group-hover:text-primary" title={doc.title}>
          <FileKindIcon ext={doc.ext} className="mr-1 inline size-4 align-[-3px]" />
          {doc.title}
        </h3>
        <div className="mt-auto flex items-center justify-between gap-2 text-muted-foreground text-xs">
          <span className="inline-flex items-center gap-1">
            <FileStackIcon className="size-3.5" />
            {t('documents.meta.pages', { count: doc.pages })}
          </span>
          {doc.view_count > 0 ? (
            <span className="inline-flex items-center gap-1">
              <EyeIcon className="size-3.5" />
              {doc.view_count}
            </span>
          ) : null}
          <PriceTag price={doc.price} creditName={creditName} />
        </div>
      </div>
    </Link>
  );
}

/** A document in the list view: icon, title, `{price} | N 页 | size | relative time`, stars, summary. */
export function DocumentListItem({ doc, creditName }: { doc: ItemDoc; creditName: string }) {
  const { t } = useTranslation();
  const ago = useRelativeTime();
  const vipEnabled = useVipEnabled();
  return (
    <article className="flex gap-3 py-4">
      <FileKindIcon ext={doc.ext} className="mt-0.5 size-6" />
      <div className="min-w-0 flex-1">
        <h3 className="font-medium leading-6">
          <Link to="/document/$id" params={linkParams(doc)} className="hover:text-primary hover:underline">
            {doc.title}
          </Link>
          {doc.is_vip && vipEnabled ? (
            <Badge variant="warning" className="ml-2 align-middle" title={t('documents.vip.document')}>
              <CrownIcon aria-hidden />
              {t('documents.vip.badge')}
            </Badge>
          ) : null}
          {doc.recommend_at ? (
            <Badge variant="warning" className="ml-2 align-middle">
              {t('documents.recommended')}
            </Badge>
          ) : null}
        </h3>
        <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-muted-foreground text-xs">
          <PriceTag price={doc.price} creditName={creditName} />
          <span aria-hidden>|</span>
          <span>{t('documents.meta.pages', { count: doc.pages })}</span>
          <span aria-hidden>|</span>
          <span>{formatBytes(doc.size)}</span>
          <span aria-hidden>|</span>
          <time dateTime={doc.created_at}>{ago(doc.created_at)}</time>
          {doc.score_count > 0 ? <Stars value={stars(doc.score)} className="ml-1" size={12} /> : null}
        </p>
        {doc.description ? (
          <p className="mt-1.5 line-clamp-2 text-muted-foreground text-sm">{doc.description}</p>
        ) : null}
      </div>
    </article>
  );
}

/** Placeholder of the card grid while a page loads. */
export function DocumentGridSkeleton({ count = 10 }: { count?: number }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5" aria-busy>
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="overflow-hidden rounded-xl border">
          <div className="aspect-[210/297] animate-pulse bg-accent" />
          <div className="grid gap-2 p-3">
            <div className="h-4 animate-pulse rounded bg-accent" />
            <div className="h-3 w-2/3 animate-pulse rounded bg-accent" />
          </div>
        </li>
      ))}
    </ul>
  );
}
