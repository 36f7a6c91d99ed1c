import { type QueryClient, skipToken, useQuery } from '@tanstack/react-query';

export interface DocumentCounters {
  view_count: number;
  download_count: number;
}

const countersKey = (id: number) => ['document-counters', id] as const;

/**
 * The reading page's view and download counts as they change while it is open (the view it counts, a download).
 * They are kept apart from the document's query: a change of a query's data re-renders its readers synchronously,
 * and a new document object re-rendered the whole reading page, ~50 ms in one task on a slow phone right after it
 * had been taken over. Counts only grow, so the larger of the document's and the kept one is shown.
 */
export function useDocumentCounters(doc: DocumentCounters & { id: number }): DocumentCounters {
  const { data } = useQuery<DocumentCounters>({ queryKey: countersKey(doc.id), queryFn: skipToken });
  return {
    view_count: Math.max(doc.view_count, data?.view_count ?? 0),
    download_count: Math.max(doc.download_count, data?.download_count ?? 0),
  };
}

/** Keeps the counts of document `doc` as `update` makes them from the kept ones (or the document's, at first). */
export function updateDocumentCounters(
  queryClient: QueryClient,
  doc: DocumentCounters & { id: number },
  update: (current: DocumentCounters) => DocumentCounters,
) {
  queryClient.setQueryData<DocumentCounters>(countersKey(doc.id), (kept) =>
    update({
      view_count: Math.max(doc.view_count, kept?.view_count ?? 0),
      download_count: Math.max(doc.download_count, kept?.download_count ?? 0),
    }),
  );
}
