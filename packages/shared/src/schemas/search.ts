import { z } from 'zod';
import { listInput, timestamp, zArray, zId, zLanguageFilter } from './common.ts';

import { SEARCH_SORTS, type SearchSort } from './search-sorts.ts';

export { SEARCH_SORTS, type SearchSort } from './search-sorts.ts';

/**
 * GET /search, /document/search, /article/search (moredoc-facts §6.12, pro-facts §1): moredoc's parameters, plus
 * the type for the mixed search and a free/paid filter. An empty `wd` finds nothing.
 */
export const searchInput = z.object({
  wd: z.string().trim().max(100, 'search.search_keywords_100_characters').default(''),
  /** -1 documents and articles, 0 documents, 1 articles. */
  type: z.coerce
    .number()
    .int()
    .refine((t) => t === -1 || t === 0 || t === 1, 'search.invalid_search_type')
    .default(0),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(50).default(10),
  category_id: zArray(zId).optional(),
  language: zLanguageFilter.optional(),
  /** One extension (`.pdf` or `pdf`) or a kind (`word`, `excel`, `other`…, see FILE_KINDS). */
  ext: z.string().max(16).optional(),
  user_id: zArray(zId).optional(),
  fee_type: z
    .enum(['free', 'charge'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** `[start, end]` as dates or date-times; either may be empty. */
  created_at: zArray(z.string().max(32)).optional(),
  sort: z
    .string()
    .max(32)
    .optional()
    .transform((s) => ((SEARCH_SORTS as readonly string[]).includes(s ?? '') ? (s as SearchSort) : 'default')),
});
export type SearchInput = z.infer<typeof searchInput>;

export const searchResultItem = z.object({
  /** 0 document, 1 article. */
  doc_type: z.number(),
  id: z.number(),
  /** A document's uuid, an article's identifier: the public URL's part. */
  identifier: z.string(),
  uuid: z.string().optional(),
  /** Highlighted HTML (escaped text with `<mark>`). */
  title: z.string(),
  /** A highlighted snippet of the matched text (HTML). */
  description: z.string(),
  keywords: z.string(),
  ext: z.string(),
  pages: z.number(),
  size: z.number(),
  price: z.number(),
  score: z.number(),
  view_count: z.number(),
  download_count: z.number(),
  user_id: z.number(),
  username: z.string(),
  category_id: z.array(z.number()),
  created_at: timestamp,
  cover: z.string(),
});
export type SearchResultItem = z.infer<typeof searchResultItem>;

export const searchOutput = z.object({
  /** Number of results, capped at `display.max_search_pages` × size like moredoc; see `total_found`. */
  total: z.number(),
  /** Everything that matched; an estimate when `estimated` (very common words), exact otherwise. */
  total_found: z.number(),
  estimated: z.boolean(),
  /** Seconds, as text with three decimals (moredoc's `spend`). */
  spend: z.string(),
  document: z.array(searchResultItem),
  agg_category: z.array(z.object({ category_id: z.number(), count: z.number() })),
  agg_language: z.array(z.object({ code: z.string(), count: z.number() })),
  agg_ext: z.array(z.object({ ext: z.string(), count: z.number() })),
  /** The words the query was understood as, for highlighting elsewhere (e.g. inside a document). */
  terms: z.array(z.string()),
});
export type SearchOutput = z.infer<typeof searchOutput>;
/** GET /article/search: the same answer with the results under `article` (MOREDOC's key for articles). */
export const articleSearchOutput = searchOutput.omit({ document: true }).extend({ article: z.array(searchResultItem) });

export const searchRecordListInput = listInput.extend({
  ip: z.string().trim().max(64).optional(),
  user_id: zArray(zId).optional(),
  type: zArray(z.coerce.number().int().min(-1).max(1)).optional(),
});

export const searchRecordOutput = z.object({
  id: z.number(),
  user_id: z.number(),
  username: z.string(),
  ip: z.string(),
  total: z.number(),
  page: z.number(),
  user_agent: z.string(),
  keywords: z.string(),
  spend_time: z.number(),
  type: z.number(),
  created_at: timestamp,
});

export const searchIndexStatusOutput = z.object({
  index: z.array(
    z.object({
      type: z.number(),
      total: z.number(),
      pending: z.number(),
      indexed: z.number(),
      started_at: z.string().nullable(),
      finished_at: z.string().nullable(),
    }),
  ),
});

/** Search inside one document's converted pages. */
export const documentTextSearchInput = z.object({
  id: zId,
  wd: z.string().trim().min(1, 'search.enter_what_find').max(100, 'search.what_find_100_characters'),
});
export const documentTextSearchOutput = z.object({
  total: z.number(),
  /** Pages with hits, in page order; each hit with some context (highlighted HTML) and its boxes on the page. */
  pages: z.array(
    z.object({
      page: z.number(),
      count: z.number(),
      snippets: z.array(z.string()),
      /** Hit rectangles in page points: x, y, w, h. */
      boxes: z.array(z.tuple([z.number(), z.number(), z.number(), z.number()])),
    }),
  ),
  /** The page size in points the boxes refer to (of each page with hits). */
  page_size: z.record(z.string(), z.tuple([z.number(), z.number()])),
});
