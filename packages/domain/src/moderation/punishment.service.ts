import type { ObjectQuery } from '@mikro-orm/core';
import { type EntityManager, type IPunishment, Punishment, User } from '@wenku/db';
import { type PlainReasonKey, PunishmentType, type Reason, ROOT_USER_ID } from '@wenku/shared';
import type { DomainContext } from '../context.ts';
import { forbidden, invalid, notFound } from '../errors.ts';
import { assertMayManageUsers } from '../groups/access.service.ts';
import { requireActor } from '../permissions.ts';
import { escapeLike, type ListQuery, pageWindow, parseOrder } from '../presenter.ts';
import { usernamesByIds } from '../usernames.ts';
import { type PunishmentRow, presentPunishment } from './moderation.presenter.ts';

/**
 * Punishments (moredoc-facts §13): one row per member and type, active while enabled and before its end time
 * (evaluated at each check). Every action a type names is refused on the server with the reason and the end.
 * Unlike moredoc, a disabled account cannot sign in or use a token it already has.
 */

const BLOCKS: Record<number, PlainReasonKey> = {
  [PunishmentType.DisableAccount]: 'moderation.block_account',
  [PunishmentType.NoComment]: 'moderation.block_comment',
  [PunishmentType.NoUpload]: 'moderation.block_upload',
  [PunishmentType.NoDownload]: 'moderation.block_download',
  [PunishmentType.NoFavorite]: 'moderation.block_favorite',
  [PunishmentType.NoArticle]: 'moderation.block_article',
};

const pad = (n: number) => String(n).padStart(2, '0');
const formatTime = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;

/** The reason for an active punishment: what is blocked, why, and until when. */
export function punishmentReason(p: { type: number; reason: string; endTime: Date | null }): Reason {
  const why: Reason | string = p.reason ? { key: 'moderation.punished_because', params: { reason: p.reason } } : '';
  const until: Reason = p.endTime
    ? { key: 'moderation.punished_until', params: { time: formatTime(p.endTime) } }
    : { key: 'moderation.punished_forever' };
  return {
    key: 'moderation.punished',
    params: { what: { key: BLOCKS[p.type] ?? 'moderation.block_other' }, why, until },
  };
}

/** The member's active punishment among these types, if any (the disabled account counts for every action). */
export async function activePunishment(em: EntityManager, userId: number, types: readonly number[]) {
  if (userId <= ROOT_USER_ID) return null;
  const rows = await em.execute<{ type: number; reason: string; end_time: Date | null }[]>(
    `select type, reason, end_time from punishment
     where user_id = ? and enable = true and (end_time is null or end_time > now()) and type in (${types.map(() => '?').join(',')})
     order by type asc limit 1`,
    [userId, ...types],
  );
  const r = rows[0];
  return r ? { type: r.type, reason: r.reason, endTime: r.end_time ? new Date(r.end_time) : null } : null;
}

/** Throws FORBIDDEN with the reason when the member is punished for this action (or disabled). */
export async function assertNotPunished(em: EntityManager, userId: number, type: number): Promise<void> {
  const p = await activePunishment(em, userId, [PunishmentType.DisableAccount, type]);
  if (p) throw forbidden(punishmentReason(p));
}

const names = (ctx: DomainContext, ids: number[]) => usernamesByIds(ctx.em, ids);

const operatorId = (ctx: DomainContext) => ctx.actor?.user.id ?? 0;

/**
 * Punishing an account, or changing or lifting its punishments, is managing it: only an actor holding every
 * permission it holds, and never on itself (a punished administrator would lift its own punishment).
 * Throws FORBIDDEN.
 */
async function assertMayPunish(ctx: DomainContext, em: EntityManager, userIds: readonly number[]) {
  const actor = requireActor(ctx);
  if (userIds.includes(actor.user.id)) throw forbidden('moderation.self_punishment');
  await assertMayManageUsers(em, actor, userIds);
}
const now = () => Math.floor(Date.now() / 1000);

/**
 * POST /punishment: one punishment per member and type (an existing one of that type is updated, not doubled);
 * the root administrator is skipped. Throws VALIDATION_FAILED, FORBIDDEN.
 */
export async function createPunishments(
  ctx: DomainContext,
  input: { user_id: number[]; type: number[]; enable: boolean; reason: string; remark: string; end_time?: Date | null },
) {
  const users = [...new Set(input.user_id)].filter((id) => id !== ROOT_USER_ID);
  const found = users.length ? await ctx.em.count(User, { id: { $in: users } }) : 0;
  if (found !== users.length) throw invalid('users.user_not_found', 'user_id');
  const saved = await ctx.em.transactional(async (em) => {
    await assertMayPunish(ctx, em, users);
    const out: PunishmentRow[] = [];
    for (const userId of users)
      for (const type of [...new Set(input.type)]) {
        let p = await em.findOne(Punishment, { userId, type });
        if (!p) p = em.create(Punishment, { userId, type, operators: [] });
        p.enable = input.enable;
        p.reason = input.reason;
        p.remark = input.remark;
        p.endTime = input.end_time ?? null;
        p.operators = [...(p.operators ?? []), { u: operatorId(ctx), t: type, ts: now() }];
        out.push(p as PunishmentRow);
      }
    await em.flush();
    return out;
  });
  const byId = await names(
    ctx,
    saved.map((p) => p.userId),
  );
  return { punishment: saved.map((p) => presentPunishment(p, byId.get(p.userId) ?? '')) };
}

/** PUT /punishment. Throws NOT_FOUND, FORBIDDEN. */
export async function updatePunishment(
  ctx: DomainContext,
  input: { id: number; type?: number; enable?: boolean; reason?: string; remark?: string; end_time?: Date | null },
) {
  const p = await ctx.em.findOne(Punishment, { id: input.id });
  if (!p) throw notFound('moderation.punishment_not_found');
  await assertMayPunish(ctx, ctx.em, [p.userId]);
  if (input.type !== undefined) p.type = input.type;
  if (input.enable !== undefined) p.enable = input.enable;
  if (input.reason !== undefined) p.reason = input.reason;
  if (input.remark !== undefined) p.remark = input.remark;
  if (input.end_time !== undefined) p.endTime = input.end_time;
  p.operators = [...(p.operators ?? []), { u: operatorId(ctx), t: p.type, ts: now() }];
  await ctx.em.flush();
  return presentPunishment(p as PunishmentRow, (await names(ctx, [p.userId])).get(p.userId) ?? '');
}

/** PUT /punishment/cancel: ends punishments now (kept for the record). Throws FORBIDDEN. */
export async function cancelPunishments(ctx: DomainContext, ids: number[]) {
  const rows = await ctx.em.find(Punishment, { id: { $in: ids } });
  await assertMayPunish(
    ctx,
    ctx.em,
    rows.map((p) => p.userId),
  );
  for (const p of rows) {
    p.enable = false;
    p.operators = [...(p.operators ?? []), { u: operatorId(ctx), t: 0, ts: now() }];
  }
  await ctx.em.flush();
}

export async function getPunishment(ctx: DomainContext, id: number) {
  const p = await ctx.em.findOne(Punishment, { id });
  if (!p) throw notFound('moderation.punishment_not_found');
  return presentPunishment(p as PunishmentRow, (await names(ctx, [p.userId])).get(p.userId) ?? '');
}

/** GET /punishment/list: reason/remark contain `wd`; filters by type, enabled, member. */
export async function listPunishments(
  ctx: DomainContext,
  input: ListQuery & {
    type?: number[];
    enable?: boolean[];
    user_id?: number[];
  },
) {
  const where: ObjectQuery<IPunishment> = {};
  if (input.type?.length) where.type = { $in: input.type };
  if (input.enable?.length) where.enable = { $in: input.enable };
  if (input.user_id?.length) where.userId = { $in: input.user_id };
  if (input.wd) {
    const like = `%${escapeLike(input.wd)}%`;
    where.$or = [{ reason: { $ilike: like } }, { remark: { $ilike: like } }];
  }
  const [rows, total] = await ctx.em.findAndCount(Punishment, where, {
    orderBy: parseOrder(input.order, ['id', 'created_at', 'end_time', 'type'], { id: 'desc' }),
    ...pageWindow(input),
  });
  const byId = await names(
    ctx,
    rows.map((p) => p.userId),
  );
  return { total, punishment: rows.map((p) => presentPunishment(p as PunishmentRow, byId.get(p.userId) ?? '')) };
}
