// XunhuPay (虎皮椒) API v1.1: there is no official Node SDK, so this follows the published scheme
// (xunhupay.com/doc/api/pay.html and search.html): form POST, `hash` = md5(sorted non-empty params except hash,
// joined k=v&k2=v2, then the appsecret appended), lowercase hex.
import { createHash } from 'node:crypto';
import {
  assertPaymentRequest,
  centsToYuan,
  nonceStr,
  paymentTitle,
  safeEqual,
  truncateUtf8,
  yuanToCents,
} from './format.ts';
import type { NotifyAnswer, PaymentNotice, PaymentRequest, PaymentStart, SettingsGetter } from './types.ts';
import { PaymentProviderError } from './types.ts';

export const XUNHUPAY_DEFAULT_GATEWAY = 'https://api.xunhupay.com/payment/do.html';
const REQUEST_TIMEOUT_MS = 15_000;

export interface XunhupayConfig {
  appId: string;
  appSecret: string;
  /** The do.html URL; query.html is its sibling. */
  gateway: string;
  /** Shown by the WAP (H5) flow as the site name (`wap_name`). */
  siteName: string;
}

/** Reads the XUNHUPAY settings group (plus system.sitename for H5). Null when disabled or appid/appsecret is missing. */
export function xunhupayConfigFromSettings(get: SettingsGetter): XunhupayConfig | null {
  if (get('xunhupay.enable') !== 'true') return null;
  const appId = get('xunhupay.appid').trim();
  const appSecret = get('xunhupay.appsecret').trim();
  if (!appId || !appSecret) return null;
  return {
    appId,
    appSecret,
    gateway: get('xunhupay.gateway').trim() || XUNHUPAY_DEFAULT_GATEWAY,
    siteName: get('system.sitename').trim() || '文库',
  };
}

/** Scalar values as PHP's string conversion gives them (the gateway is PHP): true → '1', null/undefined dropped. */
function flatten(params: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined || typeof value === 'object') continue;
    out[key] = typeof value === 'boolean' ? (value ? '1' : '') : String(value);
  }
  return out;
}

/** XunhuPay hash: md5 of the sorted non-empty params except `hash`, joined as k=v&…, with the appsecret appended. */
export function xunhupayHash(params: Record<string, unknown>, appSecret: string): string {
  const flat = flatten(params);
  const joined = Object.keys(flat)
    .filter((key) => key !== 'hash' && flat[key] !== '')
    .sort()
    .map((key) => `${key}=${flat[key]}`)
    .join('&');
  return createHash('md5').update(`${joined}${appSecret}`, 'utf8').digest('hex');
}

async function postForm(url: string, params: Record<string, string>): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (err) {
    throw new PaymentProviderError('无法连接虎皮椒支付', err);
  }
  const text = await res.text();
  if (!res.ok)
    throw new PaymentProviderError(`虎皮椒支付返回 HTTP ${res.status}`, {
      status: res.status,
      body: text.slice(0, 200),
    });
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch (err) {
    throw new PaymentProviderError('虎皮椒支付返回了无法解析的内容', { body: text.slice(0, 200), err });
  }
}

function signed(cfg: XunhupayConfig, params: Record<string, string>): Record<string, string> {
  const withoutEmpty = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== ''));
  return { ...withoutEmpty, hash: xunhupayHash(withoutEmpty, cfg.appSecret) };
}

const unixTime = () => Math.floor(Date.now() / 1000).toString();

/**
 * Opens a XunhuPay cashier (payment/do.html). desktop and wechat get the cashier `url` (it shows a QR code on a
 * computer and pays in place inside WeChat); mobile asks for `type=WAP` (H5). `extra.qrcode` is the QR image URL.
 * The answer's hash is verified. XunhuPay documents no expiry field, so `expiresAt` is not sent.
 */
export async function createXunhupayPayment(cfg: XunhupayConfig, req: PaymentRequest): Promise<PaymentStart> {
  assertPaymentRequest(req);
  const params: Record<string, string> = {
    version: '1.1',
    appid: cfg.appId,
    trade_order_id: req.orderNo,
    total_fee: centsToYuan(req.amountCents),
    // Doc: title at most 127 characters or 42 Chinese characters (UTF-8 bytes), and no emoji.
    title: truncateUtf8(paymentTitle(req).replace(/\p{Extended_Pictographic}|[\u{FE0F}\u{200D}]/gu, ''), 127),
    time: unixTime(),
    notify_url: req.notifyUrl,
    return_url: req.returnUrl,
    callback_url: req.returnUrl,
    nonce_str: nonceStr(),
  };
  if (req.scene === 'mobile') {
    // Doc: type=WAP for WeChat H5 outside WeChat, with the site's address and name.
    params.type = 'WAP';
    params.wap_url = new URL(req.returnUrl).origin;
    params.wap_name = cfg.siteName;
  }
  const answer = await postForm(cfg.gateway, signed(cfg, params));
  if (Number(answer.errcode) !== 0) {
    throw new PaymentProviderError(`虎皮椒支付下单失败：${answer.errmsg ?? answer.errcode}`, answer);
  }
  if (typeof answer.hash !== 'string' || !safeEqual(xunhupayHash(answer, cfg.appSecret), answer.hash)) {
    throw new PaymentProviderError('虎皮椒支付返回的签名无效', answer);
  }
  if (typeof answer.url !== 'string' || !answer.url) throw new PaymentProviderError('虎皮椒支付未返回支付地址', answer);
  const extra: Record<string, string> = {};
  if (typeof answer.url_qrcode === 'string' && answer.url_qrcode) extra.qrcode = answer.url_qrcode;
  return { paymentUrl: answer.url, extra };
}

/**
 * Verifies a payment notification (the parsed form fields): hash over every received field, and appid must be
 * ours. Status OD means paid. Throws PaymentProviderError otherwise.
 */
export function verifyXunhupayNotification(cfg: XunhupayConfig, fields: Record<string, string>): PaymentNotice {
  if (!fields.hash || !safeEqual(xunhupayHash(fields, cfg.appSecret), fields.hash.toLowerCase())) {
    throw new PaymentProviderError('虎皮椒支付通知签名验证失败');
  }
  if (fields.appid && fields.appid !== cfg.appId) {
    throw new PaymentProviderError('虎皮椒支付通知的 appid 与配置不符', { appid: fields.appid });
  }
  if (!fields.trade_order_id || !fields.total_fee) throw new PaymentProviderError('虎皮椒支付通知缺少订单号或金额');
  return {
    orderNo: fields.trade_order_id,
    amountCents: yuanToCents(fields.total_fee),
    tradeNo: fields.open_order_id ?? fields.transaction_id ?? '',
    paid: fields.status === 'OD',
  };
}

/**
 * Queries the order (payment/query.html by out_trade_order). Status OD = paid, WP = waiting, CD = cancelled.
 * The documentation does not say what the query answer's `hash` covers, so it is not checked: this answer is
 * trusted for being fetched over HTTPS from the configured gateway, and credits still come only from a verified
 * notification or the caller's own amount check.
 */
export async function queryXunhupayPayment(cfg: XunhupayConfig, orderNo: string): Promise<PaymentNotice | null> {
  const url = new URL('query.html', cfg.gateway).toString();
  const answer = await postForm(
    url,
    signed(cfg, { appid: cfg.appId, out_trade_order: orderNo, time: unixTime(), nonce_str: nonceStr() }),
  );
  if (Number(answer.errcode) !== 0) {
    throw new PaymentProviderError(`虎皮椒支付查询失败：${answer.errmsg ?? answer.errcode}`, answer);
  }
  const data = (answer.data ?? {}) as Record<string, unknown>;
  if (data.out_trade_order !== undefined && String(data.out_trade_order) !== orderNo) {
    throw new PaymentProviderError('虎皮椒支付返回了其他订单', answer);
  }
  // Seen in real answers: total_amount; older SDKs read total_fee.
  const total = data.total_amount ?? data.total_fee;
  if (total === undefined || total === null) return null;
  return {
    orderNo,
    amountCents: yuanToCents(String(total)),
    tradeNo: String(data.open_order_id ?? data.transaction_id ?? ''),
    paid: data.status === 'OD',
  };
}

/** XunhuPay stops retrying only when the body is exactly `success`. */
export function xunhupayNotifyAnswer(ok: boolean): NotifyAnswer {
  return { status: 200, contentType: 'text/plain; charset=utf-8', body: ok ? 'success' : 'fail' };
}
