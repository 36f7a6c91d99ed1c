import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { RefreshCwIcon, ThumbsUpIcon } from 'lucide-react';
import * as React from 'react';
import { NoticedArticleLink } from '@/components/articles/article-items';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/misc';
import { useTranslation } from '@/i18n/react';
import { errorMessage } from '@/lib/api-error';
import { useTRPC } from '@/lib/trpc';
import { cn } from '@/lib/utils';
import { nextRecommendedPage, RECOMMENDED_SIZE, recommendedInput } from './article-search';

/** 推荐文章 (moredoc-facts §21.6): eight recommended articles at a time, 换一批 for the next eight. */
export function RecommendedArticles() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const [page, setPage] = React.useState(1);
  const q = useQuery({ ...trpc.article.list.queryOptions(recommendedInput(page)), placeholderData: keepPreviousData });
  const total = q.data?.total ?? 0;

  let body: React.ReactNode;
  if (q.error && !q.data) {
    body = <p className="text-muted-foreground text-sm">{errorMessage(q.error)}</p>;
  } else if (!q.data) {
    body = (
      <div className="grid gap-3">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-5" />
        ))}
      </div>
    );
  } else if (q.data.article.length === 0) {
    body = <p className="py-4 text-center text-muted-foreground text-sm">{t('article.recommended.empty')}</p>;
  } else {
    body = (
      <ol className={cn('grid gap-2.5 transition-opacity', q.isPlaceholderData && 'opacity-60')}>
        {q.data.article.map((a, i) => (
          <li key={a.id} className="flex min-w-0 items-start gap-2 text-sm">
            <span
              className={cn(
                'mt-0.5 flex size-5 shrink-0 items-center justify-center rounded text-xs tabular-nums',
                (page - 1) * RECOMMENDED_SIZE + i < 3
                  ? 'bg-primary text-primary-foreground'
                  : 'bg-muted text-muted-foreground',
              )}
            >
              {(page - 1) * RECOMMENDED_SIZE + i + 1}
            </span>
            <NoticedArticleLink article={a} />
          </li>
        ))}
      </ol>
    );
  }

  return (
    <Card className="gap-3" data-testid="recommended-articles">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2 text-base">
          <ThumbsUpIcon className="size-4 text-primary" />
          {t('article.recommended.title')}
        </CardTitle>
        {total > RECOMMENDED_SIZE ? (
          <Button
            variant="ghost"
            size="sm"
            className="h-7 px-2 text-muted-foreground"
            onClick={() => setPage((p) => nextRecommendedPage(p, total))}
            disabled={q.isFetching}
          >
            <RefreshCwIcon className={cn(q.isFetching && 'animate-spin')} />
            {t('article.recommended.next')}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
