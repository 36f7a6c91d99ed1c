import { randomInt } from 'node:crypto';
import type { ObjectQuery } from '@mikro-orm/core';
import {
  Document,
  DownloadCode,
  type EntityManager,
  type IDocument,
  type IDownloadCode,
  type IOrder,
  Order,
  User,
} from '@wenku/db';
import {
  centsToCredits,
  creditsToCents,
  DEFAULT_CREDIT_NAME,
  DomainError,
  discountedDocumentPrice,
  OrderStatus,
  OrderType,
  PaymentMethod,
  PunishmentType,
  parseDiscountTiers,
  reasonText,
  rechargeCents,
  rechargeQuantityProblem,
} from '@wenku/shared';
import type { DomainContext } from '../context.ts';
import { changeCredits, lockMember } from '../credits/credits.service.ts';
import { forbidden, invalid, notFound } from '../errors.ts';
import { assertNotPunished } from '../moderation/punishment.service.ts';
import { can, requireActor } from '../permissions.ts';
import { findDownloadableDocument } from '../policies/document-visibility.ts';
import { escapeLike, pageWindow } from '../presenter.ts';
import type { Settings } from '../settings/settings.cache.ts';
import { loadSettings } from '../settings/settings.service.ts';
import { usernamesByIds } from '../usernames.ts';
import { isOverdue, mayDeleteOrder, mayViewOrder } from './order.policy.ts';
import { presentOrder } from './order.presenter.ts';
import { activeVips, grantVip, vipSnapshot } from './vip.service.ts';

/** The queue job, scheduled every minute, that closes unpaid orders past their deadline. */
export const ORDER_CLOSE_QUEUE = 'order-close';

const creditNameOf = (s: Settings) => s.str('score.credit_name') || DEFAULT_CREDIT_NAME;
const exchangeOf = (s: Settings) => s.num('score.credit_exchange');

/** `YYYYMMDDhhmmss` + 8 random digits: sortable, unguessable enough to name in a URL, unique by constraint. */
export function newOrderNo(now = new Date()): string {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  const stamp = `${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}`;
  return `${stamp}${p(randomInt(0, 100_000_000), 8)}`;
}

/**
 * The purchase that lets `userId` download `documentId` without paying again, if any: a paid order for it. With
 * `download.free_download_duration` > 0 days, only one paid within that many days; with 0 a purchase is for good
 * (as moredoc's code reads 0).
 */
export async function documentPurchase(em: EntityManager, s: Settings, userId: number, documentId: number) {
  if (!userId) return null;
  const days = Math.max(0, s.num('download.free_download_duration', 0));
  const where = { userId, orderType: OrderType.BuyDocument, productId: documentId, status: OrderStatus.Paid };
  const order = await em.findOne(
    Order,
    days > 0 ? { ...where, paidAt: { $gte: new Date(Date.now() - days * 86_400_000) } } : where,
    { orderBy: { paidAt: 'desc' } },
  );
  return order ? { order } : null;
}

/** What this member pays for this document: the VIP discount of the card that applies, on non-VIP documents. */
async function documentPriceFor(em: EntityManager, s: Settings, userId: number, doc: IDocument) {
  if (!s.bool('vip.enable') || doc.isVip) return doc.price;
  const [vip] = await activeVips(em, userId);
  return vip ? discountedDocumentPrice(doc.price, vip.discount) : doc.price;
}

function deadline(s: Settings): Date {
  const minutes = Math.max(1, Math.trunc(s.num('security.order_timeout_minutes', 30)));
  return new Date(Date.now() + minutes * 60_000);
}

/**
 * Marks `order` paid and delivers what it sold, inside the caller's transaction: credits for a recharge, a VIP
 * entitlement, the uploader's share of a document sale. The guarded UPDATE lets exactly one caller through, so a
 * replayed notification or a double click fulfils nothing twice. `allowClosed`: an online payment that arrives after
 * the order closed still delivers (the money was taken). Returns false when the order was already fulfilled.
 */
export async function fulfilOrder(
  em: EntityManager,
  order: IOrder,
  payment: { paymentType: number; tradeNo?: string; allowClosed?: boolean },
): Promise<boolean> {
  const statuses = payment.allowClosed ? [OrderStatus.Pending, OrderStatus.Closed] : [OrderStatus.Pending];
  const rows = await em.execute<{ id: number }[]>(
    `update orders set status = ?, paid_at = now(), payment_type = ?, trade_no = ?, updated_at = now()
     where id = ? and status in (${statuses.map(() => '?').join(',')}) returning id`,
    [OrderStatus.Paid, payment.paymentType, payment.tradeNo ?? '', order.id, ...statuses],
  );
  if (rows.length === 0) return false;
  const ref = `order:${order.orderNo}`;
  if (order.orderType === OrderType.Recharge) {
    await changeCredits(em, { userId: order.userId, delta: order.quantity, reason: 'recharge', refKey: ref });
  } else if (order.orderType === OrderType.BuyVip) {
    await grantVip(em, order);
  } else if (order.orderType === OrderType.BuyDocument) {
    const doc = await em.findOne(Document, { id: order.productId });
    const share = Math.floor(order.amount);
    if (doc && share > 0 && doc.userId !== order.userId) {
      await changeCredits(em, { userId: doc.userId, delta: share, reason: 'document_sold', refKey: ref });
    }
  }
  await em.refresh(order);
  return true;
}

/** Pays `order` with the buyer's credits inside the caller's transaction. Throws FORBIDDEN when the balance is short. */
async function payWithCredits(em: EntityManager, s: Settings, order: IOrder) {
  const cost = Math.ceil(order.amount);
  if (cost > 0) {
    const left = await changeCredits(em, {
      userId: order.userId,
      delta: -cost,
      reason: 'order_pay',
      refKey: `order:${order.orderNo}`,
      remark: order.productName.slice(0, 200),
      mustCover: true,
    });
    if (left === null) throw forbidden({ key: 'credits.insufficient', params: { credit: creditNameOf(s) } });
  }
  await fulfilOrder(em, order, { paymentType: PaymentMethod.Points });
}

interface NewOrder {
  orderType: number;
  productId: number;
  productUuid?: string;
  productName: string;
  quantity: number;
  price: number;
  amount: number;
  moneyCents: number;
  snapshot?: Record<string, number | string> | null;
  remark?: string;
}

/** The order of one document bought at `amount` credits (`exchange` credits to the yuan). */
const documentOrder = (doc: IDocument, amount: number, exchange: number): NewOrder => ({
  orderType: OrderType.BuyDocument,
  productId: doc.id,
  productUuid: doc.uuid,
  productName: `${doc.title}${doc.ext}`,
  quantity: 1,
  price: doc.price,
  amount,
  moneyCents: creditsToCents(amount, exchange),
});

async function insertOrder(em: EntityManager, ctx: DomainContext, s: Settings, userId: number, o: NewOrder) {
  const order = em.create(Order, {
    orderNo: newOrderNo(),
    userId,
    orderType: o.orderType,
    productId: o.productId,
    productUuid: o.productUuid ?? '',
    productName: o.productName.slice(0, 255),
    status: OrderStatus.Pending,
    quantity: o.quantity,
    price: o.price,
    amount: o.amount,
    couponAmount: Math.max(0, Math.round((o.price - o.amount) * 100) / 100),
    moneyCents: o.moneyCents,
    snapshot: o.snapshot ?? null,
    remark: o.remark ?? '',
    ip: ctx.ip,
    closedAt: deadline(s),
  });
  await em.flush();
  return order;
}

/**
 * POST /order (moredoc-pro-facts §0.2). Document `{order_type:1, product_id}` answers status 2 without an order when
 * the document is free to this member (free, their own, or bought within the re-download period), else reuses their
 * pending order for it or creates one at their price. VIP `{order_type:2, product_id: 0|1|2}` freezes the card's terms.
 * Recharge `{order_type:3, quantity}` is priced by the shared pricing rules. Orders that cost nothing are paid at once.
 * Throws UNAUTHENTICATED, NOT_FOUND, FORBIDDEN, FEATURE_DISABLED, VALIDATION_FAILED.
 */
export async function createOrder(
  ctx: DomainContext,
  input: { order_type: number; product_id: number; quantity?: number },
): Promise<{ order_no: string; status: number; message: string }> {
  const actor = requireActor(ctx);
  const s = await loadSettings(ctx);
  const userId = actor.user.id;
  const exchange = exchangeOf(s);

  if (input.order_type === OrderType.BuyDocument) {
    const { doc, manager } = await findDownloadableDocument(ctx, input.product_id);
    await assertNotPunished(ctx.em, userId, PunishmentType.NoDownload);
    if (doc.price <= 0 || manager)
      return { order_no: '', status: OrderStatus.Paid, message: reasonText('orders.free_download', ctx.language) };
    // Under the member's lock, so parallel clicks see each other's order: one pending order, never two.
    const order = await ctx.em.transactional(async (em) => {
      await lockMember(em, userId);
      const bought = await documentPurchase(em, s, userId, doc.id);
      if (bought) return bought.order;
      const pending = await em.findOne(Order, {
        userId,
        orderType: OrderType.BuyDocument,
        productId: doc.id,
        status: OrderStatus.Pending,
        closedAt: { $gt: new Date() },
        deletedAt: null,
      });
      if (pending) return pending;
      const amount = await documentPriceFor(em, s, userId, doc);
      return insertOrder(em, ctx, s, userId, documentOrder(doc, amount, exchange));
    });
    if (order.status === OrderStatus.Paid)
      return { order_no: order.orderNo, status: order.status, message: reasonText('orders.bought', ctx.language) };
    return { order_no: order.orderNo, status: order.status, message: reasonText('orders.created', ctx.language) };
  }

  if (input.order_type === OrderType.BuyVip) {
    if (!s.bool('vip.enable')) throw new DomainError('FEATURE_DISABLED', 'vip.disabled');
    const sold = vipSnapshot(s, input.product_id);
    if (!sold) throw invalid('vip.product_required', 'product_id');
    const names = ['年卡VIP', '季卡VIP', '月卡VIP'];
    return ctx.em.transactional(async (em) => {
      const order = await insertOrder(em, ctx, s, userId, {
        orderType: OrderType.BuyVip,
        productId: input.product_id,
        productName: names[input.product_id] ?? 'VIP',
        quantity: 1,
        price: centsToCredits(sold.card.originalPrice || sold.card.price, exchange),
        amount: centsToCredits(sold.card.price, exchange),
        moneyCents: sold.card.price,
        snapshot: sold.snapshot,
      });
      if (sold.card.price === 0) await fulfilOrder(em, order, { paymentType: 0 });
      return { order_no: order.orderNo, status: order.status, message: reasonText('orders.created', ctx.language) };
    });
  }

  if (input.order_type === OrderType.Recharge) return createRechargeOrder(ctx, s, userId, input.quantity ?? 0);
  throw invalid('orders.type_invalid', 'order_type');
}

async function createRechargeOrder(ctx: DomainContext, s: Settings, userId: number, quantity: number) {
  if (!s.bool('score.recharge_enable')) throw new DomainError('FEATURE_DISABLED', 'orders.recharge_disabled');
  const tiers = parseDiscountTiers(s.str('score.recharge_discount'));
  const problem = rechargeQuantityProblem(quantity, exchangeOf(s), tiers);
  if (problem?.code === 'min')
    throw invalid({ key: 'orders.recharge_min', params: { limit: problem.limit } }, 'quantity');
  if (problem?.code === 'max')
    throw invalid({ key: 'orders.recharge_max', params: { limit: problem.limit } }, 'quantity');
  if (problem?.code === 'step')
    throw invalid({ key: 'orders.recharge_step', params: { limit: problem.limit } }, 'quantity');
  const cents = rechargeCents(quantity, exchangeOf(s), tiers);
  if (cents === null) {
    if (!(exchangeOf(s) > 0)) throw new DomainError('FEATURE_DISABLED', 'orders.recharge_rate_missing');
    throw invalid('orders.quantity_invalid', 'quantity');
  }
  if (cents < 1) throw invalid('orders.recharge_amount_too_small', 'quantity');
  const order = await ctx.em.transactional((em) =>
    insertOrder(em, ctx, s, userId, {
      orderType: OrderType.Recharge,
      productName: `充值 ${quantity} ${creditNameOf(s)}`,
      productId: 0,
      quantity,
      price: quantity,
      amount: Math.round(((cents / 100) * exchangeOf(s) + Number.EPSILON) * 100) / 100,
      moneyCents: cents,
    }),
  );
  return { order_no: order.orderNo, status: order.status, message: reasonText('orders.created', ctx.language) };
}

/**
 * POST /order/system/recharge. With `{user_id, credit, remark}` an administrator tops up a member's credits (payment
 * method 6, moredoc-pro-facts §4.7); with `{order_type: 3, quantity}` it is the member's own recharge order (spec §7).
 * Throws UNAUTHENTICATED, FORBIDDEN, NOT_FOUND.
 */
export async function systemRecharge(
  ctx: DomainContext,
  input: { user_id: number; credit: number; remark: string } | { order_type: number; quantity: number },
) {
  const actor = requireActor(ctx);
  const s = await loadSettings(ctx);
  if (!('user_id' in input)) return createRechargeOrder(ctx, s, actor.user.id, input.quantity);
  if (!can(actor, 'OrderAPI.SystemRecharge')) throw forbidden('orders.system_recharge_forbidden');
  const user = await ctx.em.findOne(User, { id: input.user_id });
  if (!user) throw notFound('users.user_not_found');
  return ctx.em.transactional(async (em) => {
    await lockMember(em, user.id);
    const order = await insertOrder(em, ctx, s, user.id, {
      orderType: OrderType.Recharge,
      productName: `系统充值 ${input.credit} ${creditNameOf(s)}`,
      productId: 0,
      quantity: input.credit,
      price: input.credit,
      amount: input.credit,
      moneyCents: 0,
      remark: `${input.remark}（操作人：${actor.user.username}）`.slice(0, 255),
    });
    await fulfilOrder(em, order, { paymentType: PaymentMethod.SystemRecharge });
    return { order_no: order.orderNo, status: OrderStatus.Paid, message: reasonText('orders.recharged', ctx.language) };
  });
}

/** Closes a pending order whose deadline has passed (the server is the authority on time, not the page). */
async function closeIfExpired(em: EntityManager, order: IOrder) {
  if (isOverdue(order)) {
    await em.execute('update orders set status = ?, updated_at = now() where id = ? and status = ?', [
      OrderStatus.Closed,
      order.id,
      OrderStatus.Pending,
    ]);
    await em.refresh(order);
  }
}

/** An order the caller may see: their own, or any with the order-list permission. Throws NOT_FOUND. */
export async function findVisibleOrder(ctx: DomainContext, orderNo: string) {
  const actor = requireActor(ctx);
  const order = await ctx.em.findOne(Order, { orderNo });
  if (!order || !mayViewOrder(order, { userId: actor.user.id, admin: can(actor, 'OrderAPI.ListOrder') }))
    throw notFound('orders.not_found');
  await closeIfExpired(ctx.em, order);
  return order;
}

/** GET /order and GET /order/status. Throws UNAUTHENTICATED, NOT_FOUND. */
export async function getOrder(ctx: DomainContext, orderNo: string) {
  const order = await findVisibleOrder(ctx, orderNo);
  const user = await ctx.em.findOne(User, { id: order.userId });
  return presentOrder(order, user?.username ?? '');
}

/** PUT /order/close: the buyer closes their pending order. Throws NOT_FOUND, FORBIDDEN. */
export async function closeOrder(ctx: DomainContext, orderNo: string) {
  const actor = requireActor(ctx);
  const order = await ctx.em.findOne(Order, { orderNo, userId: actor.user.id, deletedAt: null });
  if (!order) throw notFound('orders.not_found');
  if (order.status === OrderStatus.Paid) throw forbidden('orders.paid_cannot_close');
  if (order.status === OrderStatus.Pending) {
    await ctx.em.execute(
      'update orders set status = ?, closed_at = now(), updated_at = now() where id = ? and status = ?',
      [OrderStatus.Closed, order.id, OrderStatus.Pending],
    );
    await ctx.em.refresh(order);
    if (order.status === OrderStatus.Paid) throw forbidden('orders.paid_cannot_close');
  }
  return presentOrder(order, actor.user.username);
}

/** DELETE /order: the buyer removes a closed order from their list. Throws NOT_FOUND, FORBIDDEN. */
export async function deleteOrder(ctx: DomainContext, orderNo: string) {
  const actor = requireActor(ctx);
  const order = await ctx.em.findOne(Order, { orderNo, userId: actor.user.id, deletedAt: null });
  if (!order) throw notFound('orders.not_found');
  await closeIfExpired(ctx.em, order);
  if (!mayDeleteOrder(order)) throw forbidden('orders.delete_only_closed');
  order.deletedAt = new Date();
  await ctx.em.flush();
}

/** GET /user/order: the caller's orders, newest first, by status tab (0 = all). */
export async function listMyOrders(ctx: DomainContext, input: { page: number; size: number; status?: number }) {
  const actor = requireActor(ctx);
  await closeExpiredOrders(ctx.em, actor.user.id);
  const where: ObjectQuery<IOrder> = { userId: actor.user.id, deletedAt: null };
  if (input.status) where.status = input.status;
  const [rows, total] = await ctx.em.findAndCount(Order, where, { orderBy: { id: 'desc' }, ...pageWindow(input) });
  return { total, order: rows.map((o) => presentOrder(o, actor.user.username)) };
}

/** GET /order/list (admin, moredoc-pro-facts §4.6): keyword on order number or product name, multi-select filters. */
export async function listOrders(
  ctx: DomainContext,
  input: {
    page: number;
    size: number;
    wd?: string;
    order_status?: number[];
    order_type?: number[];
    payment_type?: number[];
    user_id?: number[];
  },
) {
  await closeExpiredOrders(ctx.em);
  const where: ObjectQuery<IOrder> = {};
  if (input.order_status?.length) where.status = { $in: input.order_status };
  if (input.order_type?.length) where.orderType = { $in: input.order_type };
  if (input.payment_type?.length) where.paymentType = { $in: input.payment_type };
  if (input.user_id?.length) where.userId = { $in: input.user_id };
  if (input.wd) {
    const like = `%${escapeLike(input.wd)}%`;
    where.$or = [{ orderNo: { $ilike: like } }, { productName: { $ilike: like } }];
  }
  const [rows, total] = await ctx.em.findAndCount(Order, where, { orderBy: { id: 'desc' }, ...pageWindow(input) });
  const names = await usernamesByIds(
    ctx.em,
    rows.map((r) => r.userId),
  );
  return { total, order: rows.map((o) => presentOrder(o, names.get(o.userId) ?? '')) };
}

/** Closes every pending order past its deadline (of one member, or all); returns how many. The job and lists call it. */
export async function closeExpiredOrders(em: EntityManager, userId?: number): Promise<number> {
  const rows = await em.execute<{ id: number }[]>(
    `update orders set status = ?, updated_at = now() where status = ? and closed_at <= now()${userId ? ' and user_id = ?' : ''} returning id`,
    userId ? [OrderStatus.Closed, OrderStatus.Pending, userId] : [OrderStatus.Closed, OrderStatus.Pending],
  );
  return rows.length;
}

/**
 * Validates a pending order of the caller for payment: refuses paid, closed and expired orders, methods the order
 * cannot use. Returns the order and settings.
 */
export async function payableOrder(ctx: DomainContext, em: EntityManager, orderNo: string) {
  const actor = requireActor(ctx);
  const order = await em.findOne(Order, { orderNo, userId: actor.user.id, deletedAt: null });
  if (!order) throw notFound('orders.not_found');
  await closeIfExpired(em, order);
  if (order.status === OrderStatus.Closed) throw forbidden('orders.closed');
  return order;
}

/**
 * POST /order/pay with credits (5) or a download code (9), inside one transaction: the order is paid and fulfilled
 * or nothing changes. Online methods are started by the payment service. Throws NOT_FOUND, FORBIDDEN,
 * FEATURE_DISABLED, VALIDATION_FAILED.
 */
export async function payOrderOffline(
  ctx: DomainContext,
  input: { order_no: string; payment_type: number; downcode: string },
): Promise<{ order_status: number; payment_url: string; extra: null }> {
  const actor = requireActor(ctx);
  const s = await loadSettings(ctx);
  return ctx.em.transactional(async (em) => {
    await lockMember(em, actor.user.id);
    const order = await payableOrder(ctx, em, input.order_no);
    if (order.status === OrderStatus.Paid) return { order_status: OrderStatus.Paid, payment_url: '', extra: null };
    // A document bought meanwhile by another order (the classic download path, another tab) is not paid for twice.
    if (order.orderType === OrderType.BuyDocument && (await documentPurchase(em, s, order.userId, order.productId)))
      throw forbidden('orders.already_bought');
    if (input.payment_type === PaymentMethod.Points) {
      if (order.orderType === OrderType.Recharge) throw invalid('orders.recharge_no_credits', 'payment_type');
      if (order.orderType === OrderType.BuyVip && !s.bool('vip.enable_credit_pay'))
        throw forbidden({ key: 'orders.vip_no_credits', params: { credit: creditNameOf(s) } });
      await payWithCredits(em, s, order);
    } else if (input.payment_type === PaymentMethod.DownloadCode) {
      await payWithDownloadCode(em, s, order, input.downcode, actor.user.id);
    } else {
      throw invalid('orders.payment_type_required', 'payment_type');
    }
    return { order_status: OrderStatus.Paid, payment_url: '', extra: null };
  });
}

async function payWithDownloadCode(em: EntityManager, s: Settings, order: IOrder, code: string, userId: number) {
  if (!s.bool('download.enable_code_download')) throw new DomainError('FEATURE_DISABLED', 'orders.downcode_disabled');
  if (order.orderType !== OrderType.BuyDocument) throw invalid('orders.downcode_documents_only', 'payment_type');
  const cap = s.num('download.max_price', 0);
  // moredoc-pro-facts §12.13: 0 means no cap (the order page's reading); a cap covers documents priced up to it.
  if (cap > 0 && order.amount > cap)
    throw forbidden({ key: 'orders.downcode_price_cap', params: { cap, credit: creditNameOf(s) } });
  if (!code) throw invalid('orders.downcode_required', 'downcode');
  // Codes are made of upper-case letters and digits; what a buyer types in lower case or with spaces still counts.
  code = code.replace(/\s+/g, '').toUpperCase();
  const used = await em.execute<{ id: number }[]>(
    `update download_code set used_by = ?, used_at = now(), order_no = ?, updated_at = now()
     where code = ? and used_by = 0 returning id`,
    [userId, order.orderNo, code],
  );
  if (used.length === 0) throw forbidden('orders.downcode_invalid');
  await fulfilOrder(em, order, { paymentType: PaymentMethod.DownloadCode, tradeNo: code });
}

/**
 * The classic download path (GET /document/download without an order, moredoc-facts §6.7): buys the document with
 * credits as a paid order, inside the download's transaction. Throws FORBIDDEN when the balance is short.
 */
export async function buyDocumentWithCredits(ctx: DomainContext, em: EntityManager, s: Settings, doc: IDocument) {
  const actor = requireActor(ctx);
  const amount = await documentPriceFor(em, s, actor.user.id, doc);
  const order = await insertOrder(em, ctx, s, actor.user.id, documentOrder(doc, amount, exchangeOf(s)));
  await payWithCredits(em, s, order);
  return order;
}

/** Admin download codes (payment method 9): 12 characters without look-alikes, single use. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newCode = () => Array.from({ length: 12 }, () => CODE_ALPHABET[randomInt(0, CODE_ALPHABET.length)]).join('');

export async function createDownloadCodes(ctx: DomainContext, input: { count: number; remark: string }) {
  const actor = requireActor(ctx);
  const codes = Array.from({ length: input.count }, newCode);
  await ctx.em.transactional(async (em) => {
    for (const code of codes) em.create(DownloadCode, { code, remark: input.remark, createdBy: actor.user.id });
    await em.flush();
  });
  return { code: codes };
}

export async function listDownloadCodes(
  ctx: DomainContext,
  input: { page: number; size: number; used?: boolean; wd?: string },
) {
  const where: ObjectQuery<IDownloadCode> = {};
  if (input.used !== undefined) where.usedBy = input.used ? { $gt: 0 } : 0;
  if (input.wd) where.code = input.wd.toUpperCase();
  const [rows, total] = await ctx.em.findAndCount(DownloadCode, where, {
    orderBy: { id: 'desc' },
    ...pageWindow(input),
  });
  const names = await usernamesByIds(
    ctx.em,
    rows.map((r) => r.usedBy),
  );
  return {
    total,
    download_code: rows.map((r) => ({
      id: r.id,
      code: r.code,
      remark: r.remark,
      used_by: r.usedBy,
      used_username: names.get(r.usedBy) ?? '',
      used_at: r.usedAt ? r.usedAt.toISOString() : null,
      order_no: r.orderNo,
      created_at: r.createdAt.toISOString(),
    })),
  };
}

/** Deletes unused codes; used ones stay as the record of what paid their orders. */
export async function deleteDownloadCodes(ctx: DomainContext, ids: number[]) {
  await ctx.em.nativeDelete(DownloadCode, { id: { $in: ids }, usedBy: 0 });
}
