import { z } from 'zod';
import { CrawlerDocumentStatus } from '../enums/index.ts';
import { listInput, timestamp, zArray, zId, zIdOrZero } from './common.ts';

/** The crawler's messages (moredoc-pro-facts §9), shared by the forms and the server. */
export const SPIDER_MESSAGES = {
  urlRequired: 'spider.url_required',
  urlInvalid: 'spider.url_invalid',
  tooMany: 'spider.too_many',
  urlNotFound: 'spider.url_not_found',
  documentNotFound: 'spider.document_not_found',
  busyNoDelete: 'spider.busy_no_delete',
  busyNoUpdate: 'spider.busy_no_update',
  crawlingNoUpdate: 'spider.crawling_no_update',
  statusNotAllowed: 'spider.status_not_allowed',
  titleEmpty: 'spider.title_empty',
  notDownloaded: 'spider.not_downloaded',
  userRequired: 'spider.user_required',
  userNotFound: 'spider.user_not_found',
  categoryRequired: 'spider.category_required',
  duplicate: 'spider.duplicate',
  articleUrlRequired: 'spider.article_url_required',
  articleCrawlForbidden: 'spider.article_crawl_forbidden',
  articleNoContent: 'spider.article_no_content',
} as const;

/** A crawl address: http or https only (the fetcher checks the resolved address again). */
export const spiderUrl = z
  .string()
  .trim()
  .min(1, SPIDER_MESSAGES.urlRequired)
  .max(2048, SPIDER_MESSAGES.urlInvalid)
  .refine((s) => {
    try {
      const u = new URL(s);
      return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
    } catch {
      return false;
    }
  }, SPIDER_MESSAGES.urlInvalid);

/** GET /spiderurl/list (moredoc-pro-facts §9.1): keyword `wd`, `status[]`. */
export const listSpiderUrlInput = listInput.extend({
  status: zArray(z.coerce.number().int().min(0).max(3)).optional(),
});
export type ListSpiderUrlInput = z.infer<typeof listSpiderUrlInput>;

/** POST /spiderurl {url: [lines]}: blank lines are dropped, repeated lines count once. */
export const createSpiderUrlInput = z.object({
  url: z.preprocess(
    (v) => {
      const lines = typeof v === 'string' ? v.split(/\r?\n/) : Array.isArray(v) ? v : v;
      return Array.isArray(lines)
        ? [...new Set(lines.map((l) => (typeof l === 'string' ? l.trim() : l)).filter((l) => l !== ''))]
        : lines;
    },
    z.array(spiderUrl).min(1, SPIDER_MESSAGES.urlRequired).max(1000, SPIDER_MESSAGES.tooMany),
  ),
});
export type CreateSpiderUrlInput = z.infer<typeof createSpiderUrlInput>;

/** PUT /spiderurl: only the status changes; 待采集 (0) queues the link again. */
export const updateSpiderUrlInput = z.object({
  id: zId,
  status: z.coerce.number().int().min(0).max(3),
});
export type UpdateSpiderUrlInput = z.infer<typeof updateSpiderUrlInput>;

export const spiderUrlOutput = z.object({
  id: z.number(),
  status: z.number(),
  url: z.string(),
  total: z.number(),
  error: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type SpiderUrlDTO = z.infer<typeof spiderUrlOutput>;

/** GET /spiderdocument/list (moredoc-pro-facts §9.2): keyword, `status[]`, optionally one link's documents. */
export const listSpiderDocumentInput = listInput.extend({
  status: zArray(z.coerce.number().int().min(0).max(8)).optional(),
  spider_url_id: zArray(zId).optional(),
});
export type ListSpiderDocumentInput = z.infer<typeof listSpiderDocumentInput>;

/**
 * The category path to publish into: moredoc Pro sends a JSON string of the id path (`"[3,7]"`); an array works too.
 * Stored and answered as that JSON string.
 */
export const spiderCategoryPath = z.preprocess(
  (v) => {
    if (Array.isArray(v)) return JSON.stringify(v.map(Number));
    if (typeof v === 'number') return JSON.stringify([v]);
    return v;
  },
  z
    .string()
    .max(255)
    .refine((s) => {
      if (s === '') return true;
      try {
        const ids: unknown = JSON.parse(s);
        return Array.isArray(ids) && ids.every((n) => Number.isInteger(n) && (n as number) > 0);
      } catch {
        return false;
      }
    }, SPIDER_MESSAGES.categoryRequired),
);

/**
 * Whether a crawled document may go to the publish queue by its status: downloaded (3), or a failed publish (8) to
 * try again (moredoc-pro-facts §9.2). The server enforces it; the publish drawer shows it.
 */
export const isPublishableStatus = (status: number) =>
  status === CrawlerDocumentStatus.DownloadSuccess || status === CrawlerDocumentStatus.PublishFailed;

/** Parses the stored category path; malformed text gives an empty path. */
export function parseSpiderCategoryPath(s: string): number[] {
  try {
    const ids: unknown = JSON.parse(s || '[]');
    return Array.isArray(ids) ? ids.filter((n): n is number => Number.isInteger(n) && n > 0) : [];
  } catch {
    return [];
  }
}

/** What the batch editor and the publish drawer may change on one document (moredoc-pro-facts §9.2). */
export const spiderDocumentPatch = z.object({
  id: zId,
  /** Only 0 (reset), 1 (download queue) and 5 (publish queue) may be asked for; the jobs set the others. */
  status: z.coerce.number().int().min(0).max(8).optional(),
  title: z.string().trim().max(255, 'spider.titles_255_characters').optional(),
  title_from_href: z.string().trim().max(255).optional(),
  title_from_url: z.string().trim().max(255).optional(),
  title_from_attachment: z.string().trim().max(255).optional(),
  language: z.string().trim().max(16).optional(),
  price: z.coerce.number().int().min(0, 'documents.price_cannot_negative').max(100_000_000).optional(),
  user_id: zIdOrZero.optional(),
  category_id: spiderCategoryPath.optional(),
});
export type SpiderDocumentPatch = z.infer<typeof spiderDocumentPatch>;

/** PUT /spiderdocument (single, kept for moredoc clients). */
export const updateSpiderDocumentInput = spiderDocumentPatch;

/** PUT /spiderdocument/batch {spider_document: [...]}. */
export const batchUpdateSpiderDocumentInput = z.object({
  spider_document: z.array(spiderDocumentPatch).min(1, 'common.choose_items_act_on').max(1000),
});
export type BatchUpdateSpiderDocumentInput = z.infer<typeof batchUpdateSpiderDocumentInput>;

export const spiderDocumentOutput = z.object({
  id: z.number(),
  spider_url_id: z.number(),
  status: z.number(),
  url: z.string(),
  host: z.string(),
  title: z.string(),
  title_from_href: z.string(),
  title_from_url: z.string(),
  title_from_attachment: z.string(),
  language: z.string(),
  price: z.number(),
  size: z.number(),
  ext: z.string(),
  content_type: z.string(),
  error: z.string(),
  save_path: z.string(),
  attachment_id: z.number(),
  hash: z.string(),
  user_id: z.number(),
  category_id: z.string(),
  document_id: z.number(),
  /** The library document that already holds the same file (hash), 0 when none. */
  duplicate_document_id: z.number(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type SpiderDocumentDTO = z.infer<typeof spiderDocumentOutput>;

/** POST /article/crawl (moredoc-pro-facts §9.3): mode 0 smart extraction, 1 custom selectors. */
export const crawlArticleInput = z.object({
  url: z
    .string({ error: SPIDER_MESSAGES.articleUrlRequired })
    .trim()
    .min(1, SPIDER_MESSAGES.articleUrlRequired)
    .pipe(spiderUrl),
  mode: z.coerce.number().int().min(0).max(1).default(0),
  /** CSS selectors, one a line (mode 1). */
  select: z.string().max(4000).default(''),
  /** CSS selectors of parts to drop, one a line. */
  exclude: z.string().max(4000).default(''),
  /** `原内容 => 新内容`, one a line. */
  replace: z.string().max(20_000).default(''),
});
export type CrawlArticleInput = z.infer<typeof crawlArticleInput>;

export const crawlArticleOutput = z.object({
  title: z.string(),
  keywords: z.string(),
  description: z.string(),
  /** Sanitized like any article. */
  content: z.string(),
  /** Where it came from, for the 来源 of the article: the host and address of the page, after redirects. */
  source: z.string(),
  source_url: z.string(),
});
export type CrawlArticleDTO = z.infer<typeof crawlArticleOutput>;
