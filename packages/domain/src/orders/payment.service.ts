import { type IOrder, Order, PaymentLog } from '@wenku/db';
import { DomainError, OrderStatus, PaymentMethod } from '@wenku/shared';
import type { DomainContext } from '../context.ts';
import { lockMember } from '../credits/credits.service.ts';
import { invalid } from '../errors.ts';
import { officialAccountOpenid } from '../oauth/wechat.service.ts';
import {
  downloadWechatPlatformCertificate,
  type NotificationInput,
  type NotifyAnswer,
  PaymentProviderError,
  type PaymentProviderName,
  paymentProviderFromSettings,
  wechatConfigFromSettings,
} from '../payments/index.ts';
import { requireActor } from '../permissions.ts';
import type { Settings } from '../settings/settings.cache.ts';
import { loadSettings, siteOrigin } from '../settings/settings.service.ts';
import { presentOrder } from './order.presenter.ts';
import { findVisibleOrder, fulfilOrder, payableOrder, payOrderOffline } from './order.service.ts';

/** Online payment methods of spec §3 and the provider (settings group, callback path) behind each. */
const ONLINE: Record<number, PaymentProviderName> = {
  [PaymentMethod.Wechat]: 'wechatpay',
  [PaymentMethod.Alipay]: 'alipay',
  [PaymentMethod.Aggregated]: 'xunhupay',
};
const METHOD_OF: Record<PaymentProviderName, number> = { wechatpay: 1, alipay: 2, xunhupay: 8 };

const providerOf = (s: Settings, name: PaymentProviderName) => paymentProviderFromSettings(name, s.getter);

/**
 * POST /order/pay with WeChat (1), Alipay (2) or XunhuPay (8): asks the provider to collect the order's
 * `money_cents` (fixed at creation) and answers where to send the payer. Nothing is paid here; the provider's signed
 * notification (or a status query) does that. Throws NOT_FOUND, FORBIDDEN, FEATURE_DISABLED, VALIDATION_FAILED.
 */
export async function startOnlinePayment(
  ctx: DomainContext,
  input: { order_no: string; payment_type: number; is_wap: boolean; code: string },
): Promise<{ order_status: number; payment_url: string; extra: Record<string, string> | null }> {
  requireActor(ctx);
  const name = ONLINE[input.payment_type];
  if (!name) throw invalid('orders.payment_type_required', 'payment_type');
  const s = await loadSettings(ctx);
  const provider = providerOf(s, name);
  if (!provider) throw new DomainError('FEATURE_DISABLED', 'payments.method_disabled');
  const order = await payableOrder(ctx, ctx.em, input.order_no);
  if (order.status === OrderStatus.Paid) return { order_status: OrderStatus.Paid, payment_url: '', extra: null };
  if (order.moneyCents <= 0) throw invalid('payments.nothing_to_pay', 'payment_type');
  const site = siteOrigin(s);
  if (!site) throw new DomainError('FEATURE_DISABLED', 'payments.domain_missing');
  // Inside WeChat the order page first fetches an official-account snsapi_base code: JSAPI needs the payer's openid.
  const jsapi = name === 'wechatpay' && input.code.trim() !== '';
  const openid = jsapi ? await officialAccountOpenid(ctx, input.code.trim()) : undefined;
  let start: Awaited<ReturnType<typeof provider.create>>;
  try {
    start = await provider.create({
      orderNo: order.orderNo,
      description: order.productName || order.orderNo,
      amountCents: order.moneyCents,
      notifyUrl: `${site}/callback/${name}`,
      returnUrl: `${site}/order?order_no=${encodeURIComponent(order.orderNo)}`,
      clientIp: ctx.ip || '127.0.0.1',
      scene: jsapi ? 'wechat' : input.is_wap ? 'mobile' : 'desktop',
      openid,
      expiresAt: order.closedAt ?? undefined,
    });
  } catch (e) {
    console.error(`payment ${name} create ${order.orderNo}`, e);
    throw new DomainError(
      'INTERNAL',
      e instanceof PaymentProviderError
        ? { key: 'payments.start_failed_detail', params: { detail: e.message } }
        : 'payments.start_failed',
    );
  }
  await ctx.em.nativeUpdate(Order, { id: order.id, status: OrderStatus.Pending }, { paymentType: input.payment_type });
  return { order_status: OrderStatus.Pending, payment_url: start.paymentUrl, extra: start.extra ?? null };
}

async function logNotice(
  ctx: DomainContext,
  entry: {
    provider: string;
    outcome: 'accepted' | 'replayed' | 'rejected' | 'ignored';
    reason?: string;
    orderNo?: string;
    tradeNo?: string;
    amountCents?: number;
  },
) {
  await ctx.em.insert(PaymentLog, {
    provider: entry.provider,
    outcome: entry.outcome,
    reason: (entry.reason ?? '').slice(0, 255),
    orderNo: (entry.orderNo ?? '').slice(0, 32),
    tradeNo: (entry.tradeNo ?? '').slice(0, 64),
    amountCents: entry.amountCents ?? 0,
    ip: ctx.ip.slice(0, 64),
  });
  if (entry.outcome === 'rejected')
    console.warn(`payment notification rejected: ${entry.provider} ${entry.orderNo ?? ''} ${entry.reason ?? ''}`);
}

/**
 * Settles a verified provider state against our order: the amount must equal the order's `money_cents`; then the
 * order is paid and fulfilled in one transaction (once: a replay finds it paid). Returns the outcome.
 */
async function settle(
  ctx: DomainContext,
  name: PaymentProviderName,
  notice: { orderNo: string; amountCents: number; tradeNo: string },
): Promise<'accepted' | 'replayed' | 'rejected'> {
  const order = await ctx.em.findOne(Order, { orderNo: notice.orderNo });
  const base = { provider: name, orderNo: notice.orderNo, tradeNo: notice.tradeNo, amountCents: notice.amountCents };
  if (!order) {
    await logNotice(ctx, { ...base, outcome: 'rejected', reason: 'unknown order' });
    return 'rejected';
  }
  if (notice.amountCents !== order.moneyCents) {
    await logNotice(ctx, {
      ...base,
      outcome: 'rejected',
      reason: `amount ${notice.amountCents} != ${order.moneyCents}`,
    });
    return 'rejected';
  }
  const fulfilled = await ctx.em.transactional(async (em) => {
    await lockMember(em, order.userId);
    const fresh = await em.findOneOrFail(Order, { id: order.id });
    // Paid after the order closed: the money was taken, so the order is honoured rather than lost.
    return fulfilOrder(em, fresh, { paymentType: METHOD_OF[name], tradeNo: notice.tradeNo, allowClosed: true });
  });
  await logNotice(ctx, { ...base, outcome: fulfilled ? 'accepted' : 'replayed' });
  return fulfilled ? 'accepted' : 'replayed';
}

/**
 * POST /callback/{wechatpay|alipay|xunhupay}: verifies the provider's signature (and decrypts WeChat's resource),
 * checks the amount and the order, then pays and fulfils it. A replay changes nothing and is acknowledged; a forged
 * or mismatched notification is refused and logged. Returns the exact answer the provider expects.
 */
export async function handlePaymentNotification(
  ctx: DomainContext,
  name: PaymentProviderName,
  input: NotificationInput,
): Promise<NotifyAnswer> {
  const s = await loadSettings(ctx);
  const provider = providerOf(s, name);
  if (!provider) {
    await logNotice(ctx, { provider: name, outcome: 'rejected', reason: 'provider disabled' });
    return { status: 404, contentType: 'text/plain', body: 'fail' };
  }
  let notice: ReturnType<typeof provider.verifyNotification>;
  try {
    notice = provider.verifyNotification(input);
  } catch (e) {
    await logNotice(ctx, { provider: name, outcome: 'rejected', reason: e instanceof Error ? e.message : 'invalid' });
    return provider.notifyAnswer(false, 'invalid notification');
  }
  if (!notice.paid) {
    await logNotice(ctx, { provider: name, outcome: 'ignored', reason: 'not paid', orderNo: notice.orderNo });
    return provider.notifyAnswer(true);
  }
  const outcome = await settle(ctx, name, notice);
  return provider.notifyAnswer(outcome !== 'rejected', outcome === 'rejected' ? 'order mismatch' : undefined);
}

/** Providers whose query answers are signed (XunhuPay's are not documented as signed, so only its notifications count). */
const SIGNED_QUERIES: readonly PaymentProviderName[] = ['wechatpay', 'alipay'];

/**
 * GET /order/status: the order, after asking the provider when an online payment of a pending order was started (a
 * notification may not reach a site behind NAT; WeChat and Alipay sign their query answers just the same).
 */
export async function orderStatus(ctx: DomainContext, order: IOrder) {
  const name = ONLINE[order.paymentType];
  if (order.status === OrderStatus.Pending && name && SIGNED_QUERIES.includes(name)) {
    const provider = providerOf(await loadSettings(ctx), name);
    try {
      const notice = provider ? await provider.query(order.orderNo) : null;
      if (notice?.paid) {
        await settle(ctx, name, notice);
        await ctx.em.refresh(order);
      }
    } catch (e) {
      console.warn(`payment ${name} query ${order.orderNo}`, e instanceof Error ? e.message : e);
    }
  }
  return presentOrder(order);
}

/** GET /wechatpay/cert (admin): downloads and decrypts WeChat Pay's newest platform certificate. */
export async function wechatPayCertificate(ctx: DomainContext) {
  const s = await loadSettings(ctx);
  const cfg = wechatConfigFromSettings(s.getter, { forCertificateDownload: true });
  if (!cfg) throw invalid('payments.wechat_config_missing', 'mchid');
  try {
    return await downloadWechatPlatformCertificate(cfg);
  } catch (e) {
    throw new DomainError(
      'INTERNAL',
      e instanceof PaymentProviderError
        ? { key: 'payments.fetch_failed_detail', params: { detail: e.message } }
        : 'payments.fetch_failed',
    );
  }
}

/**
 * POST /order/pay: credits (5) and download codes (9) settle at once; WeChat, Alipay and XunhuPay start an online
 * payment. Throws as payOrderOffline and startOnlinePayment do.
 */
export function payOrder(
  ctx: DomainContext,
  input: { order_no: string; payment_type: number; downcode: string; is_wap: boolean; code: string },
) {
  return ONLINE[input.payment_type] ? startOnlinePayment(ctx, input) : payOrderOffline(ctx, input);
}

/** GET /order/status by order number: the visible order, refreshed from its provider while pending. */
export async function refreshOrderStatus(ctx: DomainContext, orderNo: string) {
  return orderStatus(ctx, await findVisibleOrder(ctx, orderNo));
}
