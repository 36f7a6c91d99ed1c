import { useQuery } from '@tanstack/react-query';
import { CalendarIcon, ChevronRightIcon, EyeIcon, NewspaperIcon, UserIcon } from 'lucide-react';
import { SmartLink } from '@/components/layout/smart-link';
import { Skeleton } from '@/components/ui/misc';
import { useCanBrowse } from '@/hooks/use-site-access';
import { useTranslation } from '@/i18n/react';
import { dayOf } from '@/lib/dates';
import { useTRPC } from '@/lib/trpc';
import { useArticlesTitle } from './article-box';
import { HOME_INPUTS } from './home-blocks';
import { BlockError, HomeSection } from './home-parts';

/**
 * The newest six articles of V2 (moredoc-facts §21.1), titled like the navigation item that leads to /article, with
 * date, views, excerpt and author, and "查看更多". Hidden when there are none.
 */
export function LatestArticles() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const title = useArticlesTitle();
  const q = useQuery({ ...trpc.article.list.queryOptions(HOME_INPUTS.latestArticles), enabled: useCanBrowse() });
  if (q.data && q.data.article.length === 0) return null;
  return (
    <HomeSection
      id="home-latest-articles"
      title={title}
      icon={<NewspaperIcon />}
      moreHref="/article"
      moreLabel={t('home.v2.viewMore')}
      data-testid="home-latest-articles"
    >
      <div className="rounded-xl border bg-card shadow-xs">
        {q.data ? (
          <ul className="divide-y">
            {q.data.article.map((a) => (
              <li key={a.id}>
                <SmartLink
                  href={`/article/${encodeURIComponent(a.identifier)}`}
                  className="group grid gap-1 px-4 py-3 transition-colors hover:bg-accent/40"
                >
                  <span className="truncate font-medium group-hover:text-primary" title={a.title}>
                    {a.title}
                  </span>
                  {a.description ? (
                    <span className="line-clamp-2 text-muted-foreground text-sm">{a.description}</span>
                  ) : null}
                  <span className="flex flex-wrap items-center gap-x-4 gap-y-1 text-muted-foreground text-xs">
                    <span className="inline-flex min-w-0 items-center gap-1">
                      <UserIcon className="size-3.5 shrink-0" aria-hidden />
                      <span className="max-w-32 truncate">{a.user?.username || t('home.v2.anonymous')}</span>
                    </span>
                    <time dateTime={a.created_at} className="inline-flex items-center gap-1 tabular-nums">
                      <CalendarIcon className="size-3.5" aria-hidden />
                      {dayOf(a.created_at)}
                    </time>
                    <span className="inline-flex items-center gap-1 tabular-nums" title={t('home.v2.views')}>
                      <EyeIcon className="size-3.5" aria-hidden />
                      <span className="sr-only">{t('home.v2.views')}</span>
                      {a.view_count}
                    </span>
                    <span className="ml-auto hidden items-center text-primary sm:inline-flex">
                      {t('home.v2.readMore')}
                      <ChevronRightIcon className="size-3.5" aria-hidden />
                    </span>
                  </span>
                </SmartLink>
              </li>
            ))}
          </ul>
        ) : q.error ? (
          <BlockError error={q.error} onRetry={() => void q.refetch()} className="border-0" />
        ) : (
          <div className="grid gap-4 p-4" aria-busy>
            {Array.from({ length: 4 }, (_, i) => (
              <div key={i} className="grid gap-2">
                <Skeleton className="h-4 w-3/4" />
                <Skeleton className="h-3 w-1/3" />
              </div>
            ))}
          </div>
        )}
      </div>
    </HomeSection>
  );
}
