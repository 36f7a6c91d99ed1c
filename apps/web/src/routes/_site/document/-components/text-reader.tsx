import { useInfiniteQuery } from '@tanstack/react-query';
import { LoaderCircleIcon } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/i18n/react';
import { errorMessage } from '@/lib/api-error';
import { useSession } from '@/lib/session';
import { useTRPCClient } from '@/lib/trpc';
import { cn } from '@/lib/utils';

/** Pages fetched per request (the server's most). */
const CHUNK = 10;

/**
 * The text mode (issue 20): the document's extracted text reflowed into headings and paragraphs for a small screen,
 * page by page (each a `[data-page]` section, so the page counter and the switch back know where one is). Only the
 * pages one may preview come: the server sends no more. Loaded on first use, so the page view carries none of it.
 */
export default function TextReader({
  documentId,
  limit,
  target,
}: {
  documentId: number;
  /** Pages one may read. */
  limit: number;
  /** The page to load up to and show first (where the page view was). */
  target: number;
}) {
  const { t } = useTranslation();
  const client = useTRPCClient();
  const { user } = useSession();
  const q = useInfiniteQuery({
    queryKey: ['reader-text', documentId, user?.id ?? 0],
    queryFn: ({ pageParam }) => client.document.readingText.query({ id: documentId, from: pageParam, count: CHUNK }),
    initialPageParam: 1,
    getNextPageParam: (last) => {
      const end = last.pages[last.pages.length - 1]?.page ?? 0;
      return end > 0 && end < last.readable ? end + 1 : undefined;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  const pages = React.useMemo(() => q.data?.pages.flatMap((c) => c.pages) ?? [], [q.data]);
  const copyable = q.data?.pages[0]?.copyable ?? true;
  const loadedTo = pages[pages.length - 1]?.page ?? 0;

  // Loads on until the page to show first is there.
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = q;
  React.useEffect(() => {
    if (loadedTo > 0 && loadedTo < Math.min(target, limit) && hasNextPage && !isFetchingNextPage && !isError)
      void fetchNextPage();
  }, [loadedTo, target, limit, hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  // The page to show first comes into view when its text arrives, however long that took.
  const article = React.useRef<HTMLElement>(null);
  const shown = React.useRef(0);
  React.useEffect(() => {
    if (shown.current === target || !pages.some((p) => p.page === target)) return;
    shown.current = target;
    article.current?.querySelector(`[data-page="${target}"]`)?.scrollIntoView({ block: 'start' });
  }, [pages, target]);

  // And on as the reader nears the end of what is loaded.
  const sentinel = React.useRef<HTMLDivElement>(null);
  React.useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage) return;
    const io = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && !isFetchingNextPage && void fetchNextPage(),
      { rootMargin: '800px 0px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (q.isPending) {
    return (
      <div className="flex items-center justify-center gap-2 rounded-xl border bg-card py-16 text-muted-foreground text-sm">
        <LoaderCircleIcon className="size-4 animate-spin" aria-hidden />
        {t('reader.text.loading')}
      </div>
    );
  }
  if (q.isError && pages.length === 0) {
    return (
      <div className="grid justify-items-center gap-3 rounded-xl border bg-card py-12 text-sm" role="alert">
        <p className="text-muted-foreground">{errorMessage(q.error, t('reader.text.failed'))}</p>
        <Button variant="outline" size="sm" onClick={() => void q.refetch()}>
          {t('reader.text.retry')}
        </Button>
      </div>
    );
  }
  return (
    <article
      ref={article}
      className={cn(
        'rounded-xl border bg-card px-4 py-5 text-[1.0625rem] leading-8 sm:px-10 sm:py-8 [&>section]:mx-auto [&>section]:max-w-[44rem]',
        !copyable && 'select-none',
      )}
      aria-label={t('reader.text.label')}
      onCopy={copyable ? undefined : (e) => e.preventDefault()}
      data-testid="text-reader"
    >
      {pages.map((p) => (
        <section key={p.page} data-page={p.page} className="scroll-mt-36 pb-4" data-testid={`text-page-${p.page}`}>
          <div className="mb-3 flex items-center gap-3 text-muted-foreground text-xs" aria-hidden>
            <span className="h-px flex-1 bg-border" />
            {t('reader.text.page', { page: p.page })}
            <span className="h-px flex-1 bg-border" />
          </div>
          {p.blocks.length === 0 ? (
            <p className="text-muted-foreground text-sm">{t('reader.text.empty')}</p>
          ) : (
            p.blocks.map((b, i) =>
              b.k === 1 ? (
                <h2 key={i} className="mt-2 mb-3 font-semibold text-xl leading-8">
                  {b.t}
                </h2>
              ) : b.k === 2 ? (
                <h3 key={i} className="mt-2 mb-2 font-semibold text-lg leading-7">
                  {b.t}
                </h3>
              ) : (
                <p key={i} className="mb-3 break-words">
                  {b.t}
                </p>
              ),
            )
          )}
        </section>
      ))}
      <div ref={sentinel} />
      {q.isFetchingNextPage ? (
        <p className="flex items-center justify-center gap-2 py-4 text-muted-foreground text-sm">
          <LoaderCircleIcon className="size-4 animate-spin" aria-hidden />
          {t('reader.text.loading')}
        </p>
      ) : q.isError ? (
        <div className="flex justify-center py-2">
          <Button variant="outline" size="sm" onClick={() => void q.fetchNextPage()}>
            {t('reader.text.retry')}
          </Button>
        </div>
      ) : null}
    </article>
  );
}
