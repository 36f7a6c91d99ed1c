import { optionalEnum, optionalInt, optionalText, z } from '@/lib/search-schema';
import { KIND_FILTERS } from './file-kind';

/** Sorts of the category listing and the `order` each sends (moredoc-facts §21.4). */
export const LISTING_SORTS = {
  latest: 'id desc',
  views: 'view_count desc',
  downloads: 'download_count desc',
  score: 'score desc',
  pages: 'pages desc',
} as const;
export type ListingSort = keyof typeof LISTING_SORTS;

export const LISTING_PAGE_SIZE = 20;

/** URL search params of /category (lenient: a hand-edited URL falls back to defaults). */
export const listingSearchSchema = z.object({
  page: optionalInt(1, 10_000),
  sort: optionalEnum(Object.keys(LISTING_SORTS) as [ListingSort, ...ListingSort[]]),
  ext: optionalEnum(KIND_FILTERS),
  /** 费用: 免费, 付费, and VIP特享 while VIP is on (moredoc-pro-facts §2.7). */
  fee_type: optionalEnum(['free', 'charge', 'vip']),
  language: optionalText(16),
  view: optionalEnum(['card', 'list']),
});
export type ListingSearch = z.infer<typeof listingSearchSchema>;

/**
 * The `document.list` input of a listing page: converted documents of the category (and everything below it). The
 * VIP filter of an old link is dropped while VIP is off, as its chip is hidden then.
 */
export function listingInput(search: ListingSearch, categoryId: number | null, vipEnabled = true) {
  const fee = search.fee_type === 'vip' && !vipEnabled ? undefined : search.fee_type;
  return {
    page: search.page ?? 1,
    size: LISTING_PAGE_SIZE,
    order: LISTING_SORTS[search.sort ?? 'latest'],
    ...(categoryId ? { category_id: [categoryId] } : {}),
    ...(search.ext ? { ext: search.ext } : {}),
    ...(fee ? { fee_type: fee } : {}),
    ...(search.language ? { language: [search.language] } : {}),
  };
}

/** Changing a filter or the sort goes back to page 1; the view switch keeps the page. */
export function patchListingSearch(search: ListingSearch, patch: Partial<ListingSearch>): ListingSearch {
  const resetsPage = Object.keys(patch).some((k) => k !== 'page' && k !== 'view');
  const next: ListingSearch = { ...search, ...patch, ...(resetsPage ? { page: undefined } : {}) };
  return Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined && v !== '')) as ListingSearch;
}

/** The average rating in stars (score ×100, 500 = 5 stars), one decimal. */
export function stars(score: number): number {
  return Math.round(Math.max(0, Math.min(500, score)) / 10) / 10;
}
