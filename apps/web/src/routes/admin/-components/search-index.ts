/** Pure helpers of the dashboard's full-text index block (moredoc-pro-facts §10 数据统计). */

/** One row of `search.indexStatus`: the last rebuild of a type and the index's size. */
export interface SearchIndexStatus {
  /** 0 documents, 1 articles. */
  type: number;
  /** Items queued by the last rebuild. */
  total: number;
  /** Items still waiting in the queue (a rebuild's remainder, or edits not indexed yet). */
  pending: number;
  /** Rows in the index. */
  indexed: number;
  started_at: string | null;
  finished_at: string | null;
}

/** While a rebuild runs the dashboard polls this often. */
export const INDEX_POLL_MS = 2000;

/**
 * Whether the index of a type is being (re)built: items are queued, or a rebuild started and has not finished. A
 * rebuild of nothing (total 0) never gets a finish time from the worker, so it does not count as running.
 */
export function isIndexing(s: SearchIndexStatus): boolean {
  return s.pending > 0 || (s.started_at !== null && s.finished_at === null && s.total > 0);
}

/**
 * How far the last rebuild got, 0–1: (total − pending) / total. Without a total to compare with (queued edits, no
 * rebuild) nothing is known: null.
 */
export function indexProgress(s: SearchIndexStatus): number | null {
  if (s.total <= 0) return s.pending > 0 ? null : 1;
  return Math.min(1, Math.max(0, (s.total - s.pending) / s.total));
}

/** The progress as a whole percent for the bar and its label; 99 until the queue is really empty. */
export function progressPercent(progress: number, pending: number): number {
  const p = Math.round(progress * 100);
  return pending > 0 ? Math.min(p, 99) : p;
}

/** The status row of a type (0 documents, 1 articles); an empty row when the server did not report it. */
export function indexStatusOf(rows: readonly SearchIndexStatus[] | undefined, type: number): SearchIndexStatus {
  return (
    rows?.find((r) => r.type === type) ?? {
      type,
      total: 0,
      pending: 0,
      indexed: 0,
      started_at: null,
      finished_at: null,
    }
  );
}

/** Poll while any type is indexing, otherwise stop (TanStack Query's `refetchInterval`). */
export function indexPollInterval(rows: readonly SearchIndexStatus[] | undefined): number | false {
  return rows?.some(isIndexing) ? INDEX_POLL_MS : false;
}
