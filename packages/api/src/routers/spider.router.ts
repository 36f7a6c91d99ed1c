import * as spider from '@wenku/domain/spider';
import {
  batchUpdateSpiderDocumentInput,
  createSpiderUrlInput,
  emptyOutput,
  idInput,
  idsInput,
  listOutput,
  listSpiderDocumentInput,
  listSpiderUrlInput,
  spiderDocumentOutput,
  spiderUrlOutput,
  updateSpiderDocumentInput,
  updateSpiderUrlInput,
} from '@wenku/shared';
import { z } from 'zod';
import { done, permissionProcedure, router } from '../trpc.ts';

/** 链接采集 (moredoc-pro-facts §9.1). */
export const spiderUrlRouter = router({
  create: permissionProcedure('SpiderUrlAPI.CreateSpiderUrl')
    .input(createSpiderUrlInput)
    .output(z.object({ spider_url: z.array(spiderUrlOutput) }))
    .mutation(({ ctx, input }) => spider.createSpiderUrls(ctx, input)),
  update: permissionProcedure('SpiderUrlAPI.UpdateSpiderUrl')
    .input(updateSpiderUrlInput)
    .output(spiderUrlOutput)
    .mutation(({ ctx, input }) => spider.updateSpiderUrl(ctx, input)),
  delete: permissionProcedure('SpiderUrlAPI.DeleteSpiderUrl')
    .input(idsInput)
    .output(emptyOutput)
    .mutation(({ ctx, input }) => done(spider.deleteSpiderUrls(ctx, input.id))),
  get: permissionProcedure('SpiderUrlAPI.GetSpiderUrl')
    .input(idInput)
    .output(spiderUrlOutput)
    .query(({ ctx, input }) => spider.getSpiderUrl(ctx, input.id)),
  list: permissionProcedure('SpiderUrlAPI.ListSpiderUrl')
    .input(listSpiderUrlInput)
    .output(listOutput('spider_url', spiderUrlOutput))
    .query(({ ctx, input }) => spider.listSpiderUrls(ctx, input)),
});

/** 文档采集 (moredoc-pro-facts §9.2). */
export const spiderDocumentRouter = router({
  update: permissionProcedure('SpiderDocumentAPI.UpdateSpiderDocument')
    .input(updateSpiderDocumentInput)
    .output(spiderDocumentOutput)
    .mutation(({ ctx, input }) => spider.updateSpiderDocument(ctx, input)),
  batchUpdate: permissionProcedure('SpiderDocumentAPI.BatchUpdateSpiderDocument')
    .input(batchUpdateSpiderDocumentInput)
    .output(z.object({ spider_document: z.array(spiderDocumentOutput) }))
    .mutation(({ ctx, input }) => spider.batchUpdateSpiderDocuments(ctx, input)),
  delete: permissionProcedure('SpiderDocumentAPI.DeleteSpiderDocument')
    .input(idsInput)
    .output(emptyOutput)
    .mutation(({ ctx, input }) => done(spider.deleteSpiderDocuments(ctx, input.id))),
  get: permissionProcedure('SpiderDocumentAPI.GetSpiderDocument')
    .input(idInput)
    .output(spiderDocumentOutput)
    .query(({ ctx, input }) => spider.getSpiderDocument(ctx, input.id)),
  list: permissionProcedure('SpiderDocumentAPI.ListSpiderDocument')
    .input(listSpiderDocumentInput)
    .output(listOutput('spider_document', spiderDocumentOutput))
    .query(({ ctx, input }) => spider.listSpiderDocuments(ctx, input)),
});
