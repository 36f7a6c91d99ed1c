import { createFileRoute } from '@tanstack/react-router';
import { prefetchAds } from '@/components/ads/ad-positions';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/misc';
import { CATEGORY_INPUT } from '@/hooks/use-header-data';
import { HOT_INPUT } from './-search/search-aside';
import { SearchPage } from './-search/search-page';
import { mergeSearch, searchPageSchema, searchQueryInput } from './-search/search-params';
import { SearchResultsSkeleton } from './-search/search-results';

/** spec §2 /search?wd=&type=: documents, articles or both (type -1), with facets (moredoc-facts §21.5, pro §2.7). */
export const Route = createFileRoute('/_site/search')({
  validateSearch: searchPageSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    const { queryClient, trpc } = context;
    const input = searchQueryInput(deps);
    prefetchAds(context, 'search');
    // The side column's hot searches are not worth waiting for.
    void queryClient.prefetchQuery(trpc.search.hot.queryOptions(HOT_INPUT));
    return Promise.all([
      queryClient.ensureQueryData(trpc.category.list.queryOptions(CATEGORY_INPUT)),
      // A failed search shows its error with a retry inside the page rather than replacing the page.
      input.wd ? queryClient.prefetchQuery(trpc.search.search.queryOptions(input)) : null,
    ]);
  },
  pendingComponent: SearchSkeleton,
  component: SearchRoute,
});

function SearchRoute() {
  const params = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SearchPage params={params} onSearch={(patch) => void navigate({ search: (prev) => mergeSearch(prev, patch) })} />
  );
}

function SearchSkeleton() {
  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-4 px-4 py-6" aria-busy>
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-11 max-w-3xl" />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="grid content-start gap-4">
          <Skeleton className="h-4 w-72 max-w-full" />
          <SearchResultsSkeleton />
        </div>
        <Card className="h-64" />
      </div>
    </div>
  );
}
