import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ActivityIcon } from 'lucide-react';
import * as React from 'react';
import { useRelativeTime } from '@/components/documents/format';
import { Pager } from '@/components/documents/pager';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/misc';
import { useTranslation } from '@/i18n/areas/interaction';
import { errorMessage } from '@/lib/api-error';
import { useTRPC } from '@/lib/trpc';
import { parseFeedHtml } from './feed-text';

const SIZE = 10;

/**
 * 我的动态 (moredoc-facts §14): the caller's own feed, or with `userId` another member's public lines (their uploads).
 */
export function ActivityFeed({ userId, title }: { userId?: number; title?: string }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const [page, setPage] = React.useState(1);
  const feed = useQuery(trpc.dynamic.list.queryOptions({ page, size: SIZE, ...(userId ? { user_id: userId } : {}) }));
  // Lines are worded by the server in the language the request asks for: switching language reads them again.
  const language = React.useRef(i18n.language);
  const { refetch } = feed;
  React.useEffect(() => {
    if (language.current === i18n.language) return;
    language.current = i18n.language;
    void refetch();
  }, [i18n.language, refetch]);
  const relative = useRelativeTime();
  return (
    <Card data-testid="activity-feed">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <ActivityIcon className="size-4 text-primary" />
          {title ?? t('interaction.feed.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {feed.isPending ? (
          <div className="grid gap-2">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-5 w-full" />
            ))}
          </div>
        ) : feed.isError ? (
          <div className="flex items-center justify-between gap-2 text-destructive text-sm">
            <span>{errorMessage(feed.error)}</span>
            <Button size="sm" variant="outline" onClick={() => void feed.refetch()}>
              {t('interaction.feed.retry')}
            </Button>
          </div>
        ) : feed.data.dynamic.length === 0 ? (
          <p className="text-muted-foreground text-sm">{t('interaction.feed.empty')}</p>
        ) : (
          <ol className="grid divide-y">
            {feed.data.dynamic.map((d) => (
              <li key={d.id} className="flex items-start justify-between gap-3 py-2 text-sm" data-testid="activity">
                <span className="min-w-0 wrap-anywhere">
                  {parseFeedHtml(d.content).map((s, i) =>
                    'href' in s ? (
                      <Link key={i} to={s.href} className="text-primary hover:underline">
                        {s.text}
                      </Link>
                    ) : (
                      <React.Fragment key={i}>{s.text}</React.Fragment>
                    ),
                  )}
                </span>
                <time className="shrink-0 text-muted-foreground text-xs" dateTime={d.created_at}>
                  {relative(d.created_at)}
                </time>
              </li>
            ))}
          </ol>
        )}
        {feed.data && feed.data.total > SIZE ? (
          <Pager page={page} size={SIZE} total={feed.data.total} onChange={setPage} />
        ) : null}
      </CardContent>
    </Card>
  );
}
