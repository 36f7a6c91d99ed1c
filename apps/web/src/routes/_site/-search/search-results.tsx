import { Link } from '@tanstack/react-router';
import type { SearchResultItem } from '@wenku/shared';
import { NewspaperIcon, SearchXIcon } from 'lucide-react';
import { PriceTag } from '@/components/documents/document-items';
import { FileKindIcon } from '@/components/documents/file-kind-icon';
import { formatBytes, useRelativeTime } from '@/components/documents/format';
import { stars } from '@/components/documents/listing';
import { Stars } from '@/components/documents/star-rating';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Badge, SkeletonRow } from '@/components/ui/misc';
import { useTranslation } from '@/i18n/react';
import { cn } from '@/lib/utils';
import { markOnlyHtml, plainText } from './search-facets';

/** The server's `<mark>`s in red, without a background box (pro-facts §2.7). */
const MARKS = '[&_mark]:bg-transparent [&_mark]:text-red-600 dark:[&_mark]:text-red-400';

function Highlighted({ html, className }: { html: string; className?: string }) {
  return (
    <span
      className={cn(MARKS, className)}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server escapes the text and adds only <mark>; markOnlyHtml escapes any other tag.
      dangerouslySetInnerHTML={{ __html: markOnlyHtml(html) }}
    />
  );
}

/**
 * One result (moredoc-facts §21.5): title link, snippet, `{price} | N 页 | size | relative time | uploader`, stars.
 * Articles (doc_type 1) link to /article/{identifier}.
 */
export function SearchResult({
  item,
  creditName,
  showType,
}: {
  item: SearchResultItem;
  creditName: string;
  showType: boolean;
}) {
  const { t } = useTranslation();
  const ago = useRelativeTime();
  const article = item.doc_type === 1;
  const title = plainText(item.title);
  const titleClass = 'hover:underline decoration-primary/40 underline-offset-2';
  return (
    <article className="flex min-w-0 gap-3 py-4" data-testid="search-result">
      {article ? (
        <NewspaperIcon aria-hidden className="mt-0.5 size-6 shrink-0 text-primary" />
      ) : (
        <FileKindIcon ext={item.ext} className="mt-0.5 size-6" />
      )}
      <div className="min-w-0 flex-1">
        <h3 className="break-words font-medium text-base text-primary leading-6">
          {article ? (
            <Link to="/article/$id" params={{ id: item.identifier }} className={titleClass} title={title}>
              <Highlighted html={item.title} />
            </Link>
          ) : (
            <Link
              to="/document/$id"
              params={{ id: item.identifier || item.uuid || String(item.id) }}
              className={titleClass}
              title={title}
            >
              <Highlighted html={item.title} />
            </Link>
          )}
          {article && showType ? (
            <Badge variant="secondary" className="ml-2 align-middle">
              {t('search.article')}
            </Badge>
          ) : null}
        </h3>
        {item.description ? (
          <p className="mt-1 line-clamp-3 break-words text-muted-foreground text-sm leading-6">
            <Highlighted html={item.description} />
          </p>
        ) : null}
        <p className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-muted-foreground text-xs">
          {article ? (
            <span>{t('search.views', { count: item.view_count })}</span>
          ) : (
            <>
              <PriceTag price={item.price} creditName={creditName} />
              <span aria-hidden>|</span>
              <span>{t('documents.meta.pages', { count: item.pages })}</span>
              <span aria-hidden>|</span>
              <span>{formatBytes(item.size)}</span>
            </>
          )}
          <span aria-hidden>|</span>
          <time dateTime={item.created_at}>{ago(item.created_at)}</time>
          {item.username && item.user_id > 0 ? (
            <>
              <span aria-hidden>|</span>
              <Link
                to="/user/$id"
                params={{ id: String(item.user_id) }}
                className="max-w-40 truncate hover:text-primary"
                title={t('search.uploader')}
              >
                {item.username}
              </Link>
            </>
          ) : null}
          {!article && item.score > 0 ? <Stars value={stars(item.score)} className="ml-1" size={12} /> : null}
        </p>
      </div>
    </article>
  );
}

/** Placeholder rows while the first page of results loads. */
export function SearchResultsSkeleton({ count = 5 }: { count?: number }) {
  return (
    <Card className="gap-0 px-4 py-0 sm:px-5" aria-busy>
      {Array.from({ length: count }, (_, i) => (
        <SkeletonRow
          key={i}
          className="border-b py-4 last:border-b-0"
          lead="size-6 shrink-0"
          lines={['h-5 w-3/4', 'h-4 w-full', 'h-4 w-2/3', 'h-3 w-1/2']}
        />
      ))}
    </Card>
  );
}

/** 很遗憾，未能检索到相关结果, with ways on: clear the filters, search every type. */
export function SearchEmpty({
  onClearFilters,
  onSearchAll,
}: {
  onClearFilters?: () => void;
  onSearchAll?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Card className="items-center gap-3 px-4 py-12 text-center" data-testid="search-empty">
      <SearchXIcon className="size-10 text-muted-foreground/60" />
      <p className="font-medium">{t('search.empty.title')}</p>
      <div className="text-left text-muted-foreground text-sm">
        <p>{t('search.empty.tips')}</p>
        <ul className="mt-1 list-disc pl-5">
          <li>{t('search.empty.spelling')}</li>
          <li>{t('search.empty.general')}</li>
        </ul>
      </div>
      {onClearFilters || onSearchAll ? (
        <div className="flex flex-wrap justify-center gap-2">
          {onClearFilters ? (
            <Button variant="outline" size="sm" onClick={onClearFilters}>
              {t('search.empty.clearFilters')}
            </Button>
          ) : null}
          {onSearchAll ? (
            <Button variant="outline" size="sm" onClick={onSearchAll}>
              {t('search.empty.searchAll')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
