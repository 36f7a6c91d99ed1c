import type { ObjectQuery } from '@mikro-orm/core';
import { Article, Comment, CreditLog, Document, Group, type IComment, User } from '@wenku/db';
import { ArticleStatus, DEFAULT_CREDIT_NAME, DomainError, isDomainError, PunishmentType } from '@wenku/shared';
import { assertCaptcha } from '../auth/captcha.service.ts';
import { startOfToday } from '../clock.ts';
import type { Actor, DomainContext } from '../context.ts';
import { changeCredits } from '../credits/credits.service.ts';
import { addDynamic, DynamicType } from '../dynamics/dynamic.service.ts';
import { forbidden, invalid, notFound } from '../errors.ts';
import { assertNotPunished } from '../moderation/punishment.service.ts';
import { can, requireActor } from '../permissions.ts';
import { HIDDEN_STATUSES } from '../policies/document-visibility.ts';
import { publicTarget } from '../policies/public-target.ts';
import { escapeLike, type ListQuery, pageWindow, parseOrder } from '../presenter.ts';
import { loadSettings } from '../settings/settings.service.ts';
import { isOthersDocument, mayDeleteComments } from './interaction.policy.ts';
import { type CommentRow, presentComment } from './interaction.presenter.ts';

/** Comments on documents and articles (moredoc-facts §10). */

export const CommentStatus = { Pending: 0, Approved: 1, Rejected: 2 } as const;

/** Whether the member may comment and whether their comments wait for approval (moredoc-facts §7.6). */
async function commentRights(ctx: DomainContext, actor: Actor) {
  if (actor.isRoot) return { canComment: true, needsApproval: false };
  const groups = actor.groupIds.length ? await ctx.em.find(Group, { id: { $in: [...actor.groupIds] } }) : [];
  return {
    canComment: groups.some((g) => g.enableComment),
    needsApproval: !groups.some((g) => !g.enableCommentApproval),
  };
}

async function present(ctx: DomainContext, comments: CommentRow[]) {
  const userIds = [...new Set(comments.map((c) => c.userId))];
  const users = userIds.length ? await ctx.em.find(User, { id: { $in: userIds } }) : [];
  const byId = new Map(users.map((u) => [u.id, { id: u.id, username: u.username, avatar: u.avatar }]));
  return comments.map((c) => presentComment(c, byId.get(c.userId)));
}

/**
 * POST /comment. Checks in moredoc's order: captcha, sign-in, the group's right, the interval since the member's
 * last comment, the target. The uploader of a commented document earns `score.document_commented` at most
 * `document_commented_limit` times a day, counted on the uploader's awards (moredoc's count made a limit of 1
 * never pay). Throws VALIDATION_FAILED, UNAUTHENTICATED, FORBIDDEN, RATE_LIMITED, NOT_FOUND.
 */
export async function createComment(
  ctx: DomainContext,
  input: {
    document_id: number;
    parent_id: number;
    content: string;
    type: number;
    captcha_id?: string;
    captcha?: string;
  },
) {
  await assertCaptcha(ctx, 'comment', input);
  const actor = requireActor(ctx);
  await assertNotPunished(ctx.em, actor.user.id, PunishmentType.NoComment);
  const rights = await commentRights(ctx, actor);
  if (!rights.canComment) throw forbidden('comments.group_forbidden');
  const s = await loadSettings(ctx);
  const interval = Math.max(0, Math.trunc(s.num('security.comment_interval')));
  const award = Math.max(0, Math.trunc(s.num('score.document_commented')));
  const limit = Math.max(0, Math.trunc(s.num('score.document_commented_limit')));
  const created = await ctx.em.transactional(async (em) => {
    // One member's comments one at a time, so the interval holds under parallel requests.
    await em.execute('select pg_advisory_xact_lock(?, ?)', [3, actor.user.id]);
    if (interval > 0) {
      const last = await em.findOne(Comment, { userId: actor.user.id }, { orderBy: { id: 'desc' } });
      const wait = last ? Math.ceil(interval - (Date.now() - last.createdAt.getTime()) / 1000) : 0;
      if (wait > 0) throw new DomainError('RATE_LIMITED', { key: 'comments.too_fast', params: { seconds: wait } });
    }
    const target = await publicTarget(em, input.type, input.document_id);
    if (input.parent_id) {
      const parent = await em.findOne(Comment, { id: input.parent_id });
      if (!parent || parent.documentId !== target.id || parent.type !== target.type)
        throw invalid('comments.parent_not_found', 'parent_id');
    }
    const comment = em.create(Comment, {
      parentId: input.parent_id,
      documentId: target.id,
      type: target.type,
      userId: actor.user.id,
      content: input.content,
      status: rights.needsApproval ? CommentStatus.Pending : CommentStatus.Approved,
    });
    await em.flush();
    await em.execute(`update ${target.table} set comment_count = comment_count + 1 where id = ?`, [target.id]);
    await em.execute('update "user" set comment_count = comment_count + 1 where id = ?', [actor.user.id]);
    if (input.parent_id)
      await em.execute('update comment set comment_count = comment_count + 1 where id = ?', [input.parent_id]);
    const about = {
      target: target.type === 1 ? 'article' : 'document',
      ref: target.slug,
      title: target.title,
    } as const;
    await addDynamic(em, actor.user.id, DynamicType.Comment, {
      kind: 'comment',
      ...about,
      ...(input.parent_id ? { reply: true } : {}),
    });
    let awarded = 0;
    if (isOthersDocument(target, actor.user.id) && award > 0 && limit > 0) {
      await em.execute('select pg_advisory_xact_lock(?, ?)', [2, target.ownerId]);
      const today = await em.count(CreditLog, {
        userId: target.ownerId,
        reason: 'document_commented',
        createdAt: { $gte: startOfToday() },
      });
      if (today < limit) {
        await changeCredits(em, {
          userId: target.ownerId,
          delta: award,
          reason: 'document_commented',
          refKey: `comment:${comment.id}`,
          remark: `您上传的文档《${target.title}》被评论了`,
        });
        awarded = award;
      }
    }
    if (isOthersDocument(target, actor.user.id))
      await addDynamic(em, target.ownerId, DynamicType.Comment, {
        kind: 'commented',
        ...about,
        award: awarded,
        credit: s.str('score.credit_name') || DEFAULT_CREDIT_NAME,
      });
    return comment;
  });
  return (await present(ctx, [created]))[0];
}

const SORTABLE = ['id', 'created_at', 'status', 'comment_count'] as const;

/** Whether the caller may read the comments of an item: it is public, or it is theirs. */
async function threadIsOpen(ctx: DomainContext, type: number, id: number): Promise<boolean> {
  try {
    await publicTarget(ctx.em, type, id);
    return true;
  } catch (e) {
    if (!isDomainError(e) || !ctx.actor) return false;
    const mine = { id, userId: ctx.actor.user.id };
    return (type === 1 ? await ctx.em.count(Article, mine) : await ctx.em.count(Document, mine)) > 0;
  }
}

/**
 * GET /comment/list: approved comments for everyone, plus the caller's own pending ones; administrators and a
 * member listing their own may filter by status; administrators may search the text. With `document_id` every
 * comment of that item is returned (the thread), oldest first.
 */
export async function listComments(
  ctx: DomainContext,
  input: ListQuery & {
    document_id?: number;
    type?: number[];
    status?: number[];
    user_id?: number[];
    parent_id?: number[];
    with_document_title?: boolean;
  },
) {
  const admin = can(ctx.actor, 'CommentAPI.ListComment');
  const own = !!ctx.actor && input.user_id?.length === 1 && input.user_id[0] === ctx.actor.user.id;
  const where: ObjectQuery<IComment> = {};
  if (admin || own) {
    if (input.status?.length) where.status = { $in: input.status };
  } else if (ctx.actor) {
    where.$or = [{ status: CommentStatus.Approved }, { userId: ctx.actor.user.id, status: CommentStatus.Pending }];
  } else where.status = CommentStatus.Approved;
  if (input.document_id) where.documentId = input.document_id;
  if (input.type?.length) where.type = { $in: input.type };
  if (input.document_id && !admin) {
    // The thread of an item others cannot open (in review, rejected, deleted) is its owner's alone.
    const types = input.type?.length ? input.type : [0, 1];
    const open: number[] = [];
    for (const type of types) if (await threadIsOpen(ctx, type, input.document_id)) open.push(type);
    if (open.length === 0) return { total: 0, comment: [] };
    where.type = { $in: open };
  }
  if (input.user_id?.length) where.userId = { $in: input.user_id };
  if (input.parent_id?.length) where.parentId = { $in: input.parent_id };
  if (input.wd && admin) where.content = { $ilike: `%${escapeLike(input.wd)}%` };
  const thread = !!input.document_id;
  const [comments, total] = await ctx.em.findAndCount(Comment, where, {
    orderBy: thread ? { id: 'asc' } : parseOrder(input.order, SORTABLE, { id: 'desc' }),
    ...(thread ? { limit: 2000 } : pageWindow(input)),
  });
  let rows: CommentRow[] = comments;
  if (input.with_document_title && comments.length) {
    // Others learn the titles of items they may open only: an item in review may carry an unreviewed title.
    const open = admin
      ? { document: '', article: '' }
      : {
          document: ` and deleted_at is null and status not in (${HIDDEN_STATUSES.join(',')})`,
          article: ` and deleted_at is null and status = ${ArticleStatus.Approved}`,
        };
    const titles = await ctx.em.execute<{ type: number; id: number; title: string; slug: string }[]>(
      `select 0 as type, id, title, uuid as slug from document where id in (${comments.map(() => '?').join(',')})${open.document}
       union all select 1, id, title, identifier from article where id in (${comments.map(() => '?').join(',')})${open.article}`,
      [...comments.map((c) => c.documentId), ...comments.map((c) => c.documentId)],
    );
    const key = (type: number, id: number) => `${type}:${id}`;
    const byKey = new Map(titles.map((t) => [key(t.type, t.id), t]));
    rows = comments.map((c) => {
      const t = byKey.get(key(c.type, c.documentId));
      return Object.assign(c, { document_title: t?.title ?? '', document_uuid: t?.slug ?? '' });
    });
  }
  return { total, comment: await present(ctx, rows) };
}

/** GET /comment?id= (administrators). Throws NOT_FOUND. */
export async function getComment(ctx: DomainContext, commentId: number) {
  const c = await ctx.em.findOne(Comment, { id: commentId });
  if (!c) throw notFound('comments.not_found');
  return (await present(ctx, [c]))[0];
}

/** PUT /comment (administrators): text and status only. Throws NOT_FOUND. */
export async function updateComment(ctx: DomainContext, input: { id: number; content?: string; status?: number }) {
  const c = await ctx.em.findOne(Comment, { id: input.id });
  if (!c) throw notFound('comments.not_found');
  if (input.content !== undefined) c.content = input.content;
  if (input.status !== undefined) c.status = input.status;
  await ctx.em.flush();
  return (await present(ctx, [c]))[0];
}

/** POST /comment/check: approve (1), reject (2) or back to pending (0). */
export async function checkComments(ctx: DomainContext, ids: number[], status: number) {
  await ctx.em.nativeUpdate(Comment, { id: { $in: ids } }, { status });
}

/**
 * DELETE /comment?id=: authors their own, administrators any. Counters drop on the right table (moredoc always
 * used the documents table); replies stay. Throws NOT_FOUND.
 */
export async function deleteComments(ctx: DomainContext, ids: number[]) {
  const actor = requireActor(ctx);
  const admin = can(actor, 'CommentAPI.DeleteComment');
  await ctx.em.transactional(async (em) => {
    const comments = await em.find(Comment, { id: { $in: ids } });
    if (comments.length !== new Set(ids).size || !mayDeleteComments(comments, { userId: actor.user.id, admin }))
      throw notFound('comments.not_found_or_delete_forbidden');
    for (const c of comments) {
      await em.execute(
        `update ${c.type === 1 ? 'article' : 'document'} set comment_count = greatest(0, comment_count - 1) where id = ?`,
        [c.documentId],
      );
      await em.execute('update "user" set comment_count = greatest(0, comment_count - 1) where id = ?', [c.userId]);
      if (c.parentId)
        await em.execute('update comment set comment_count = greatest(0, comment_count - 1) where id = ?', [
          c.parentId,
        ]);
    }
    await em.nativeDelete(Comment, { id: { $in: ids } });
  });
}
