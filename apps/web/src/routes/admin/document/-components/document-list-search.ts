import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DocumentDTO } from '@wenku/shared';
import { listSearchSchema, optionalNumber, toListInput } from '@/components/admin/list-search';
import { isKindFilter } from '@/components/documents/file-kind';
import { optionalText, z } from '@/lib/search-schema';
import { useTRPC } from '@/lib/trpc';

/** The admin document list's URL: the list's page and order, and its filters. */
export const documentSearchSchema = z.extend(listSearchSchema, {
  status: optionalNumber,
  category_id: optionalNumber,
  ext: z.catch(z.optional(z.string().check(z.refine((v) => isKindFilter(v)))), undefined),
  /** Uploader name (resolved to user ids through the user list). */
  uploader: optionalText(64),
});
export type DocumentSearch = z.output<typeof documentSearchSchema>;
/** A change of filters, as the URL takes it. */
export type DocumentSearchPatch = Partial<z.input<typeof documentSearchSchema>>;

export const toDocumentListInput = (s: DocumentSearch, userIds?: number[]) =>
  toListInput(s, {
    status: s.status === undefined ? undefined : [s.status],
    category_id: s.category_id === undefined ? undefined : [s.category_id],
    ext: s.ext,
    user_id: userIds,
  });

/**
 * The documents the search names. The uploader filter names people and the list takes user ids: the users come
 * first, and no match is an empty list without asking for documents.
 */
export function useAdminDocumentList(search: DocumentSearch) {
  const trpc = useTRPC();
  const users = useQuery({
    ...trpc.user.list.queryOptions({ wd: search.uploader, page: 1, size: 100 }),
    enabled: !!search.uploader,
  });
  const userIds = search.uploader ? users.data?.user.map((u) => u.id) : undefined;
  const noUploader = !!search.uploader && userIds?.length === 0;
  const list = useQuery({
    ...trpc.document.list.queryOptions(toDocumentListInput(search, userIds)),
    enabled: (!search.uploader || userIds !== undefined) && !noUploader,
    placeholderData: keepPreviousData,
  });
  const empty = { total: 0, document: [] as DocumentDTO[] };
  const data = noUploader ? empty : list.data;
  const state = noUploader
    ? { ...list, data: empty, isPending: false, isFetching: false, error: null }
    : { ...list, isPending: list.isPending || users.isPending, error: list.error ?? users.error };
  return { data, state };
}
