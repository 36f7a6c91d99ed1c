import { createFileRoute } from '@tanstack/react-router';
import { prefetchAds } from '@/components/ads/ad-positions';
import { listingInput, listingSearchSchema, patchListingSearch } from '@/components/documents/listing';
import { CATEGORY_INPUT } from '@/hooks/use-header-data';
import { CategoryListing, ListingSkeleton } from './-components/category-listing';

/** spec §2 /category: every converted document, filtered and sorted (moredoc-facts §21.4). */
export const Route = createFileRoute('/_site/category/')({
  validateSearch: listingSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    const { queryClient, trpc } = context;
    prefetchAds(context, 'list');
    return Promise.all([
      queryClient.ensureQueryData(trpc.category.list.queryOptions(CATEGORY_INPUT)),
      queryClient.prefetchQuery(trpc.document.list.queryOptions(listingInput(deps, null))),
    ]);
  },
  pendingComponent: ListingSkeleton,
  component: AllDocuments,
});

function AllDocuments() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <CategoryListing
      categoryId={null}
      search={search}
      onSearch={(patch) => void navigate({ search: (prev) => patchListingSearch(prev, patch) })}
    />
  );
}
