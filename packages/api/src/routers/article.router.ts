import * as articles from '@wenku/domain/articles';
import * as search from '@wenku/domain/search';
import * as spider from '@wenku/domain/spider';
import {
  articleOutput,
  articleSearchOutput,
  checkArticlesInput,
  crawlArticleInput,
  crawlArticleOutput,
  createArticleInput,
  emptyOutput,
  getArticleInput,
  idsInput,
  listArticlesInput,
  listArticlesOutput,
  recommendArticlesInput,
  searchInput,
  setArticlesCategoryInput,
  updateArticleInput,
} from '@wenku/shared';
import { z } from 'zod';
import { done, memberProcedure, permissionProcedure, publicProcedure, router } from '../trpc.ts';

/** Articles and single pages (moredoc-facts §9). Authors' rights are checked in the domain. */
export const articleRouter = router({
  create: memberProcedure
    .input(createArticleInput)
    .output(articleOutput)
    .mutation(({ ctx, input }) => articles.createArticle(ctx, input)),
  update: memberProcedure
    .input(updateArticleInput)
    .output(articleOutput)
    .mutation(({ ctx, input }) => articles.updateArticle(ctx, input)),
  delete: memberProcedure
    .input(idsInput)
    .output(emptyOutput)
    .mutation(({ ctx, input }) => done(articles.deleteArticles(ctx, input.id))),
  get: publicProcedure
    .input(getArticleInput)
    .output(articleOutput)
    .query(({ ctx, input }) => articles.getArticle(ctx, input)),
  list: publicProcedure
    .input(listArticlesInput)
    .output(listArticlesOutput)
    .query(({ ctx, input }) => articles.listArticles(ctx, input)),
  check: permissionProcedure('ArticleAPI.CheckArticles')
    .input(checkArticlesInput)
    .output(emptyOutput)
    .mutation(({ ctx, input }) =>
      done(
        articles.checkArticles(ctx, input.article_id, input.status, input.reject_reason ?? input.rejeact_reason ?? ''),
      ),
    ),
  recommend: permissionProcedure('ArticleAPI.RecommendArticles')
    .input(recommendArticlesInput)
    .output(emptyOutput)
    .mutation(({ ctx, input }) => done(articles.recommendArticles(ctx, input.article_id, input.is_recommend))),
  setCategory: permissionProcedure('ArticleAPI.SetArticlesCategory')
    .input(setArticlesCategoryInput)
    .output(emptyOutput)
    .mutation(({ ctx, input }) => done(articles.setArticlesCategory(ctx, input.article_id, input.category_id))),
  recycleList: permissionProcedure('ArticleAPI.ListRecycleArticle')
    .input(listArticlesInput)
    .output(listArticlesOutput)
    .query(({ ctx, input }) => articles.listArticles(ctx, { ...input, is_deleted: true })),
  recycleRestore: permissionProcedure('ArticleAPI.RestoreRecycleArticle')
    .input(idsInput)
    .output(emptyOutput)
    .mutation(({ ctx, input }) => done(articles.restoreArticles(ctx, input.id))),
  recycleDelete: permissionProcedure('ArticleAPI.DeleteRecycleArticle')
    .input(idsInput)
    .output(emptyOutput)
    .mutation(({ ctx, input }) => done(articles.purgeArticles(ctx, input.id))),
  recycleEmpty: permissionProcedure('ArticleAPI.EmptyRecycleArticle')
    .output(emptyOutput)
    .mutation(({ ctx }) => done(articles.purgeArticles(ctx))),
  related: publicProcedure
    .input(z.object({ identifier: z.string().trim().min(1).max(64) }))
    .output(z.object({ article: z.array(articleOutput) }))
    .query(({ ctx, input }) => articles.relatedArticles(ctx, input.identifier)),
  canPublish: memberProcedure
    .output(z.object({ allowed: z.boolean() }))
    .query(({ ctx }) => articles.canPublishArticle(ctx)),
  /** POST /article/crawl (moredoc-pro-facts §9.3): article administrators and groups with `enable_article_crawl`. */
  crawl: memberProcedure
    .input(crawlArticleInput)
    .output(crawlArticleOutput)
    .mutation(({ ctx, input }) => spider.crawlArticle(ctx, input)),
  /** Whether the crawl form is offered to the caller. */
  canCrawl: memberProcedure
    .output(z.object({ allowed: z.boolean() }))
    .query(async ({ ctx }) => ({ allowed: await spider.canCrawlArticle(ctx) })),
  /** GET /article/search: moredoc's article search, same engine as documents. */
  search: publicProcedure
    .input(searchInput)
    .output(articleSearchOutput)
    .query(({ ctx, input }) => search.searchArticles(ctx, input)),
  /** PUT /article/index: re-index every public article (a job; progress in search.indexStatus). */
  updateIndex: permissionProcedure('ArticleAPI.UpdateArticleIndexes')
    .output(z.object({ total: z.number() }))
    .mutation(({ ctx }) => search.rebuildSearchIndex(ctx, 1)),
});
