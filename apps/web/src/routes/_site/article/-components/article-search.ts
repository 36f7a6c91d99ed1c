import { ArticleStatus } from '@wenku/shared';
import { optionalEnum, optionalInt, z } from '@/lib/search-schema';

/** spec §2 /article: ten articles a page (moredoc-facts §21.6). */
export const ARTICLE_PAGE_SIZE = 10;
/** The recommended box shows eight at a time and rotates through the rest. */
export const RECOMMENDED_SIZE = 8;

export const ARTICLE_TABS = ['latest', 'popular'] as const;
export type ArticleTab = (typeof ARTICLE_TABS)[number];

/** `is_notice=1` (pro: the 更多 link of the notice board), also written `true`. */
const noticeFlag = z.optional(
  z.catch(
    z.pipe(
      z.transform((v) => (v === 1 || v === '1' || v === true || v === 'true' ? 1 : undefined)),
      z.optional(z.literal(1)),
    ),
    undefined,
  ),
);

/** URL search params of /article, lenient: anything unknown or malformed is dropped rather than failing the page. */
export const articleSearchSchema = z.object({
  category_id: optionalInt(1),
  tab: optionalEnum(ARTICLE_TABS),
  is_notice: noticeFlag,
  page: optionalInt(1, 100_000),
});
export type ArticleSearch = z.infer<typeof articleSearchSchema>;

/** The `article.list` input of the listing: approved articles only, even for administrators. */
export function articleListInput(search: ArticleSearch) {
  return {
    page: search.page ?? 1,
    size: ARTICLE_PAGE_SIZE,
    status: [ArticleStatus.Approved],
    ...(search.tab === 'popular' ? { tab: 'popular' as const } : {}),
    ...(search.category_id ? { category_id: [search.category_id] } : {}),
    ...(search.is_notice ? { is_notice: [true] } : {}),
  };
}

/** The `article.list` input of the recommended box (newest recommendation first). */
export function recommendedInput(page: number) {
  return {
    page,
    size: RECOMMENDED_SIZE,
    status: [ArticleStatus.Approved],
    is_recommend: [true],
    order: 'recommend_at desc',
  };
}

/** The next page of the recommended box, back to the first after the last. */
export function nextRecommendedPage(page: number, total: number): number {
  const pages = Math.max(1, Math.ceil(total / RECOMMENDED_SIZE));
  return page >= pages ? 1 : page + 1;
}

/**
 * The search after a change: a new filter starts again at page 1, and defaults (latest, page 1) stay out of the URL
 * so that every listing has one address.
 */
export function patchArticleSearch(prev: ArticleSearch, patch: Partial<ArticleSearch>): ArticleSearch {
  const next: ArticleSearch = { ...prev, ...('page' in patch ? {} : { page: undefined }), ...patch };
  if (next.tab === 'latest') next.tab = undefined;
  if (next.page === 1) next.page = undefined;
  return Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined)) as ArticleSearch;
}
