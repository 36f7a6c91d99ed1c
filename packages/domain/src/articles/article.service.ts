import { randomBytes } from 'node:crypto';
import type { ObjectQuery } from '@mikro-orm/core';
import { Article, ArticleCategory, Category, type EntityManager, Group, type IArticle, User } from '@wenku/db';
import {
  type ArticleDTO,
  ArticleStatus,
  AttachmentType,
  type CreateArticleInput,
  PunishmentType,
  type UpdateArticleInput,
} from '@wenku/shared';
import { categoryChains } from '../catalogue/category.service.ts';
import type { Actor, DomainContext } from '../context.ts';
import { keywordsFromTitle } from '../documents/document.service.ts';
import { conflict, forbidden, invalid, notFound } from '../errors.ts';
import { activePunishment, punishmentReason } from '../moderation/punishment.service.ts';
import { can, requireActor } from '../permissions.ts';
import { escapeLike, type ListQuery, pageWindow, parseOrder } from '../presenter.ts';
import { highlight, snippet } from '../search/highlight.ts';
import { kickSearchIndexer, registerSearchIndexer, touchSearchIndex } from '../search/indexer.service.ts';
import { similarItems } from '../search/related.service.ts';
import { registerSearchResultLoader } from '../search/search.service.ts';
import { boostSql, pgArray } from '../search/sql.ts';
import { tsvectorLiteral } from '../search/tsvector.ts';
import { presentPublicUser } from '../users/user.presenter.ts';
import { shownCounts } from '../users/user-counts.ts';
import { isPublicArticle, mayChangeArticles, mayReadArticle } from './article.policy.ts';
import { type ArticleRow, presentArticle } from './article.presenter.ts';
import { htmlToText, sanitizeArticleHtml } from './article-html.ts';

/**
 * Articles and single pages (moredoc-facts §9): members publish by their groups' rights, administrators (holders of
 * the ArticleAPI permissions) manage every article. Stored HTML is always sanitized. The public sees approved
 * articles that are not in the recycle bin; authors see their own in any state.
 */

const isManager = (actor: Actor | null) => can(actor, 'ArticleAPI.ListArticle') || can(actor, 'ArticleAPI.GetArticle');

/** Whether the member may publish and whether their articles wait for approval (moredoc-facts §7.6). */
export async function articleRights(ctx: DomainContext, actor: Actor) {
  if (can(actor, 'ArticleAPI.CreateArticle')) return { canPublish: true, needsApproval: false };
  const punished = await activePunishment(ctx.em, actor.user.id, [
    PunishmentType.DisableAccount,
    PunishmentType.NoArticle,
  ]);
  if (punished) return { canPublish: false, needsApproval: true, punished };
  const groups = actor.groupIds.length ? await ctx.em.find(Group, { id: { $in: [...actor.groupIds] } }) : [];
  const publishing = groups.filter((g) => g.enableArticle);
  return {
    canPublish: publishing.length > 0,
    needsApproval: publishing.length > 0 && publishing.every((g) => g.enableArticleApproval),
  };
}

/** GET /user/canipublisharticle. */
export async function canPublishArticle(ctx: DomainContext) {
  if (!ctx.actor) return { allowed: false };
  return { allowed: (await articleRights(ctx, ctx.actor)).canPublish };
}

async function assertArticleCategories(em: EntityManager, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const found = await em.count(Category, { id: { $in: unique }, type: 1 });
  if (found !== unique.length) throw invalid('catalogue.category_not_found', 'category_id');
  return unique;
}

async function moveCategoryCounts(em: EntityManager, ids: readonly number[], delta: number) {
  if (ids.length)
    await em.execute('update category set doc_count = greatest(0, doc_count + ?) where id = any(?::int[])', [
      delta,
      pgArray([...ids]),
    ]);
}

async function categoriesOf(em: EntityManager, articleIds: readonly number[]) {
  const map = new Map<number, number[]>();
  if (!articleIds.length) return map;
  for (const l of await em.find(ArticleCategory, { articleId: { $in: [...articleIds] } }, { orderBy: { id: 'asc' } }))
    map.set(l.articleId, [...(map.get(l.articleId) ?? []), l.categoryId]);
  return map;
}

/** Images and videos uploaded for an article belong to it from now on (the storage purge keeps them). */
async function claimUploads(em: EntityManager, articleId: number, html: string) {
  const paths = [...html.matchAll(/\s(?:src|poster)="(\/uploads\/[^"]+)"/g)].map((m) => m[1] ?? '');
  if (paths.length)
    await em.execute(
      'update attachment set type_id = ? where type = ? and type_id = 0 and path = any(?::text[]) and deleted_at is null',
      [articleId, AttachmentType.Article, pgArray(paths)],
    );
}

/** Description from the text when none is given: its first 200 characters. */
const describe = (html: string) => [...htmlToText(html)].slice(0, 200).join('');

async function presentMany(ctx: DomainContext, articles: ArticleRow[], withContent = false) {
  const cats = await categoriesOf(
    ctx.em,
    articles.map((a) => a.id),
  );
  const chains = await categoryChains(ctx.em, cats);
  const userIds = [...new Set(articles.map((a) => a.userId))];
  const users = userIds.length ? await ctx.em.find(User, { id: { $in: userIds } }) : [];
  const shown = await shownCounts(ctx.em, ctx.actor, userIds);
  const byId = new Map(
    users.map((u) => [
      u.id,
      { ...presentPublicUser(u), doc_count: shown.get(u.id)?.docs ?? 0, article_count: shown.get(u.id)?.articles ?? 0 },
    ]),
  );
  return articles.map((a) =>
    presentArticle(a, {
      user: byId.get(a.userId),
      categoryIds: cats.get(a.id) ?? [],
      categories: chains.get(a.id) ?? [],
      withContent,
    }),
  );
}

/**
 * POST /article. Throws FORBIDDEN (no right to publish), CONFLICT (identifier taken), VALIDATION_FAILED.
 */
export async function createArticle(ctx: DomainContext, input: CreateArticleInput) {
  const actor = requireActor(ctx);
  const rights = await articleRights(ctx, actor);
  if (rights.punished) throw forbidden(punishmentReason(rights.punished));
  if (!rights.canPublish) throw forbidden('articles.publish_forbidden');
  const admin = can(actor, 'ArticleAPI.CreateArticle');
  const content = sanitizeArticleHtml(input.content);
  const created = await ctx.em.transactional(async (em) => {
    const categories = await assertArticleCategories(em, input.category_id);
    const identifier = admin && input.identifier ? input.identifier : randomBytes(8).toString('hex');
    if (await em.count(Article, { identifier })) throw conflict('articles.identifier_exists');
    const article = em.create(Article, {
      identifier,
      userId: actor.user.id,
      title: input.title,
      keywords: input.keywords || keywordsFromTitle(input.title).replace(/,/g, ', '),
      description: input.description || describe(content),
      content,
      cover: input.cover,
      source: input.source,
      sourceUrl: input.source_url,
      notice: admin ? (input.notice ?? 0) : 0,
      status: rights.needsApproval ? ArticleStatus.Pending : ArticleStatus.Approved,
      recommendAt: admin && input.is_recommend ? new Date() : null,
    });
    await em.flush();
    for (const categoryId of categories) em.create(ArticleCategory, { articleId: article.id, categoryId });
    await moveCategoryCounts(em, categories, 1);
    await em.execute('update "user" set article_count = article_count + 1 where id = ?', [actor.user.id]);
    await claimUploads(em, article.id, content);
    await em.flush();
    await touchSearchIndex(em, 1, [article.id]);
    return article;
  });
  await kickSearchIndexer(ctx);
  return (await presentMany(ctx, [created], true))[0] as ArticleDTO;
}

/** What the public reads of an article and a reviewer judged: an author's change of these goes back to review. */
const REVIEWED_FIELDS = ['title', 'keywords', 'description', 'content', 'cover'] as const;
const reviewedContent = (a: IArticle, categoryIds: readonly number[]) =>
  JSON.stringify([...REVIEWED_FIELDS.map((f) => a[f]), [...new Set(categoryIds)].sort((x, y) => x - y)]);

/**
 * PUT /article: the author or an administrator. The identifier, counters and author never change; a rejected
 * article goes back to review after an edit, and so does an approved one whose author's articles wait for approval
 * when the edit changes what the public reads (hidden until approved). An author barred from publishing cannot edit.
 * Throws NOT_FOUND, FORBIDDEN.
 */
export async function updateArticle(ctx: DomainContext, input: UpdateArticleInput) {
  const actor = requireActor(ctx);
  const admin = can(actor, 'ArticleAPI.UpdateArticle');
  const updated = await ctx.em.transactional(async (em) => {
    const article = await em.findOne(Article, { id: input.id, deletedAt: null });
    if (!article) throw notFound('articles.not_found');
    if (!mayChangeArticles([article], { userId: actor.user.id, admin })) throw forbidden('articles.edit_forbidden');
    // The author's edit is a publication of new content: the same punishment and the same approval apply.
    const rights = admin ? null : await articleRights({ ...ctx, em }, actor);
    if (rights?.punished) throw forbidden(punishmentReason(rights.punished));
    const categoriesBefore = (await categoriesOf(em, [article.id])).get(article.id) ?? [];
    const reviewedBefore = reviewedContent(article, categoriesBefore);
    if (input.title !== undefined) article.title = input.title;
    if (input.keywords !== undefined) article.keywords = input.keywords || keywordsFromTitle(article.title);
    if (input.content !== undefined) {
      article.content = sanitizeArticleHtml(input.content);
      await claimUploads(em, article.id, article.content);
    }
    if (input.description !== undefined) article.description = input.description || describe(article.content);
    if (input.cover !== undefined) article.cover = input.cover;
    if (input.source !== undefined) article.source = input.source;
    if (input.source_url !== undefined) article.sourceUrl = input.source_url;
    if (admin && input.notice !== undefined) article.notice = input.notice;
    if (admin && input.is_recommend && !article.recommendAt) article.recommendAt = new Date();
    if (article.status === ArticleStatus.Rejected) article.status = ArticleStatus.Pending;
    const categoriesAfter = input.category_id ? await assertArticleCategories(em, input.category_id) : categoriesBefore;
    if (input.category_id) {
      await em.nativeDelete(ArticleCategory, { articleId: article.id });
      for (const categoryId of categoriesAfter) em.create(ArticleCategory, { articleId: article.id, categoryId });
      await moveCategoryCounts(em, categoriesBefore, -1);
      await moveCategoryCounts(em, categoriesAfter, 1);
    }
    const awaitsApproval =
      !!rights && (rights.needsApproval || !rights.canPublish) && !can(actor, 'ArticleAPI.CheckArticles');
    if (
      awaitsApproval &&
      article.status === ArticleStatus.Approved &&
      reviewedContent(article, categoriesAfter) !== reviewedBefore
    ) {
      article.status = ArticleStatus.Pending;
      article.rejectReason = '';
    }
    await em.flush();
    await touchSearchIndex(em, 1, [article.id]);
    return article;
  });
  await kickSearchIndexer(ctx);
  return (await presentMany(ctx, [updated], true))[0] as ArticleDTO;
}

/**
 * GET /article by id or identifier: unapproved and deleted articles only for their author and administrators.
 * A fetch by identifier (the reading page) counts a view.
 */
export async function getArticle(ctx: DomainContext, input: { id?: number; identifier?: string }) {
  const where = input.identifier ? { identifier: input.identifier } : { id: input.id ?? 0 };
  const article = await ctx.em.findOne(Article, where);
  if (
    !article ||
    !mayReadArticle(article, { userId: ctx.actor?.user.id, admin: can(ctx.actor, 'ArticleAPI.GetArticle') })
  )
    throw notFound('articles.not_found_or_hidden');
  // Counted in SQL, the loaded row left as it is (as a document's view, documents/document.service.ts getDocument).
  const [counted] =
    input.identifier && isPublicArticle(article)
      ? await ctx.em.execute<{ view_count: number }[]>(
          'update article set view_count = view_count + 1 where id = ? returning view_count',
          [article.id],
        )
      : [];
  const [dto] = (await presentMany(ctx, [article], true)) as [ArticleDTO];
  return counted ? { ...dto, view_count: counted.view_count } : dto;
}

/**
 * Views of an article's reading page that the server sent from its page cache (apps/server/src/http/web.ts): the
 * render that would have counted them (getArticle by identifier) was skipped. Counted as getArticle counts one, for a
 * public article only.
 */
export async function countCachedArticleViews(
  ctx: Pick<DomainContext, 'em'>,
  identifier: string,
  views: number,
): Promise<void> {
  await ctx.em.execute(
    `update article set view_count = view_count + ? where identifier = ? and status = ? and deleted_at is null`,
    [views, identifier, ArticleStatus.Approved],
  );
}

const SORTABLE = [
  'id',
  'created_at',
  'updated_at',
  'view_count',
  'favorite_count',
  'comment_count',
  'recommend_at',
  'notice',
];

/**
 * GET /article/list: the public sees approved articles; an author listing their own and administrators may filter
 * by status and search by `wd`. Notices (pro) first when asked for them.
 */
export async function listArticles(
  ctx: DomainContext,
  input: ListQuery & {
    category_id?: number[];
    user_id?: number[];
    status?: number[];
    is_recommend?: boolean[];
    is_notice?: boolean[];
    is_page?: boolean[];
    tab?: 'latest' | 'popular';
    is_deleted?: boolean;
  },
) {
  const own = !!ctx.actor && input.user_id?.length === 1 && input.user_id[0] === ctx.actor.user.id;
  const manager = isManager(ctx.actor);
  const where: ObjectQuery<IArticle> = { deletedAt: input.is_deleted ? { $ne: null } : null };
  if (manager || own) {
    if (input.status?.length) where.status = { $in: input.status };
  } else where.status = ArticleStatus.Approved;
  if (input.user_id?.length) where.userId = { $in: input.user_id };
  if (input.is_recommend?.length === 1) where.recommendAt = input.is_recommend[0] ? { $ne: null } : null;
  if (input.is_notice?.length === 1) where.notice = input.is_notice[0] ? { $gt: 0 } : 0;
  if (input.is_page?.length === 1) {
    const pages = await ctx.em.execute<{ id: number }[]>(
      `select id from article where identifier ${input.is_page[0] ? '!~' : '~'} '^[0-9a-f]{16}$'`,
    );
    where.$and = [{ id: { $in: pages.map((p) => p.id) } }];
  }
  if (input.category_id?.length) {
    const links = await ctx.em.find(
      ArticleCategory,
      { categoryId: { $in: input.category_id } },
      { fields: ['articleId'] },
    );
    where.id = { $in: [...new Set(links.map((l) => l.articleId))] };
  }
  if (input.wd) {
    const like = `%${escapeLike(input.wd)}%`;
    where.$or = [{ title: { $ilike: like } }, { keywords: { $ilike: like } }, { description: { $ilike: like } }];
    if (manager && input.is_deleted) (where.$or as unknown[]).push({ content: { $ilike: like } });
  }
  const fallback: Record<string, 'asc' | 'desc'> = input.is_deleted
    ? { deletedAt: 'desc', id: 'desc' }
    : input.tab === 'popular'
      ? { viewCount: 'desc', id: 'desc' }
      : input.is_notice?.[0]
        ? { notice: 'desc', id: 'desc' }
        : { id: 'desc' };
  const [articles, total] = await ctx.em.findAndCount(Article, where, {
    orderBy: parseOrder(input.order, SORTABLE, fallback),
    ...pageWindow(input),
    exclude: ['content'],
  });
  return { total, article: await presentMany(ctx, articles) };
}

/** DELETE /article: administrators any, authors their own; into the recycle bin. Throws FORBIDDEN. */
export async function deleteArticles(ctx: DomainContext, ids: number[]) {
  const actor = requireActor(ctx);
  const admin = can(actor, 'ArticleAPI.DeleteArticle');
  await ctx.em.transactional(async (em) => {
    const articles = await em.find(Article, { id: { $in: ids }, deletedAt: null });
    if (articles.length !== new Set(ids).size || !mayChangeArticles(articles, { userId: actor.user.id, admin }))
      throw forbidden('articles.delete_forbidden');
    const cats = await categoriesOf(
      em,
      articles.map((a) => a.id),
    );
    for (const a of articles) {
      a.deletedAt = new Date();
      await moveCategoryCounts(em, cats.get(a.id) ?? [], -1);
      await em.execute('update "user" set article_count = greatest(0, article_count - 1) where id = ?', [a.userId]);
    }
    await em.flush();
    await touchSearchIndex(
      em,
      1,
      articles.map((a) => a.id),
    );
  });
}

/** PUT /article/check: approve (1), reject (2, with a reason) or back to review (0). */
export async function checkArticles(ctx: DomainContext, ids: number[], status: number, reason: string) {
  await ctx.em.transactional(async (em) => {
    await em.nativeUpdate(Article, { id: { $in: ids } }, { status, rejectReason: reason });
    await touchSearchIndex(em, 1, ids);
  });
  await kickSearchIndexer(ctx);
}

/** PUT /article/recommend. */
export async function recommendArticles(ctx: DomainContext, ids: number[], recommend: boolean) {
  await ctx.em.nativeUpdate(Article, { id: { $in: ids } }, { recommendAt: recommend ? new Date() : null });
}

/** PUT /article/category: replaces the categories of every given article. */
export async function setArticlesCategory(ctx: DomainContext, ids: number[], categoryIds: number[]) {
  await ctx.em.transactional(async (em) => {
    const next = await assertArticleCategories(em, categoryIds);
    const before = await categoriesOf(em, ids);
    const articles = await em.find(Article, { id: { $in: ids } });
    for (const a of articles) {
      const live = !a.deletedAt;
      await em.nativeDelete(ArticleCategory, { articleId: a.id });
      for (const categoryId of next) em.create(ArticleCategory, { articleId: a.id, categoryId });
      if (live) {
        await moveCategoryCounts(em, before.get(a.id) ?? [], -1);
        await moveCategoryCounts(em, next, 1);
      }
    }
    await em.flush();
    await touchSearchIndex(em, 1, ids);
  });
  await kickSearchIndexer(ctx);
}

/** POST /article/recycle/restore: counts come back. */
export async function restoreArticles(ctx: DomainContext, ids: number[]) {
  await ctx.em.transactional(async (em) => {
    const articles = await em.find(Article, { id: { $in: ids }, deletedAt: { $ne: null } });
    const cats = await categoriesOf(
      em,
      articles.map((a) => a.id),
    );
    for (const a of articles) {
      a.deletedAt = null;
      await moveCategoryCounts(em, cats.get(a.id) ?? [], 1);
      await em.execute('update "user" set article_count = article_count + 1 where id = ?', [a.userId]);
    }
    await em.flush();
    await touchSearchIndex(
      em,
      1,
      articles.map((a) => a.id),
    );
  });
  await kickSearchIndexer(ctx);
}

/** DELETE /article/recycle (ids) and /article/recycle/empty (all): gone for good. */
export async function purgeArticles(ctx: DomainContext, ids?: number[]) {
  await ctx.em.transactional(async (em) => {
    const articles = await em.find(Article, {
      deletedAt: { $ne: null },
      ...(ids?.length ? { id: { $in: ids } } : {}),
    });
    const gone = articles.map((a) => a.id);
    if (!gone.length) return;
    await em.nativeDelete(ArticleCategory, { articleId: { $in: gone } });
    await em.nativeDelete(Article, { id: { $in: gone } });
    await touchSearchIndex(em, 1, gone);
  });
}

/** GET /article/related: public articles most similar in text. Throws NOT_FOUND when there are none. */
export async function relatedArticles(ctx: DomainContext, identifier: string) {
  const article = await ctx.em.findOne(Article, { identifier, deletedAt: null, status: ArticleStatus.Approved });
  if (!article) throw notFound('articles.related_not_found');
  const ids = await similarItems(
    ctx.em,
    1,
    article.id,
    [
      article.title,
      article.title,
      article.keywords,
      article.description,
      htmlToText(article.content).slice(0, 20_000),
    ].join('\n'),
  );
  const found = ids.length
    ? await ctx.em.find(
        Article,
        { id: { $in: ids }, status: ArticleStatus.Approved, deletedAt: null },
        { exclude: ['content'] },
      )
    : [];
  found.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
  return { article: await presentMany(ctx, found) };
}

/** The search indexer of articles: approved and not deleted ones are indexed, the rest removed. */
async function indexArticles(em: EntityManager, ids: readonly number[]) {
  const rows = await em.execute<
    {
      id: number;
      title: string;
      keywords: string;
      description: string;
      content: string;
      user_id: number;
      view_count: number;
      created_at: Date;
      visible: boolean;
      category_ids: number[];
    }[]
  >(
    `select a.id, a.title, a.keywords, a.description, a.content, a.user_id, a.view_count, a.created_at,
       (a.status = ? and a.deleted_at is null) as visible,
       array(select c.category_id from article_category c where c.article_id = a.id order by 1) as category_ids
     from article a where a.id = any(?::int[])`,
    [ArticleStatus.Approved, pgArray([...ids])],
  );
  const hidden = new Set(ids);
  const records: object[] = [];
  for (const a of rows) {
    if (!a.visible) continue;
    hidden.delete(a.id);
    const text = htmlToText(a.content);
    records.push({
      item_id: a.id,
      tsv: tsvectorLiteral([
        { text: a.title, weight: 'A' },
        { text: a.keywords, weight: 'B' },
        { text: a.description, weight: 'C' },
        { text: text.slice(0, 2_000_000), weight: 'D' },
      ]),
      title_tsv: tsvectorLiteral([
        { text: a.title, weight: 'A' },
        { text: a.keywords, weight: 'B' },
      ]),
      category_ids: a.category_ids,
      user_id: a.user_id,
      view_count: a.view_count,
      download_count: 0,
      item_created_at: a.created_at,
    });
  }
  if (records.length)
    await em.execute(
      `insert into search_index (type, item_id, tsv, title_tsv, category_ids, user_id, view_count, download_count,
         item_created_at, boost, indexed_at)
       select 1, r.item_id, r.tsv::tsvector, r.title_tsv::tsvector,
         array(select json_array_elements_text(r.category_ids)::int), r.user_id, r.view_count, r.download_count,
         r.item_created_at, ${boostSql('r')}, now()
       from json_to_recordset(?::json) as r(item_id int, tsv text, title_tsv text, category_ids json, user_id int,
         view_count int, download_count int, item_created_at timestamptz)
       on conflict (type, item_id) do update set tsv = excluded.tsv, title_tsv = excluded.title_tsv,
         category_ids = excluded.category_ids, user_id = excluded.user_id, view_count = excluded.view_count,
         item_created_at = excluded.item_created_at, boost = excluded.boost, indexed_at = now()`,
      [JSON.stringify(records)],
    );
  if (hidden.size)
    await em.execute('delete from search_index where type = 1 and item_id = any(?::int[])', [pgArray([...hidden])]);
}

registerSearchIndexer(1, indexArticles);

registerSearchResultLoader(1, async (em, ids, x) => {
  const rows = await em.execute<
    {
      id: number;
      identifier: string;
      title: string;
      keywords: string;
      description: string;
      content: string;
      cover: string;
      view_count: number;
      user_id: number;
      username: string | null;
      created_at: Date;
      category_ids: number[];
    }[]
  >(
    `select a.id, a.identifier, a.title, a.keywords, a.description, a.content, a.cover, a.view_count, a.user_id,
       u.username, a.created_at,
       array(select c.category_id from article_category c where c.article_id = a.id) as category_ids
     from article a left join "user" u on u.id = a.user_id
     where a.id = any(?::int[]) and a.status = ? and a.deleted_at is null`,
    [pgArray(ids), ArticleStatus.Approved],
  );
  const out = new Map();
  for (const a of rows) {
    const text = htmlToText(a.content);
    const hasHit = x.terms.some((t) => text.toLowerCase().includes(t.toLowerCase()));
    out.set(a.id, {
      doc_type: 1,
      id: a.id,
      identifier: a.identifier,
      title: highlight(a.title, x.terms),
      description: snippet(hasHit || !a.description ? text : a.description, x.terms, x.snippetLength),
      keywords: a.keywords,
      ext: '',
      pages: 0,
      size: 0,
      price: 0,
      score: 0,
      view_count: x.display.view ? a.view_count : 0,
      download_count: 0,
      user_id: a.user_id,
      username: a.username ?? '',
      category_id: a.category_ids,
      created_at: new Date(a.created_at).toISOString(),
      cover: a.cover,
    });
  }
  return out;
});
