import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { FlameIcon, TagsIcon } from 'lucide-react';
import type * as React from 'react';
import { AdSlot } from '@/components/ads/ad-slot';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/misc';
import { useTranslation } from '@/i18n/react';
import { useTRPC } from '@/lib/trpc';
import { cn } from '@/lib/utils';
import type { SearchType } from './search-params';

/** How many hot searches the page shows (the loader prefetches the same input). */
export const HOT_INPUT = { limit: 10 };

function Box({ icon, title, children }: { icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <Card className="gap-3 px-4 py-4">
      <h2 className="flex items-center gap-2 font-medium">
        {icon}
        {title}
      </h2>
      {children}
    </Card>
  );
}

function WordLink({ word, type, className }: { word: string; type: SearchType; className?: string }) {
  return (
    <Link
      to="/search"
      search={{ wd: word, type }}
      className={cn('min-w-0 truncate transition-colors hover:text-primary', className)}
      title={word}
    >
      {word}
    </Link>
  );
}

/**
 * The right column (moredoc-facts §21.5): the search_right position, 相关搜索词 (the results' keywords, only when
 * there are results) and the week's hot searches. Below the results on narrow screens.
 */
export function SearchAside({ related, type }: { related: string[] | null; type: SearchType }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const hot = useQuery({ ...trpc.search.hot.queryOptions(HOT_INPUT), staleTime: 5 * 60_000 });
  return (
    <aside className="grid min-w-0 grid-cols-1 content-start gap-4">
      <AdSlot position="search_right" />
      {related ? (
        <Box icon={<TagsIcon className="size-4 text-primary" />} title={t('search.related')}>
          {related.length > 0 ? (
            <ul className="flex flex-wrap gap-1.5" data-testid="related-words">
              {related.map((w) => (
                <li key={w} className="min-w-0 max-w-full">
                  <WordLink
                    word={w}
                    type={type}
                    className="block rounded-md bg-muted px-2 py-0.5 text-muted-foreground text-sm"
                  />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground text-sm">{t('search.noRelated')}</p>
          )}
        </Box>
      ) : null}
      <Box icon={<FlameIcon className="size-4 text-orange-500" />} title={t('search.hot')}>
        {hot.isPending ? (
          <div className="grid gap-2">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className="h-4" />
            ))}
          </div>
        ) : (hot.data?.words.length ?? 0) > 0 ? (
          <ol className="grid gap-1.5 text-sm" data-testid="hot-searches">
            {hot.data?.words.map((w, i) => (
              <li key={w} className="flex min-w-0 items-center gap-2">
                <span
                  className={cn(
                    'flex size-5 shrink-0 items-center justify-center rounded text-xs tabular-nums',
                    i < 3 ? 'bg-orange-500 text-white' : 'bg-muted text-muted-foreground',
                  )}
                >
                  {i + 1}
                </span>
                <WordLink word={w} type={type} />
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-muted-foreground text-sm">{t('search.noHot')}</p>
        )}
      </Box>
    </aside>
  );
}
