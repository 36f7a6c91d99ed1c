/** Pure helpers of the search records page (moredoc-facts §20.1). */

/** A record's `type`: 0 documents, 1 articles, -1 both at once (the mixed search of /search). */
export const SEARCH_RECORD_TYPES = [0, 1, -1] as const;
export type SearchRecordType = (typeof SEARCH_RECORD_TYPES)[number];

const TYPE_KEYS: Record<SearchRecordType, 'document' | 'article' | 'mixed'> = {
  0: 'document',
  1: 'article',
  [-1]: 'mixed',
};

/** The i18n key suffix of a record type (`admin.searchRecord.types.{key}`); `unknown` for a value we do not know. */
export function searchRecordTypeKey(type: number): 'document' | 'article' | 'mixed' | 'unknown' {
  return (SEARCH_RECORD_TYPES as readonly number[]).includes(type) ? TYPE_KEYS[type as SearchRecordType] : 'unknown';
}

/** The search's duration in seconds with three decimals (`0.012`), as moredoc shows `spend`; `-` when unknown. */
export function formatSpendTime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '-';
  return seconds.toFixed(3);
}

/** The public search that repeats a record, so an admin can see what the visitor saw. */
export function searchHref(keywords: string, type: number): string {
  const params = new URLSearchParams({ wd: keywords });
  if (type !== 0) params.set('type', String(type));
  return `/search?${params.toString()}`;
}
