import * as search from '@wenku/domain/search';
import {
  documentTextSearchInput,
  documentTextSearchOutput,
  emptyOutput,
  idsInput,
  listOutput,
  searchIndexStatusOutput,
  searchInput,
  searchOutput,
  searchRecordListInput,
  searchRecordOutput,
  zId,
} from '@wenku/shared';
import { z } from 'zod';
import { permissionProcedure, publicProcedure, router } from '../trpc.ts';

const rebuildOutput = z.object({ total: z.number() });

export const searchRouter = router({
  /** GET /search: documents (0), articles (1) or both (-1), with facets. */
  search: publicProcedure
    .input(searchInput)
    .output(searchOutput)
    .query(({ ctx, input }) => search.search(ctx, input)),
  /** GET /document/search: moredoc's document search, same engine. */
  documents: publicProcedure
    .input(searchInput)
    .output(searchOutput)
    .query(({ ctx, input }) => search.search(ctx, { ...input, type: 0 })),
  /** Find a word or phrase on the converted pages of one document. */
  inDocument: publicProcedure
    .input(documentTextSearchInput)
    .output(documentTextSearchOutput)
    .query(({ ctx, input }) => search.searchInDocument(ctx, input.id, input.wd)),
  /** The text lines of one preview page with their boxes, for the selectable text layer. */
  pageText: publicProcedure
    .input(z.object({ id: zId, page: z.coerce.number().int().min(1) }))
    .output(
      z.object({
        page: z.number(),
        width: z.number(),
        height: z.number(),
        lines: z.array(z.object({ t: z.string(), b: z.tuple([z.number(), z.number(), z.number(), z.number()]) })),
        copyable: z.boolean(),
      }),
    )
    .query(({ ctx, input }) => search.documentPageText(ctx, input.id, input.page)),
  /** Hot searches for the home page: the last week's most searched words that found something. */
  hot: publicProcedure
    .input(z.object({ limit: z.coerce.number().int().min(1).max(30).default(10) }).optional())
    .output(z.object({ words: z.array(z.string()) }))
    .query(async ({ ctx, input }) => ({ words: await search.hotSearches(ctx, input?.limit ?? 10) })),
  recordList: permissionProcedure('SearchRecordAPI.ListSearchRecord')
    .input(searchRecordListInput)
    .output(listOutput('search_record', searchRecordOutput))
    .query(({ ctx, input }) => search.listSearchRecords(ctx, input)),
  recordDelete: permissionProcedure('SearchRecordAPI.DeleteSearchRecord')
    .input(idsInput)
    .output(emptyOutput)
    .mutation(async ({ ctx, input }) => {
      await search.deleteSearchRecords(ctx, input.id);
      return {};
    }),
  /** PUT /document/index: re-index every public document (a job; progress in indexStatus). */
  updateDocumentIndex: permissionProcedure('DocumentAPI.UpdateDocumentIndexes')
    .output(rebuildOutput)
    .mutation(({ ctx }) => search.rebuildSearchIndex(ctx, 0)),
  /** PUT /renew/document/index: the same rebuild, from the dashboard's "rebuild" action. */
  renewDocumentIndex: permissionProcedure('ConfigAPI.RenewDocumentIndex')
    .output(rebuildOutput)
    .mutation(({ ctx }) => search.rebuildSearchIndex(ctx, 0)),
  indexStatus: permissionProcedure('ConfigAPI.GetStats')
    .output(searchIndexStatusOutput)
    .query(({ ctx }) => search.searchIndexStatus(ctx)),
});
