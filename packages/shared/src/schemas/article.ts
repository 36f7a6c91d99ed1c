import { z } from 'zod';
import { listInput, timestamp, zArray, zBool, zId } from './common.ts';
import { publicUserOutput } from './user.ts';

export const articleOutput = z.object({
  id: z.number(),
  identifier: z.string(),
  user_id: z.number(),
  /** The author's public card (MOREDOC's article page and user card read its counters). */
  user: publicUserOutput.optional(),
  view_count: z.number(),
  favorite_count: z.number(),
  comment_count: z.number(),
  title: z.string(),
  keywords: z.string(),
  description: z.string(),
  /** Sanitized HTML; omitted in lists. */
  content: z.string().optional(),
  cover: z.string(),
  source: z.string(),
  source_url: z.string(),
  notice: z.number(),
  status: z.number(),
  reject_reason: z.string(),
  recommend_at: z.string().nullable(),
  category_id: z.array(z.number()),
  category: z.array(z.object({ id: z.number(), title: z.string(), parent_id: z.number() })).optional(),
  created_at: timestamp,
  updated_at: timestamp,
  deleted_at: z.string().nullable().optional(),
});
export type ArticleDTO = z.infer<typeof articleOutput>;

const title = z
  .string()
  .trim()
  .min(1, 'articles.enter_article_title')
  .max(255, 'articles.article_titles_255_characters');
/** Single pages use words (`about`), generated ones 16 hex characters. */
const identifier = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'articles.article_identifiers_may_only');
const content = z.string().max(2_000_000, 'articles.article_too');
const source = z.string().trim().max(255, 'articles.source_name_255_characters');
const sourceUrl = z
  .string()
  .trim()
  .max(1024, 'articles.source_link_too')
  .refine((s) => s === '' || /^https?:\/\/\S+$/.test(s), 'articles.source_link_must_start');
const cover = z
  .string()
  .trim()
  .max(255)
  .refine((s) => s === '' || s.startsWith('/uploads/') || /^https?:\/\//.test(s), 'articles.invalid_cover_address');

/** POST /article (moredoc-facts §9). Only administrators choose the identifier, recommend or mark a notice. */
export const createArticleInput = z.object({
  identifier: identifier.optional().or(z.literal('').transform(() => undefined)),
  title,
  keywords: z.string().trim().max(255, 'articles.keywords_255_characters').default(''),
  description: z.string().trim().max(1024, 'articles.descriptions_1024_characters').default(''),
  content: content.default(''),
  cover: cover.default(''),
  source: source.default(''),
  source_url: sourceUrl.default(''),
  category_id: zArray(zId).default([]),
  is_recommend: zBool.optional(),
  notice: z.coerce.number().int().min(0).max(100_000).optional(),
});
export type CreateArticleInput = z.infer<typeof createArticleInput>;

export const updateArticleInput = z.object({
  id: zId,
  title: title.optional(),
  keywords: z.string().trim().max(255, 'articles.keywords_255_characters').optional(),
  description: z.string().trim().max(1024, 'articles.descriptions_1024_characters').optional(),
  content: content.optional(),
  cover: cover.optional(),
  source: source.optional(),
  source_url: sourceUrl.optional(),
  category_id: zArray(zId).optional(),
  is_recommend: zBool.optional(),
  notice: z.coerce.number().int().min(0).max(100_000).optional(),
});
export type UpdateArticleInput = z.infer<typeof updateArticleInput>;

export const getArticleInput = z
  .object({ id: zId.optional(), identifier: z.string().trim().max(64).optional() })
  .refine((v) => v.id || v.identifier, 'articles.specify_article');

export const listArticlesInput = listInput.extend({
  size: z.coerce.number().int().min(1).max(1000).default(10),
  category_id: zArray(zId).optional(),
  user_id: zArray(zId).optional(),
  status: zArray(z.coerce.number().int().min(0).max(2)).optional(),
  is_recommend: zArray(zBool).optional(),
  /** Single pages only (`[1]`: identifiers chosen by an administrator, not the generated 16 hex) or none (`[0]`). */
  is_page: zArray(zBool).optional(),
  /** Pro: notices only (`[1]`) or none (`[0]`). */
  is_notice: zArray(zBool).optional(),
  /** popular → view_count desc (the /article tab 热门文章). */
  tab: z.enum(['latest', 'popular']).optional(),
});
export const listArticlesOutput = z.object({ total: z.number(), article: z.array(articleOutput) });

export const checkArticlesInput = z.object({
  article_id: zArray(zId, { n: 1, message: 'articles.select_articles' }),
  status: z.coerce.number().int().min(0).max(2),
  /** moredoc's misspelt field is accepted too. */
  reject_reason: z.string().max(2048).optional(),
  rejeact_reason: z.string().max(2048).optional(),
});

export const recommendArticlesInput = z.object({
  article_id: zArray(zId, { n: 1, message: 'articles.select_articles' }),
  is_recommend: zBool,
});

export const setArticlesCategoryInput = z.object({
  article_id: zArray(zId, { n: 1, message: 'articles.select_articles' }),
  category_id: zArray(zId),
});
