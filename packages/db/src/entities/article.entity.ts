import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { baseProperties, p, references } from './_common.ts';
import { Category } from './catalogue.entity.ts';
import { User } from './user.entity.ts';

/** An article or single page (moredoc-facts §2.7; `notice` and `cover` from moredoc Pro). */
export const Article = defineEntity({
  name: 'Article',
  tableName: 'article',
  indexes: [{ properties: ['status', 'deletedAt'] }, { properties: ['userId', 'deletedAt'] }],
  properties: {
    ...baseProperties(),
    /** Public slug, never changed after creation; single pages use words (`about`), others 16 hex characters. */
    identifier: p.string().length(64).unique(),
    userId: references(User, 'user_id', 'no action').index(),
    viewCount: p.integer().default(0),
    favoriteCount: p.integer().default(0),
    commentCount: p.integer().default(0),
    title: p.string().length(255),
    keywords: p.string().length(255).default(''),
    description: p.string().length(1024).default(''),
    /** Sanitized HTML. */
    content: p.text().default(''),
    cover: p.string().length(255).default(''),
    /** Where the article came from (moredoc-pro-facts §2.7 `来源`): a name and a link, '' for own articles. */
    source: p.string().length(255).default(''),
    sourceUrl: p.string().length(1024).default(''),
    /** > 0 marks a site notice; larger first (pro-facts §2.7). */
    notice: p.integer().default(0),
    /** spec §3: 0 pending, 1 approved, 2 rejected. */
    status: p.smallint().default(0),
    rejectReason: p.string().length(2048).default(''),
    recommendAt: p.datetime().nullable().index(),
    deletedAt: p.datetime().nullable().index(),
  },
});
export type IArticle = InferEntity<typeof Article>;

export const ArticleCategory = defineEntity({
  name: 'ArticleCategory',
  tableName: 'article_category',
  uniques: [{ properties: ['articleId', 'categoryId'] }],
  properties: {
    ...baseProperties(),
    articleId: references(Article, 'article_id', 'cascade').index(),
    categoryId: references(Category, 'category_id', 'cascade').index(),
  },
});
export type IArticleCategory = InferEntity<typeof ArticleCategory>;
