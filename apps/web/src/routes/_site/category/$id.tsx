import { createFileRoute, notFound } from '@tanstack/react-router';
import { prefetchAds } from '@/components/ads/ad-positions';
import { listingInput, listingSearchSchema, patchListingSearch } from '@/components/documents/listing';
import { NotFoundPage } from '@/components/layout/status-pages';
import { CATEGORY_INPUT } from '@/hooks/use-header-data';
import { CategoryListing, ListingSkeleton } from './-components/category-listing';

const idOf = (raw: string) => (/^\d{1,15}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

/** spec §2 /category/{id}: the documents of a category and everything below it (moredoc-facts §21.4). */
export const Route = createFileRoute('/_site/category/$id')({
  validateSearch: listingSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, params, deps }) => {
    const { queryClient, trpc } = context;
    const id = idOf(params.id);
    if (id === null) throw notFound();
    prefetchAds(context, 'list');
    const [categories] = await Promise.all([
      queryClient.ensureQueryData(trpc.category.list.queryOptions(CATEGORY_INPUT)),
      queryClient.prefetchQuery(trpc.document.list.queryOptions(listingInput(deps, id))),
    ]);
    // An unknown, disabled or article category is not a document listing.
    const category = categories.category.find((c) => c.id === id);
    if (!category || (category.type ?? 0) !== 0 || category.enable === false) throw notFound();
  },
  pendingComponent: ListingSkeleton,
  notFoundComponent: NotFoundPage,
  component: CategoryDocuments,
});

function CategoryDocuments() {
  const { id } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <CategoryListing
      categoryId={idOf(id)}
      search={search}
      onSearch={(patch) => void navigate({ search: (prev) => patchListingSearch(prev, patch) })}
    />
  );
}
