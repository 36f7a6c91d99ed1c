import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SearchIcon } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { QueryErrorCard } from '@/components/admin/query-state';
import { AdSlot } from '@/components/ads/ad-slot';
import { TopPager } from '@/components/documents/pager';
import { useDocumentSettings } from '@/components/documents/use-document-data';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/misc';
import { CATEGORY_INPUT } from '@/hooks/use-header-data';
import { usePageTitle } from '@/hooks/use-page-title';
import { useTranslation } from '@/i18n/react';
import { useTRPC } from '@/lib/trpc';
import { cn, formatCount } from '@/lib/utils';
import { SearchAside } from './search-aside';
import { categoryFacets, formatFacets, languageFacets, relatedWords, showFacet } from './search-facets';
import { type FacetColumnData, FacetColumns, SortBar, TypeTabs, typeKey } from './search-filters';
import {
  activeFilters,
  FILTER_KEYS,
  SEARCH_PAGE_SIZE,
  type SearchParams,
  searchQueryInput,
  searchTypeOf,
} from './search-params';
import { SearchEmpty, SearchResult, SearchResultsSkeleton } from './search-results';

/**
 * spec §2 /search (moredoc-facts §21.5, pro-facts §2.7): a search box with the type tabs 综合/文档/文章, the summary,
 * facet columns from the server's counts, sorts and filters, highlighted results, pages, and the search ad positions.
 */
export function SearchPage({
  params,
  onSearch,
}: {
  params: SearchParams;
  onSearch: (patch: Partial<SearchParams>) => void;
}) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const settings = useDocumentSettings();
  const type = searchTypeOf(params);
  const wd = params.wd ?? '';
  usePageTitle(wd || t('search.pageTitle'));

  const input = searchQueryInput(params);
  const result = useQuery({
    ...trpc.search.search.queryOptions(input),
    enabled: wd !== '',
    placeholderData: keepPreviousData,
  });
  const categories = useQuery(trpc.category.list.queryOptions(CATEGORY_INPUT));
  const data = wd ? result.data : undefined;

  const columns = useMemo(() => {
    if (!data) return [];
    const cols: FacetColumnData<string | number>[] = [
      {
        key: 'category_id',
        title: t('search.facets.category'),
        options: categoryFacets(data.agg_category, categories.data?.category ?? []),
        active: params.category_id,
      },
      {
        key: 'language',
        title: t('search.facets.language'),
        options: languageFacets(data.agg_language, settings.languages),
        active: params.language,
      },
    ];
    if (type !== 1) {
      cols.push({
        key: 'ext',
        title: t('search.facets.format'),
        options: formatFacets(data.agg_ext).map(({ kind, count }) => ({
          value: kind,
          label: t(`search.formats.${kind}`),
          count,
        })),
        active: params.ext,
      });
    }
    return cols.filter((c) => showFacet(c.options, c.active));
  }, [data, categories.data, settings.languages, params.category_id, params.language, params.ext, type, t]);

  const related = useMemo(() => (data ? relatedWords(data.document, wd) : null), [data, wd]);
  const filtered = activeFilters(params).length > 0;
  const clearFilters = () => onSearch(Object.fromEntries(FILTER_KEYS.map((k) => [k, undefined])));

  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-4 px-4 py-6">
      <SearchForm wd={wd} type={type} onSearch={onSearch} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <main className="grid min-w-0 grid-cols-1 content-start gap-4">
          {!wd ? (
            <Card className="items-center gap-2 px-4 py-12 text-center" data-testid="search-start">
              <SearchIcon className="size-10 text-muted-foreground/60" />
              <p className="font-medium">{t('search.start.title')}</p>
              <p className="text-muted-foreground text-sm">{t('search.start.hint')}</p>
            </Card>
          ) : (
            <>
              <p className="min-h-5 text-muted-foreground text-sm" aria-live="polite" data-testid="search-summary">
                {data ? (
                  <>
                    {t('search.summary', { spend: data.spend, count: formatCount(data.total_found) })}
                    {data.estimated ? t('search.estimated') : null}
                  </>
                ) : result.isPending ? (
                  <Skeleton className="inline-block h-4 w-72 max-w-full align-middle" />
                ) : null}
              </p>
              <FacetColumns columns={columns} onSearch={onSearch} />
              <SortBar params={params} type={type} onSearch={onSearch} />
              <AdSlot position="search_top" />
              <section
                aria-label={t('search.results')}
                aria-busy={result.isFetching}
                className={cn('grid grid-cols-1 gap-4 transition-opacity', result.isPlaceholderData && 'opacity-60')}
              >
                {result.error && !result.isPlaceholderData ? (
                  <QueryErrorCard query={result} />
                ) : !data ? (
                  <SearchResultsSkeleton />
                ) : data.document.length === 0 ? (
                  <SearchEmpty
                    onClearFilters={filtered ? clearFilters : undefined}
                    onSearchAll={type !== -1 ? () => onSearch({ type: -1 }) : undefined}
                  />
                ) : (
                  <Card className="gap-0 divide-y px-4 py-0 sm:px-5" data-testid="search-results">
                    {data.document.map((item) => (
                      <SearchResult
                        key={`${item.doc_type}:${item.id}`}
                        item={item}
                        creditName={settings.creditName}
                        showType={type === -1}
                      />
                    ))}
                  </Card>
                )}
                <TopPager
                  total={data?.total}
                  page={params.page ?? 1}
                  size={SEARCH_PAGE_SIZE}
                  onChange={(page) => onSearch({ page })}
                />
              </section>
              <AdSlot position="search_bottom" />
            </>
          )}
        </main>
        <SearchAside related={related} type={type} />
      </div>
    </div>
  );
}

/** The page's own search box (the header hides its box on /search on desktop, spec §2 Header). */
function SearchForm({
  wd,
  type,
  onSearch,
}: {
  wd: string;
  type: ReturnType<typeof searchTypeOf>;
  onSearch: (patch: Partial<SearchParams>) => void;
}) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState(wd);
  // Back/forward and the related-word links change the keyword in the URL.
  useEffect(() => setKeyword(wd), [wd]);
  const placeholder = t(`search.placeholder.${typeKey(type)}`);
  return (
    <search className="grid grid-cols-1 gap-1">
      <TypeTabs type={type} onSearch={onSearch} />
      <form
        className="flex max-w-3xl overflow-hidden rounded-lg border bg-background shadow-xs focus-within:ring-[3px] focus-within:ring-ring/50"
        onSubmit={(e) => {
          e.preventDefault();
          const next = keyword.trim();
          // spec §5: an empty keyword does nothing.
          if (next) onSearch({ wd: next });
        }}
      >
        <Input
          type="search"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          placeholder={placeholder}
          aria-label={placeholder}
          maxLength={100}
          className="h-11 min-w-0 flex-1 rounded-none border-0 px-4 text-base shadow-none focus-visible:ring-0"
        />
        <Button type="submit" className="h-11 shrink-0 rounded-none px-5" aria-label={t('search.submit')}>
          <SearchIcon />
          <span className="hidden sm:inline">{t('search.submit')}</span>
        </Button>
      </form>
    </search>
  );
}
