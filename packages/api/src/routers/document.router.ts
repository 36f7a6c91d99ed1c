import * as documents from '@wenku/domain/documents';
import * as orders from '@wenku/domain/orders';
import {
  checkDocumentsInput,
  createDocumentsInput,
  createDocumentsOutput,
  detectDocumentsLanguageInput,
  detectDocumentsLanguageOutput,
  documentExistInput,
  documentExistOutput,
  documentOutput,
  documentScoreInput,
  documentScoreOutput,
  downloadOutput,
  emptyOutput,
  fileChallengeInput,
  fileChallengeOutput,
  getDocumentInput,
  idInput,
  idsInput,
  listDocumentsInput,
  listDocumentsOutput,
  listInput,
  recommendDocumentsInput,
  setDocumentsCategoryInput,
  setDocumentsLanguageInput,
  setDocumentsVipInput,
  updateDocumentInput,
  zArray,
  zId,
} from '@wenku/shared';
import { z } from 'zod';
import { done, memberProcedure, permissionProcedure, publicProcedure, router } from '../trpc.ts';

export const documentRouter = router({
  create: memberProcedure
    .input(createDocumentsInput)
    .output(createDocumentsOutput)
    .mutation(({ ctx, input }) => documents.createDocuments(ctx, input)),
  /** The reading page (with_author counts a view); hidden statuses only for the owner and administrators. */
  get: publicProcedure
    .input(getDocumentInput)
    .output(documentOutput)
    .query(({ ctx, input }) => documents.getDocument(ctx, input)),
  list: publicProcedure
    .input(listDocumentsInput)
    .output(listDocumentsOutput)
    .query(({ ctx, input }) => documents.listDocuments(ctx, input)),
  /** Whether the library holds a file with this MD5: answers, or NOT_FOUND (moredoc-pro-facts §2.7). */
  exist: memberProcedure
    .input(documentExistInput)
    .output(documentExistOutput)
    .query(({ ctx, input }) => documents.documentFileExists(ctx, input.hash)),
  /** Instant upload, step 0: a proof-of-possession challenge for a file the library holds. */
  challenge: memberProcedure
    .input(fileChallengeInput)
    .output(fileChallengeOutput)
    .mutation(({ ctx, input }) => documents.createFileChallenge(ctx, input)),
  /** Owner edits; administrators also enable/disable (checked in the domain). */
  update: memberProcedure
    .input(updateDocumentInput)
    .output(documentOutput)
    .mutation(({ ctx, input }) => documents.updateDocument(ctx, input)),
  /** Owner deletes their own; holders of DeleteDocument any (checked in the domain). */
  delete: memberProcedure
    .input(idsInput)
    .output(emptyOutput)
    .mutation(({ ctx, input }) => done(documents.deleteDocuments(ctx, input.id))),
  check: permissionProcedure('DocumentAPI.CheckDocument')
    .input(checkDocumentsInput)
    .output(emptyOutput)
    .mutation(({ ctx, input }) => done(documents.checkDocuments(ctx, input.id, input.status))),
  recommend: permissionProcedure('DocumentAPI.SetDocumentRecommend')
    .input(recommendDocumentsInput)
    .output(emptyOutput)
    .mutation(({ ctx, input }) => done(documents.recommendDocuments(ctx, input.id, input.type))),
  reconvert: permissionProcedure('DocumentAPI.SetDocumentReconvert')
    .input(z.object({ id: zArray(zId).optional() }).optional())
    .output(z.object({ count: z.number() }))
    .mutation(({ ctx, input }) => documents.reconvertDocuments(ctx, input?.id)),
  setCategory: permissionProcedure('DocumentAPI.SetDocumentsCategory')
    .input(setDocumentsCategoryInput)
    .output(emptyOutput)
    .mutation(({ ctx, input }) => done(documents.setDocumentsCategory(ctx, input.document_id, input.category_id))),
  setLanguage: permissionProcedure('DocumentAPI.SetDocumentsLanguage')
    .input(setDocumentsLanguageInput)
    .output(emptyOutput)
    .mutation(({ ctx, input }) => done(documents.setDocumentsLanguage(ctx, input.document))),
  /** Suggests each document's language from its text (MOREDOC Pro); the same screen then saves them. */
  detectLanguage: permissionProcedure('DocumentAPI.SetDocumentsLanguage')
    .input(detectDocumentsLanguageInput)
    .output(detectDocumentsLanguageOutput)
    .mutation(({ ctx, input }) => documents.detectDocumentsLanguage(ctx, input.document_id)),
  recycleList: permissionProcedure('RecycleAPI.ListRecycleDocument')
    .input(listDocumentsInput)
    .output(listDocumentsOutput)
    .query(({ ctx, input }) => documents.listDocuments(ctx, { ...input, is_deleted: true })),
  recycleRestore: permissionProcedure('RecycleAPI.RecoverRecycleDocument')
    .input(idsInput)
    .output(emptyOutput)
    .mutation(({ ctx, input }) => done(documents.restoreDocuments(ctx, input.id))),
  recycleDelete: permissionProcedure('RecycleAPI.DeleteRecycleDocument')
    .input(idsInput)
    .output(emptyOutput)
    .mutation(({ ctx, input }) => done(documents.purgeDocuments(ctx, input.id))),
  recycleClear: permissionProcedure('RecycleAPI.ClearRecycleDocument')
    .output(emptyOutput)
    .mutation(({ ctx }) => done(documents.purgeDocuments(ctx))),
  score: memberProcedure
    .input(z.object({ document_id: zId }))
    .output(documentScoreOutput)
    .query(({ ctx, input }) => documents.myDocumentScore(ctx, input.document_id)),
  rate: memberProcedure
    .input(documentScoreInput)
    .output(documentScoreOutput)
    .mutation(({ ctx, input }) => documents.rateDocument(ctx, input.document_id, input.score)),
  related: publicProcedure
    .input(idInput)
    .output(z.object({ document: z.array(documentOutput) }))
    .query(({ ctx, input }) => documents.relatedDocuments(ctx, input.id)),
  /** The reader's text mode: headings and paragraphs of previewable pages only (issue 20). */
  readingText: publicProcedure
    .input(z.object({ id: zId, from: z.number().int().min(1).max(100000), count: z.number().int().min(1).max(10) }))
    .output(
      z.object({
        pages: z.array(
          z.object({
            page: z.number(),
            blocks: z.array(z.object({ k: z.union([z.literal(0), z.literal(1), z.literal(2)]), t: z.string() })),
          }),
        ),
        readable: z.number(),
        total: z.number(),
        copyable: z.boolean(),
      }),
    )
    .query(({ ctx, input }) => documents.documentReadingText(ctx, input)),
  /** Where the signed-in reader stopped (0 = nowhere yet); anonymous visitors get 0. */
  readingPosition: publicProcedure
    .input(idInput)
    .output(z.object({ page: z.number() }))
    .query(({ ctx, input }) => documents.readingPosition(ctx, input.id)),
  saveReadingPosition: memberProcedure
    .input(z.object({ id: zId, page: z.number().int().min(1).max(100000) }))
    .output(z.object({ page: z.number() }))
    .mutation(({ ctx, input }) => documents.saveReadingPosition(ctx, input.id, input.page)),
  /** Home page blocks: newest public documents of each top-level category. */
  home: publicProcedure
    .input(
      z
        .object({
          limit: z.coerce.number().int().min(1).max(100).default(5),
          field: zArray(z.string().max(32)).optional(),
        })
        .optional(),
    )
    .output(
      z.object({
        document: z.array(
          z.object({
            category_id: z.number(),
            category_name: z.string(),
            category_cover: z.string(),
            document: z.array(
              z
                .object({
                  id: z.number(),
                  title: z.string(),
                  ext: z.string(),
                  uuid: z.string(),
                  pages: z.number(),
                  cover: z.string(),
                  is_vip: z.boolean(),
                })
                .catchall(z.union([z.string(), z.number(), z.boolean()])),
            ),
          }),
        ),
      }),
    )
    .query(({ ctx, input }) => documents.homeDocuments(ctx, { limit: input?.limit, field: input?.field })),
  canUpload: memberProcedure
    .output(z.object({ allowed: z.boolean() }))
    .query(({ ctx }) => documents.canUploadDocument(ctx)),
  myDownloads: memberProcedure
    .input(listInput.pick({ page: true, size: true }))
    .output(
      z.object({
        total: z.number(),
        download: z.array(
          z.object({
            id: z.number(),
            document_id: z.number(),
            is_pay: z.boolean(),
            created_at: z.string(),
            document_uuid: z.string(),
            title: z.string(),
            ext: z.string(),
            score: z.number(),
            pages: z.number(),
            size: z.number(),
            document: z
              .object({
                id: z.number(),
                uuid: z.string(),
                title: z.string(),
                ext: z.string(),
                price: z.number(),
                pages: z.number(),
              })
              .nullable(),
          }),
        ),
      }),
    )
    .query(({ ctx, input }) => documents.myDownloads(ctx, input.page, input.size)),
  /** A signed, short-lived download link; guests only when guest downloads are on (checked in the domain). */
  download: publicProcedure
    .meta({ accessNote: '需要登录；开启游客下载（download.enable_guest_download）时游客可下载免费文档' })
    .input(idInput)
    .output(downloadOutput)
    .query(({ ctx, input }) => documents.requestDownload(ctx, input.id)),
  /** A reviewer's link to the file of a document under review, rejected or disabled (moredoc-facts §6.3). */
  downloadForReview: permissionProcedure('DocumentAPI.DownloadDocumentToBeReviewed')
    .input(idInput)
    .output(downloadOutput)
    .query(({ ctx, input }) => documents.requestReviewDownload(ctx, input.id)),
  /** A VIP member's download of a VIP document with the VIP quota (moredoc-pro-facts §2.6). */
  downloadVip: memberProcedure
    .input(idInput)
    .output(downloadOutput)
    .query(({ ctx, input }) => documents.requestVipDownload(ctx, input.id)),
  setVip: permissionProcedure('DocumentAPI.SetDocumentsVIP')
    .input(setDocumentsVipInput)
    .output(emptyOutput)
    .mutation(({ ctx, input }) => done(orders.setDocumentsVip(ctx, input))),
});
