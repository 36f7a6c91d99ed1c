import type { ObjectQuery } from '@mikro-orm/core';
import { Document, type EntityManager, type IUserVip, User, UserVip } from '@wenku/db';
import { vipCard, vipExpiry } from '@wenku/shared';
import type { DomainContext } from '../context.ts';
import { can, requireActor } from '../permissions.ts';
import { pageWindow } from '../presenter.ts';
import { touchSearchIndex } from '../search/indexer.service.ts';
import type { Settings } from '../settings/settings.cache.ts';
import { getPublicSettings } from '../settings/settings.service.ts';
import { usernamesByIds } from '../usernames.ts';
import { mayViewVipGrant } from './order.policy.ts';
import { presentVip } from './order.presenter.ts';

/** The `vip` settings group as a plain record (card terms are read from it). */
export const vipSettings = (s: Settings): Record<string, unknown> => s.category('vip');

/**
 * The member's VIP entitlements active now, the one that applies first leading: the larger card first (year → quarter
 * → month, moredoc-pro-facts §2.1 rule 5), then the one that ends sooner.
 */
export async function activeVips(em: EntityManager, userId: number, now = new Date()): Promise<IUserVip[]> {
  if (!userId) return [];
  const rows = await em.find(UserVip, { userId, joinedAt: { $lte: now }, expiredAt: { $gt: now } });
  return rows.sort((a, b) => a.type - b.type || a.expiredAt.getTime() - b.expiredAt.getTime());
}

/**
 * Grants the VIP bought by `order` (inside the fulfilling transaction). The card's terms were frozen on the order;
 * a card of a kind the member already holds starts when that one ends (it extends), another kind runs alongside and
 * the larger applies first. Idempotent per order (unique order_no).
 */
export async function grantVip(
  em: EntityManager,
  order: { userId: number; productId: number; orderNo: string; snapshot?: Record<string, number | string> | null },
) {
  const terms = order.snapshot ?? {};
  const kind = order.productId;
  const now = new Date();
  const sameKind = await em.find(
    UserVip,
    { userId: order.userId, type: kind, expiredAt: { $gt: now } },
    { orderBy: { expiredAt: 'desc' }, limit: 1 },
  );
  const joinedAt = sameKind[0] ? sameKind[0].expiredAt : now;
  const expiredAt = vipExpiry(kind, joinedAt);
  em.create(UserVip, {
    userId: order.userId,
    type: kind,
    discount: Number(terms.discount ?? 100),
    download: Number(terms.download ?? 0),
    downloadUsed: 0,
    times: Number(terms.times ?? 0),
    joinedAt,
    expiredAt,
    orderNo: order.orderNo,
  });
  await em.flush();
  await em.execute(
    'update "user" set vip_expired_at = greatest(coalesce(vip_expired_at, ?), ?), updated_at = now() where id = ?',
    [expiredAt, expiredAt, order.userId],
  );
  const loaded = em.getUnitOfWork().getById(User.meta.className, order.userId) as
    | { vipExpiredAt: Date | null }
    | undefined;
  if (loaded && (!loaded.vipExpiredAt || loaded.vipExpiredAt < expiredAt)) loaded.vipExpiredAt = expiredAt;
}

/** The card of `kind` frozen into a VIP order: what the buyer saw on /joinvip is what they get. */
export function vipSnapshot(s: Settings, kind: number) {
  const card = vipCard(vipSettings(s), kind);
  if (!card) return null;
  return {
    card,
    snapshot: { discount: card.discount, download: card.download, times: card.timesEveryDay, price_cents: card.price },
  };
}

/** GET /user/vip: the caller's VIP records, newest first. Throws UNAUTHENTICATED. */
export async function listMyVips(ctx: DomainContext, input: { page: number; size: number }) {
  const actor = requireActor(ctx);
  const [rows, total] = await ctx.em.findAndCount(
    UserVip,
    { userId: actor.user.id },
    { orderBy: { id: 'desc' }, ...pageWindow(input) },
  );
  return { total, user_vip: rows.map((v) => presentVip(v, actor.user.username)) };
}

/** GET /uservip/list (admin, read-only; moredoc-pro-facts §5.5). */
export async function listVipRecords(
  ctx: DomainContext,
  input: { page: number; size: number; type?: number[]; user_id?: number[] },
) {
  const where: ObjectQuery<IUserVip> = {};
  if (input.type?.length) where.type = { $in: input.type };
  if (input.user_id?.length) where.userId = { $in: input.user_id };
  const [rows, total] = await ctx.em.findAndCount(UserVip, where, { orderBy: { id: 'desc' }, ...pageWindow(input) });
  const names = await usernamesByIds(
    ctx.em,
    rows.map((r) => r.userId),
  );
  return { total, user_vip: rows.map((v) => presentVip(v, names.get(v.userId) ?? '')) };
}

/** GET /user/vip/order?order_no=: the terms and period the VIP order granted (its buyer or an order admin). */
export async function vipOfOrder(ctx: DomainContext, orderNo: string) {
  const actor = requireActor(ctx);
  const v = await ctx.em.findOne(UserVip, { orderNo });
  if (!v || !mayViewVipGrant(v, { userId: actor.user.id, admin: can(actor, 'OrderAPI.ListOrder') })) {
    return { times: 0, download: 0, discount: 100, joined_at: null, expired_at: null };
  }
  return {
    times: v.times,
    download: v.download,
    discount: v.discount,
    joined_at: v.joinedAt.toISOString(),
    expired_at: v.expiredAt.toISOString(),
  };
}

/** PUT /document/vip (admin): marks documents as VIP documents or not. */
export async function setDocumentsVip(ctx: DomainContext, input: { document_id: number[]; is_vip: boolean }) {
  await ctx.em.nativeUpdate(Document, { id: { $in: input.document_id } }, { isVip: input.is_vip });
  await touchSearchIndex(ctx.em, 0, input.document_id);
}

/** GET /settings/vip: the public VIP settings (the same group GET /settings carries). */
export async function getVipSettings(ctx: DomainContext) {
  return (await getPublicSettings(ctx)).vip;
}
