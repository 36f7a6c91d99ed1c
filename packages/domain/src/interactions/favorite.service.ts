import { CreditLog, Favorite } from '@wenku/db';
import { DEFAULT_CREDIT_NAME, PunishmentType } from '@wenku/shared';
import { startOfToday } from '../clock.ts';
import type { DomainContext } from '../context.ts';
import { changeCredits } from '../credits/credits.service.ts';
import { addDynamic, DynamicType } from '../dynamics/dynamic.service.ts';
import { conflict, notFound } from '../errors.ts';
import { assertNotPunished } from '../moderation/punishment.service.ts';
import { requireActor } from '../permissions.ts';
import { publicTarget } from '../policies/public-target.ts';
import { loadSettings } from '../settings/settings.service.ts';
import { isOthersDocument } from './interaction.policy.ts';
import { presentFavorite } from './interaction.presenter.ts';

/**
 * POST /favorite (moredoc-facts §11): once per member and item; counters follow; the uploader of a document earns
 * `score.document_collected` once per member and document, at most `document_collected_limit` times a day (moredoc
 * counted the favouriting member's favourites, so the award never fired with a limit of 1). Throws CONFLICT, NOT_FOUND.
 */
export async function addFavorite(ctx: DomainContext, input: { document_id: number; type: number }) {
  const actor = requireActor(ctx);
  await assertNotPunished(ctx.em, actor.user.id, PunishmentType.NoFavorite);
  const s = await loadSettings(ctx);
  const award = Math.max(0, Math.trunc(s.num('score.document_collected')));
  const limit = Math.max(0, Math.trunc(s.num('score.document_collected_limit')));
  const created = await ctx.em.transactional(async (em) => {
    const target = await publicTarget(em, input.type, input.document_id);
    const rows = await em.execute<{ id: number; created_at: Date }[]>(
      `insert into favorite (user_id, document_id, type) values (?, ?, ?)
       on conflict (user_id, type, document_id) do nothing returning id, created_at`,
      [actor.user.id, target.id, target.type],
    );
    const row = rows[0];
    if (!row) throw conflict('favorites.exists');
    await em.execute(`update ${target.table} set favorite_count = favorite_count + 1 where id = ?`, [target.id]);
    await em.execute('update "user" set favorite_count = favorite_count + 1 where id = ?', [actor.user.id]);
    const about = {
      target: target.type === 1 ? 'article' : 'document',
      ref: target.slug,
      title: target.title,
    } as const;
    await addDynamic(em, actor.user.id, DynamicType.Favorite, { kind: 'favorite', ...about });
    if (isOthersDocument(target, actor.user.id) && award > 0 && limit > 0) {
      // The uploader's awards are counted under a lock on the uploader, so parallel favourites respect the limit.
      await em.execute('select pg_advisory_xact_lock(?, ?)', [2, target.ownerId]);
      const today = await em.count(CreditLog, {
        userId: target.ownerId,
        reason: 'document_collected',
        createdAt: { $gte: startOfToday() },
      });
      const refKey = `favorite:${target.id}:${actor.user.id}`;
      if (today < limit && !(await em.count(CreditLog, { reason: 'document_collected', refKey }))) {
        await changeCredits(em, {
          userId: target.ownerId,
          delta: award,
          reason: 'document_collected',
          refKey,
          remark: `您分享的文档《${target.title}》被收藏`,
        });
        await addDynamic(em, target.ownerId, DynamicType.Favorite, {
          kind: 'favorited',
          ...about,
          award,
          credit: s.str('score.credit_name') || DEFAULT_CREDIT_NAME,
        });
      }
    }
    return { id: row.id, userId: actor.user.id, documentId: target.id, type: target.type, createdAt: row.created_at };
  });
  return presentFavorite({ ...created, createdAt: new Date(created.createdAt) });
}

/** DELETE /favorite?id=: the caller's own favourites only; counters follow. Throws NOT_FOUND. */
export async function removeFavorites(ctx: DomainContext, ids: number[]) {
  const actor = requireActor(ctx);
  await ctx.em.transactional(async (em) => {
    const rows = await em.execute<{ document_id: number; type: number }[]>(
      `delete from favorite where user_id = ? and id in (${ids.map(() => '?').join(',')}) returning document_id, type`,
      [actor.user.id, ...ids],
    );
    if (rows.length === 0) throw notFound('favorites.not_found');
    for (const r of rows)
      await em.execute(
        `update ${r.type === 1 ? 'article' : 'document'} set favorite_count = greatest(0, favorite_count - 1) where id = ?`,
        [r.document_id],
      );
    await em.execute('update "user" set favorite_count = greatest(0, favorite_count - ?) where id = ?', [
      rows.length,
      actor.user.id,
    ]);
  });
}

/** GET /favorite?document_id=&type=: the caller's favourite of that item, or `{}` (the toggle button). */
export async function getFavorite(ctx: DomainContext, input: { document_id: number; type: number }) {
  if (!ctx.actor) return {};
  const f = await ctx.em.findOne(Favorite, {
    userId: ctx.actor.user.id,
    documentId: input.document_id,
    type: input.type,
  });
  return f ? presentFavorite(f) : {};
}

/** GET /favorite/list: the caller's favourites, newest first, with the item's shown fields. */
export async function listFavorites(ctx: DomainContext, input: { page: number; size: number; type?: number }) {
  // A member's favourites are private: always the caller's own.
  const userId = requireActor(ctx).user.id;
  const type = input.type ?? 0;
  const [count] = await ctx.em.execute<{ n: string }[]>(
    'select count(*) as n from favorite where user_id = ? and type = ?',
    [userId, type],
  );
  const rows = await ctx.em.execute<
    {
      id: number;
      document_id: number;
      type: number;
      title: string | null;
      ext: string | null;
      score: number | null;
      size: string | null;
      pages: number | null;
      price: number | null;
      slug: string | null;
      created_at: Date;
    }[]
  >(
    type === 1
      ? `select f.id, f.document_id, f.type, a.title, '' as ext, 0 as score, 0 as size, 0 as pages, 0 as price,
           a.identifier as slug, f.created_at
         from favorite f left join article a on a.id = f.document_id and a.deleted_at is null
         where f.user_id = ? and f.type = 1 order by f.id desc limit ? offset ?`
      : `select f.id, f.document_id, f.type, d.title, d.ext, d.score, d.size, d.pages, d.price, d.uuid as slug,
           f.created_at
         from favorite f left join document d on d.id = f.document_id and d.deleted_at is null
         where f.user_id = ? and f.type = 0 order by f.id desc limit ? offset ?`,
    [userId, input.size, (input.page - 1) * input.size],
  );
  return {
    total: Number(count?.n ?? 0),
    favorite: rows.map((r) => ({
      id: r.id,
      document_id: r.document_id,
      type: r.type,
      // An item deleted since it was favourited stays listed, so the member can remove it.
      title: r.title ?? '（已删除）',
      ext: r.ext ?? '',
      score: r.score ?? 0,
      size: Number(r.size ?? 0),
      pages: r.pages ?? 0,
      price: r.price ?? 0,
      document_uuid: r.slug ?? '',
      created_at: new Date(r.created_at).toISOString(),
    })),
  };
}
