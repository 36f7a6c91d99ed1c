import { SEARCH_SORTS, type SearchSort } from '@wenku/shared';
import { formatDay } from '@/lib/dates';
import { optionalEnum, optionalInt, z } from '@/lib/search-schema';

/** -1 综合 (documents and articles), 0 documents, 1 articles (pro-facts §2.7). */
export const SEARCH_TYPES = [-1, 0, 1] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** moredoc's page size of the search page (moredoc-facts §21.5). */
export const SEARCH_PAGE_SIZE = 10;

/** The time presets and their length in days (moredoc-facts §21.5: a month is 31 days, half a year 183…). */
export const TIME_PRESETS = { day: 1, week: 7, month: 31, '3months': 92, '6months': 183, year: 365 } as const;
export type TimePreset = keyof typeof TIME_PRESETS;

/**
 * The format facet's options: the server's file kinds (`ext` takes a kind). moredoc groups PDF/DOC/PPT/XLS/TXT/其他;
 * the e-book kinds keep their own option because the server's `other` means "no known kind".
 */
export const FORMAT_KINDS = ['pdf', 'word', 'ppt', 'excel', 'text', 'epub', 'mobi', 'chm', 'umd', 'other'] as const;
export type FormatKind = (typeof FORMAT_KINDS)[number];

/** Sorts other than the default (relevance), which is the absence of `sort` in the URL. */
export const PAGE_SORTS = SEARCH_SORTS.filter((s): s is Exclude<SearchSort, 'default'> => s !== 'default');
export type PageSort = (typeof PAGE_SORTS)[number];
/** Articles have no pages, size or downloads: only 默认/最新 (moredoc-facts §21.5). */
export const ARTICLE_SORTS: readonly PageSort[] = ['latest'];

export const sortsFor = (type: SearchType): readonly PageSort[] => (type === 1 ? ARTICLE_SORTS : PAGE_SORTS);

// TanStack Router JSON-parses query values: `wd=123` arrives as a number, `type=-1` as -1.
const text = (max: number) =>
  z.catch(
    z.optional(
      z.pipe(
        z.union([z.string(), z.number()]),
        z.transform((v) => String(v).trim().slice(0, max)),
      ),
    ),
    undefined,
  );

/** URL search params of /search (lenient: a hand-edited value falls back to its default). */
export const searchPageSchema = z.object({
  wd: text(100),
  type: z.catch(
    z.optional(
      z.pipe(
        z.transform((v) => Number(v)),
        z.literal(SEARCH_TYPES),
      ),
    ),
    undefined,
  ),
  page: optionalInt(1, 10_000),
  sort: optionalEnum(PAGE_SORTS as [PageSort, ...PageSort[]]),
  category_id: optionalInt(1),
  language: text(16),
  ext: optionalEnum(FORMAT_KINDS),
  fee_type: optionalEnum(['free', 'charge']),
  time: optionalEnum(Object.keys(TIME_PRESETS) as [TimePreset, ...TimePreset[]]),
});
export type SearchParams = z.infer<typeof searchPageSchema>;

export const searchTypeOf = (p: SearchParams): SearchType => p.type ?? 0;

/** A time preset as the server's `created_at` `[start, end]` (local dates; the end date counts whole). */
export function createdAtRange(preset: TimePreset | undefined, now: Date = new Date()): [string, string] | undefined {
  if (!preset) return undefined;
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - TIME_PRESETS[preset]);
  return [formatDay(start), formatDay(now)];
}

/** Filters that narrow the results (what "clear filters" removes); the sort and the type are not filters. */
export const FILTER_KEYS = ['category_id', 'language', 'ext', 'fee_type', 'time'] as const;

/** The filters that apply to the type: articles have no format and no price. */
export function activeFilters(p: SearchParams): (typeof FILTER_KEYS)[number][] {
  const articles = searchTypeOf(p) === 1;
  return FILTER_KEYS.filter((k) => p[k] !== undefined && !(articles && (k === 'ext' || k === 'fee_type')));
}

/**
 * The next URL params: a change of anything but the page goes back to page 1 and keeps every other param (moredoc
 * dropped them). A change of type drops the category (document and article categories differ) and a sort the new
 * type does not offer. Empty values leave the URL.
 */
export function mergeSearch(prev: SearchParams, patch: Partial<SearchParams>): SearchParams {
  const next: SearchParams = { ...prev, ...patch };
  if (Object.keys(patch).some((k) => k !== 'page')) next.page = undefined;
  if ('type' in patch && searchTypeOf(patch) !== searchTypeOf(prev)) {
    if (!('category_id' in patch)) next.category_id = undefined;
    if (next.sort && !sortsFor(searchTypeOf(next)).includes(next.sort)) next.sort = undefined;
  }
  if (next.page === 1) next.page = undefined;
  return Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined && v !== '')) as SearchParams;
}

/** The `search.search` input of the page (the loader and the component build the same query key). */
export function searchQueryInput(p: SearchParams, now: Date = new Date()) {
  const type = searchTypeOf(p);
  const articles = type === 1;
  const sort = p.sort && sortsFor(type).includes(p.sort) ? p.sort : 'default';
  const createdAt = createdAtRange(p.time, now);
  return {
    wd: p.wd ?? '',
    type,
    page: p.page ?? 1,
    size: SEARCH_PAGE_SIZE,
    sort,
    ...(p.category_id ? { category_id: [p.category_id] } : {}),
    ...(p.language ? { language: [p.language] } : {}),
    ...(p.ext && !articles ? { ext: p.ext } : {}),
    ...(p.fee_type && !articles ? { fee_type: p.fee_type } : {}),
    ...(createdAt ? { created_at: createdAt } : {}),
  };
}
