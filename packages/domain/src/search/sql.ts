/** A PostgreSQL array literal for a `?::int[]` or `?::text[]` parameter (knex would spread a JS array). */
export function pgArray(values: readonly (number | string)[]): string {
  return `{${values.map((v) => (typeof v === 'number' ? String(v) : `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)).join(',')}}`;
}

/** Search types (spec §3): 0 document, 1 article. */
export const SearchType = { Document: 0, Article: 1 } as const;
export type SearchType = (typeof SearchType)[keyof typeof SearchType];

/**
 * Popularity and freshness as one factor in [1, 2]: downloads count most, views a little, and a document's first
 * months add up to 0.3 that fades with a half-life of about four months. The same expression serves indexing and the
 * nightly refresh.
 */
export const BOOST_SQL = `(1 + least(0.7, 0.08 * ln(1 + download_count + view_count / 20.0))
  + 0.3 * exp(-greatest(0, extract(epoch from now() - item_created_at)) / 15552000.0))`;
