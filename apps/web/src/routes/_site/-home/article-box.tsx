import { useQuery } from '@tanstack/react-query';
import { MegaphoneIcon, NewspaperIcon } from 'lucide-react';
import * as React from 'react';
import { SmartLink } from '@/components/layout/smart-link';
import { Skeleton } from '@/components/ui/misc';
import { useNavigationTree } from '@/hooks/use-header-data';
import { useCanBrowse } from '@/hooks/use-site-access';
import { useTranslation } from '@/i18n/react';
import { dayOf } from '@/lib/dates';
import { usePaintedTimeZone } from '@/lib/render-clock';
import { useTRPC } from '@/lib/trpc';
import { cn } from '@/lib/utils';
import { HOME_INPUTS } from './home-blocks';
import { BlockError, MoreLink } from './home-parts';

type Tab = 'latest' | 'recommended';

/** The articles block's title: the navigation item that leads to /article (moredoc-facts §21.1), else 文章资讯. */
export function useArticlesTitle(): string {
  const { t } = useTranslation();
  const { items: nav } = useNavigationTree();
  return nav.find((n) => n.href === '/article')?.title || t('home.articles.title');
}

/**
 * The article box (moredoc-facts §21.1 V1 item 3): titled like the navigation item that leads to /article (default
 * 文章资讯), the 6 newest articles, and a 推荐 tab with the recommended ones when there are any.
 */
export function ArticleBox({ className }: { className?: string }) {
  const { t } = useTranslation();
  const zone = usePaintedTimeZone();
  const trpc = useTRPC();
  const enabled = useCanBrowse();
  const [tab, setTab] = React.useState<Tab>('latest');
  const latest = useQuery({ ...trpc.article.list.queryOptions(HOME_INPUTS.latestArticles), enabled });
  const recommended = useQuery({ ...trpc.article.list.queryOptions(HOME_INPUTS.recommendedArticles), enabled });
  const hasRecommended = (recommended.data?.article.length ?? 0) > 0;
  const current = tab === 'recommended' && hasRecommended ? recommended : latest;
  const title = useArticlesTitle();
  if (latest.data && latest.data.article.length === 0 && !hasRecommended) return null;
  const tabs: Tab[] = hasRecommended ? ['latest', 'recommended'] : [];
  return (
    <section
      aria-labelledby="home-articles"
      className={cn('min-w-0 rounded-xl border bg-card p-4 shadow-xs', className)}
      data-testid="home-articles"
    >
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 id="home-articles" className="flex min-w-0 items-center gap-2 font-semibold">
          <NewspaperIcon className="size-4 shrink-0 text-primary" aria-hidden />
          <span className="truncate">{title}</span>
        </h2>
        <MoreLink href="/article" />
      </div>
      {tabs.length > 0 ? (
        <div role="tablist" aria-label={title} className="mb-1 flex gap-1 border-b">
          {tabs.map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={tab === k}
              onClick={() => setTab(k)}
              className={cn(
                '-mb-px border-b-2 px-2 pb-1.5 text-sm transition-colors',
                tab === k
                  ? 'border-primary font-medium text-primary'
                  : 'border-transparent text-muted-foreground hover:text-foreground',
              )}
            >
              {t(`home.articles.${k}`)}
            </button>
          ))}
        </div>
      ) : null}
      {current.data ? (
        <ul className="divide-y" role={tabs.length > 0 ? 'tabpanel' : undefined}>
          {current.data.article.map((a) => (
            <li key={a.id} className="flex items-center gap-2 py-2 text-sm">
              {a.notice > 0 ? (
                <MegaphoneIcon
                  className="size-4 shrink-0 text-destructive"
                  role="img"
                  aria-label={t('home.notice.title')}
                />
              ) : null}
              <SmartLink
                href={`/article/${encodeURIComponent(a.identifier)}`}
                className="min-w-0 flex-1 truncate hover:text-primary"
                title={a.title}
              >
                {a.title}
              </SmartLink>
              <time dateTime={a.created_at} className="shrink-0 text-muted-foreground text-xs tabular-nums">
                {dayOf(a.created_at, zone).slice(5)}
              </time>
            </li>
          ))}
        </ul>
      ) : current.error ? (
        <BlockError error={current.error} onRetry={() => void current.refetch()} className="py-4" />
      ) : (
        <div className="grid gap-3 py-2" aria-busy>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-4" />
          ))}
        </div>
      )}
    </section>
  );
}
