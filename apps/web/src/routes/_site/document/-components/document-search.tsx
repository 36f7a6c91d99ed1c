import { useQuery } from '@tanstack/react-query';
import {
  ChevronDownIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  LoaderCircleIcon,
  SearchIcon,
  TextSearchIcon,
  XIcon,
} from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useTranslation } from '@/i18n/react';
import { errorMessage } from '@/lib/api-error';
import { useTRPC } from '@/lib/trpc';
import { cn } from '@/lib/utils';
import {
  firstHitOn,
  type Hit,
  orderHits,
  type PageRect,
  type PageSize,
  sizeOf,
  snippetParts,
  stepHit,
} from './page-overlay';

/** A request to bring a hit into view; `nonce` tells a repeated jump to the same hit from the last one. */
export interface SearchJump {
  page: number;
  nth: number;
  nonce: number;
}

/** What the page images draw of a search: every page's hit boxes, the current hit and the last jump. */
export interface SearchMarks {
  pages: ReadonlyMap<number, { boxes: readonly PageRect[]; size: PageSize | null }>;
  current: Hit | null;
  jump: SearchJump | null;
}

const MAX_QUERY = 100;

/**
 * Search inside the document (search.inDocument): the submitted word, its hits in reading order, the current hit and
 * jumps to it. `reach` makes sure a page is in the reading window before the reader scrolls to it.
 */
export function useDocumentSearch(documentId: number, reach: (page: number) => void) {
  const trpc = useTRPC();
  const [query, setQuery] = React.useState('');
  const [current, setCurrent] = React.useState(-1);
  const [jump, setJump] = React.useState<SearchJump | null>(null);
  const [listOpen, setListOpen] = React.useState(false);
  const result = useQuery({
    ...trpc.search.inDocument.queryOptions({ id: documentId, wd: query }),
    enabled: query !== '',
    staleTime: 5 * 60_000,
    retry: false,
  });
  const data = query ? result.data : undefined;
  const hits = React.useMemo(() => orderHits(data?.pages ?? []), [data]);

  const pages = React.useMemo<SearchMarks['pages'] | null>(
    () =>
      data
        ? new Map(data.pages.map((p) => [p.page, { boxes: p.boxes, size: sizeOf(data.page_size[String(p.page)]) }]))
        : null,
    [data],
  );
  const marks = React.useMemo<SearchMarks | null>(
    () => (pages ? { pages, current: hits[current] ?? null, jump } : null),
    [pages, hits, current, jump],
  );

  const go = (index: number) => {
    const hit = hits[index];
    if (!hit) return;
    setCurrent(index);
    // The list would cover the hit: going to one closes it (the count reopens it).
    setListOpen(false);
    reach(hit.page);
    setJump((j) => ({ page: hit.page, nth: hit.nth, nonce: (j?.nonce ?? 0) + 1 }));
  };

  return {
    query,
    /** A new word searches (and opens the list of pages); the same word again steps to the next (`back`: previous) hit. */
    submit(text: string, back = false) {
      const wd = text.trim().slice(0, MAX_QUERY);
      if (!wd) return;
      if (wd === query && data) {
        go(stepHit(current, hits.length, back ? -1 : 1));
        return;
      }
      setQuery(wd);
      setCurrent(-1);
      setJump(null);
      setListOpen(true);
    },
    clear() {
      setQuery('');
      setCurrent(-1);
      setJump(null);
      setListOpen(false);
    },
    step: (dir: 1 | -1) => go(stepHit(current, hits.length, dir)),
    toPage: (page: number) => go(firstHitOn(hits, page)),
    listOpen,
    setListOpen,
    loading: query !== '' && result.isFetching,
    error: query && result.error ? result.error : null,
    data,
    hits,
    current,
    marks,
  };
}

export type DocumentSearchState = ReturnType<typeof useDocumentSearch>;

/**
 * The reader's toolbar: find a word in the document, the number of hits, previous/next, and the pages that hold them
 * with their context. On phones it opens from a button; Esc clears the search and its highlights.
 */
export function DocumentSearchBar({
  search,
  tools,
  searchable = true,
}: {
  search: DocumentSearchState;
  /** The reader's page counter and mode switch, at the bar's end (the bar stays on screen with them). */
  tools?: React.ReactNode;
  /** False in the text mode: the search marks hits on page images. */
  searchable?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = React.useState(false);
  const [text, setText] = React.useState('');
  const input = React.useRef<HTMLInputElement>(null);
  const bar = React.useRef<HTMLElement>(null);
  const list = React.useRef<HTMLOListElement>(null);
  const listId = React.useId();
  const { data, hits, current, loading } = search;
  const active = search.query !== '';
  const hit = hits[current];

  const close = () => {
    setText('');
    search.clear();
    setOpen(false);
  };

  // A fresh list of results is brought into view (on phones the bar may sit low on the screen before it sticks).
  const showList = search.listOpen && !!data && data.total > 0;
  React.useEffect(() => {
    if (showList) list.current?.scrollIntoView({ block: 'nearest' });
  }, [showList]);

  let status = '';
  if (loading) status = t('reader.search.searching');
  else if (search.error) status = errorMessage(search.error, t('reader.search.failed'));
  else if (data) status = data.total > 0 ? t('reader.search.count', { count: data.total }) : t('reader.search.none');

  return (
    <section
      ref={bar}
      aria-label={t('reader.search.label')}
      aria-busy={loading}
      className={cn(
        'z-20 rounded-xl border bg-card/95 shadow-sm backdrop-blur supports-[backdrop-filter]:bg-card/85',
        'scroll-mt-[4.5rem] sm:sticky sm:top-[4.5rem]',
        (open || active || tools) && 'max-sm:sticky max-sm:top-[4.5rem]',
      )}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.preventDefault();
        if (search.listOpen && e.target !== input.current) search.setListOpen(false);
        else close();
      }}
      data-testid="doc-search"
    >
      <div className="flex flex-wrap items-center gap-2 p-2">
        {!searchable ? null : !open && !active ? (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="sm:hidden"
            onClick={() => {
              setOpen(true);
              requestAnimationFrame(() => {
                bar.current?.scrollIntoView({ block: 'start' });
                input.current?.focus({ preventScroll: true });
              });
            }}
            aria-expanded={false}
            data-testid="doc-search-toggle"
          >
            <TextSearchIcon />
            {t('reader.search.open')}
          </Button>
        ) : null}
        <form
          className={cn(
            'flex min-w-0 items-center gap-1.5 max-sm:w-full sm:flex-1',
            !open && !active && 'max-sm:hidden',
            !searchable && 'hidden',
          )}
          onSubmit={(e) => {
            e.preventDefault();
            search.submit(text);
          }}
        >
          <div className="relative min-w-0 flex-1 sm:max-w-72">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input
              ref={input}
              type="search"
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && e.shiftKey) {
                  e.preventDefault();
                  search.submit(text, true);
                }
              }}
              maxLength={MAX_QUERY}
              enterKeyHint="search"
              placeholder={t('reader.search.placeholder')}
              aria-label={t('reader.search.label')}
              aria-describedby={`${listId}-keys`}
              className="h-8 pr-2 pl-8 [&::-webkit-search-cancel-button]:hidden"
              data-testid="doc-search-input"
            />
          </div>
          <Button type="submit" size="sm" variant="secondary" disabled={!text.trim() || loading}>
            {loading ? <LoaderCircleIcon className="animate-spin" /> : null}
            {t('reader.search.submit')}
          </Button>
          {open || active ? (
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="size-8"
              onClick={close}
              aria-label={t('reader.search.clear')}
              title={t('reader.search.clear')}
              data-testid="doc-search-clear"
            >
              <XIcon />
            </Button>
          ) : null}
        </form>
        {active ? (
          <div className="flex min-w-0 items-center gap-1 max-sm:w-full">
            {data && data.total > 0 ? (
              <button
                type="button"
                className="inline-flex h-8 min-w-0 items-center gap-1 rounded-md px-2 font-medium text-sm hover:bg-accent"
                onClick={() => search.setListOpen(!search.listOpen)}
                aria-expanded={search.listOpen}
                aria-controls={listId}
                title={search.listOpen ? t('reader.search.hideResults') : t('reader.search.showResults')}
                data-testid="doc-search-count"
              >
                {t('reader.search.count', { count: data.total })}
                <ChevronDownIcon className={cn('size-4 transition-transform', search.listOpen && 'rotate-180')} />
              </button>
            ) : (
              <span
                className={cn('px-2 text-sm', search.error ? 'text-destructive' : 'text-muted-foreground')}
                data-testid={data ? 'doc-search-count' : undefined}
              >
                {status}
              </span>
            )}
            {data && hits.length > 0 ? (
              <>
                <span className="ml-auto px-1 text-muted-foreground text-xs tabular-nums sm:ml-0">
                  {hit ? t('reader.search.position', { current: current + 1, total: hits.length }) : ''}
                </span>
                <Button
                  type="button"
                  variant="outline"
                  size="icon"
                  className="size-8"
                  onClick={() => search.step(-1)}
                  aria-label={t('reader.search.prev')}
                  title={t('reader.search.prev')}
                  data-testid="doc-search-prev"
                >
                  <ChevronLeftIcon />
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  size="icon"
                  className="size-8"
                  onClick={() => search.step(1)}
                  aria-label={t('reader.search.next')}
                  title={t('reader.search.next')}
                  data-testid="doc-search-next"
                >
                  <ChevronRightIcon />
                </Button>
              </>
            ) : null}
          </div>
        ) : null}
        {tools}
      </div>
      <p id={`${listId}-keys`} className="sr-only">
        {t('reader.search.keys')}
      </p>
      <p className="sr-only" aria-live="polite">
        {hit ? t('reader.search.announce', { current: current + 1, total: hits.length, page: hit.page }) : status}
      </p>
      {showList ? (
        <ol
          ref={list}
          id={listId}
          aria-label={t('reader.search.results')}
          className="grid max-h-[min(50vh,24rem)] gap-1 overflow-y-auto border-t p-2"
        >
          {data.pages.map((p) => (
            <li key={p.page}>
              <button
                type="button"
                className={cn(
                  'grid w-full gap-1 rounded-md px-2 py-1.5 text-left text-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  hit?.page === p.page && 'bg-accent',
                )}
                onClick={() => search.toPage(p.page)}
                data-testid={`doc-search-page-${p.page}`}
              >
                <span className="flex items-center justify-between gap-2 font-medium">
                  {t('reader.search.page', { page: p.page })}
                  <span className="font-normal text-muted-foreground text-xs">
                    {t('reader.search.pageCount', { count: p.count })}
                  </span>
                </span>
                {p.snippets.map((snippet, i) => (
                  <span key={i} className="line-clamp-2 break-all text-muted-foreground text-xs leading-5">
                    {snippetParts(snippet).map((part, j) =>
                      part.mark ? (
                        <mark key={j} className="rounded-sm bg-yellow-200 px-0.5 text-foreground dark:bg-yellow-500/40">
                          {part.text}
                        </mark>
                      ) : (
                        <React.Fragment key={j}>{part.text}</React.Fragment>
                      ),
                    )}
                  </span>
                ))}
              </button>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
