import { Link } from '@tanstack/react-router';
import { type ArticleDTO, ArticleStatus } from '@wenku/shared';
import { EyeIcon } from 'lucide-react';
import { useRelativeTime } from '@/components/documents/format';
import { Avatar } from '@/components/ui/avatar';
import { Badge, Skeleton } from '@/components/ui/misc';
import { useTranslation } from '@/i18n/react';
import { formatDateTime } from '@/lib/dates';
import { usePaintedTimeZone } from '@/lib/render-clock';
import { NoticeMark } from './notice-mark';

export { NoticeMark };

/** An article's title in a side list: the notice mark first when it is a notice, then the link to the article. */
export function NoticedArticleLink({ article }: { article: { identifier: string; title: string; notice: number } }) {
  return (
    <>
      {article.notice > 0 ? <NoticeMark className="mt-0.5" /> : null}
      <Link
        to="/article/$id"
        params={{ id: article.identifier }}
        className="line-clamp-2 min-w-0 break-words leading-6 hover:text-primary"
        title={article.title}
      >
        {article.title}
      </Link>
    </>
  );
}

const STATUS_VARIANT: Record<number, 'warning' | 'success' | 'destructive'> = {
  [ArticleStatus.Pending]: 'warning',
  [ArticleStatus.Approved]: 'success',
  [ArticleStatus.Rejected]: 'destructive',
};

/** An article's review status (0 待审核, 1 已通过, 2 已拒绝) as a coloured badge. */
export function ArticleStatusBadge({ status, className }: { status: number; className?: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant={STATUS_VARIANT[status] ?? 'outline'} className={className} data-status={status}>
      {t(`article.status.${status}`, { defaultValue: String(status) })}
    </Badge>
  );
}

/**
 * One article of a list (moredoc's ArticleList): title with the notice mark, description, author, time and views,
 * and the cover on the right when there is one.
 */
export function ArticleListItem({ article, showAuthor = true }: { article: ArticleDTO; showAuthor?: boolean }) {
  const { t } = useTranslation();
  const ago = useRelativeTime();
  const zone = usePaintedTimeZone();
  const params = { id: article.identifier };
  const author = article.user;
  return (
    <li className="flex gap-3 py-4 sm:gap-4" data-testid="article-item">
      <div className="grid min-w-0 flex-1 content-start gap-1.5">
        <h3 className="flex items-start gap-1.5 font-medium text-base leading-6">
          {article.notice > 0 ? <NoticeMark className="mt-1" /> : null}
          <Link
            to="/article/$id"
            params={params}
            className="line-clamp-2 min-w-0 break-words hover:text-primary"
            title={article.title}
          >
            {article.title}
          </Link>
        </h3>
        {article.description ? (
          <p className="line-clamp-2 break-words text-muted-foreground text-sm leading-6">{article.description}</p>
        ) : null}
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground text-xs">
          {showAuthor && author ? (
            <Link
              to="/user/$id"
              params={{ id: String(author.id) }}
              className="inline-flex min-w-0 items-center gap-1.5 hover:text-primary"
            >
              <Avatar src={author.avatar || undefined} name={author.username} size={20} />
              <span className="max-w-32 truncate">{author.username}</span>
            </Link>
          ) : null}
          <time dateTime={article.created_at} title={formatDateTime(article.created_at, zone)}>
            {ago(article.created_at)}
          </time>
          <span
            className="inline-flex items-center gap-1"
            title={t('article.meta.views', { count: article.view_count })}
          >
            <EyeIcon className="size-3.5" />
            <span className="tabular-nums">{article.view_count}</span>
          </span>
        </p>
      </div>
      {article.cover ? (
        <Link to="/article/$id" params={params} className="shrink-0 self-start" tabIndex={-1} aria-hidden>
          <img
            src={article.cover}
            alt=""
            loading="lazy"
            className="h-16 w-24 rounded-md border object-cover sm:h-24 sm:w-36"
          />
        </Link>
      ) : null}
    </li>
  );
}

/** Loading state of an article list. */
export function ArticleListSkeleton({ count = 5 }: { count?: number }) {
  return (
    <ul className="divide-y" aria-busy>
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="flex gap-4 py-4">
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-3 w-40" />
          </div>
          <Skeleton className="h-16 w-24 sm:h-24 sm:w-36" />
        </li>
      ))}
    </ul>
  );
}
