/** A PostgreSQL array literal for a `?::int[]` or `?::text[]` parameter (knex would spread a JS array). */
export function pgArray(values: readonly (number | string)[]): string {
  return `{${values.map((v) => (typeof v === 'number' ? String(v) : `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)).join(',')}}`;
}

/** Search types (spec §3): 0 document, 1 article. */
export const SearchType = { Document: 0, Article: 1 } as const;
export type SearchType = (typeof SearchType)[keyof typeof SearchType];

/**
 * Popularity as a factor in [1, 1.7]: downloads count most, views a little. Stored in the row (it changes only with
 * the counters, so the nightly refresh touches few rows); `r` is the row or record that carries the counters.
 */
export const boostSql = (r: string) =>
  `(1 + least(0.7, 0.08 * ln(1 + ${r}.download_count + ${r}.view_count / 20.0::float8)))`;

/**
 * Freshness at query time: up to +30% for a new item, fading with a half-life of about four months. In double
 * precision: `extract()` answers numeric, whose `exp` costs 2.7 µs a row.
 */
export const freshnessSql = (r: string) =>
  `(1 + 0.3 * exp(-greatest(0, date_part('epoch', now() - ${r}.item_created_at)) / 15552000))`;
