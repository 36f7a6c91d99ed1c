// Alipay OpenAPI 2.0 (gateway.do, RSA2) through the official SDK alipay-sdk: it signs requests, builds the page
// URLs, checks response signatures (when asked to: validateSign) and notification signatures. Desktop payers go to
// the cashier page (alipay.trade.page.pay) or, when `alipay.desktop_mode` is `qrcode`, scan the QR code of a
// 当面付 trade (alipay.trade.precreate); phones always use wap pay.
import type { AlipaySdk } from 'alipay-sdk';
import { lazyPackage } from '../lazy-package.ts';
import {
  assertPaymentRequest,
  beijingTime,
  centsToYuan,
  parsePrivateKey,
  parsePublicKey,
  paymentTitle,
  truncateChars,
  yuanToCents,
} from './format.ts';
import type { NotifyAnswer, PaymentNotice, PaymentRequest, PaymentStart, SettingsGetter } from './types.ts';
import { PaymentProviderError } from './types.ts';

export const ALIPAY_DEFAULT_GATEWAY = 'https://openapi.alipay.com/gateway.do';
export const ALIPAY_SANDBOX_GATEWAY = 'https://openapi-sandbox.dl.alipaydev.com/gateway.do';
const REQUEST_TIMEOUT_MS = 15_000;

export interface AlipayConfig {
  appId: string;
  /** Application private key, normalised to PKCS#8 PEM. */
  privateKey: string;
  /** Alipay public key (支付宝公钥, not the application public key), normalised to SPKI PEM. */
  alipayPublicKey: string;
  gateway: string;
  /** Desktop payment: `page` redirects to the cashier page, `qrcode` shows the QR code of alipay.trade.precreate. */
  desktopMode: AlipayDesktopMode;
}

export type AlipayDesktopMode = 'page' | 'qrcode';

/**
 * Reads the ALIPAY settings group. Null when disabled or when app_id, the application private key or the Alipay
 * public key is missing or unreadable. With `sandbox` on and the gateway left at its default, the sandbox gateway
 * is used.
 */
export function alipayConfigFromSettings(get: SettingsGetter): AlipayConfig | null {
  if (get('alipay.enable') !== 'true') return null;
  const appId = get('alipay.app_id').trim();
  const privateKey = parsePrivateKey(get('alipay.private_key'));
  const publicKey = parsePublicKey(get('alipay.alipay_public_key'));
  if (!appId || !privateKey || !publicKey) return null;
  let gateway = get('alipay.gateway').trim() || ALIPAY_DEFAULT_GATEWAY;
  if (get('alipay.sandbox') === 'true' && gateway === ALIPAY_DEFAULT_GATEWAY) gateway = ALIPAY_SANDBOX_GATEWAY;
  return {
    appId,
    // The SDK rewraps keys line by line and breaks on a trailing newline, hence trim().
    privateKey: (privateKey.export({ type: 'pkcs8', format: 'pem' }) as string).trim(),
    alipayPublicKey: (publicKey.export({ type: 'spki', format: 'pem' }) as string).trim(),
    gateway,
    desktopMode: get('alipay.desktop_mode').trim() === 'qrcode' ? 'qrcode' : 'page',
  };
}

// Loaded with the first Alipay payment (issue 17: memory of an idle server).
const alipaySdk = lazyPackage<typeof import('alipay-sdk')>('alipay-sdk');
const sdks = new WeakMap<AlipayConfig, AlipaySdk>();

function sdkFor(cfg: AlipayConfig): AlipaySdk {
  let sdk = sdks.get(cfg);
  if (!sdk) {
    sdk = new (alipaySdk().AlipaySdk)({
      appId: cfg.appId,
      privateKey: cfg.privateKey,
      keyType: 'PKCS8',
      alipayPublicKey: cfg.alipayPublicKey,
      gateway: cfg.gateway,
      signType: 'RSA2',
      timeout: REQUEST_TIMEOUT_MS,
      // Keep the wire's snake_case field names.
      camelcase: false,
    });
    sdks.set(cfg, sdk);
  }
  return sdk;
}

/**
 * The SDK stamps requests with the server's local time; Alipay reads `timestamp` as Beijing time, so it is set
 * explicitly (the SDK lets request params override its defaults).
 */
const requestTimestamp = () => beijingTime(new Date(), 'plain');

/**
 * Starts an Alipay payment. Desktop in `qrcode` mode → alipay.trade.precreate (see precreateAlipayPayment). Otherwise
 * builds the signed Alipay cashier URL: desktop → alipay.trade.page.pay, mobile/wechat → alipay.trade.wap.pay.
 * Nothing is sent then: the payer's browser opens the URL (GET form) and Alipay checks the signature there.
 */
export async function createAlipayPayment(cfg: AlipayConfig, req: PaymentRequest): Promise<PaymentStart> {
  assertPaymentRequest(req);
  if (req.scene === 'desktop' && cfg.desktopMode === 'qrcode') return precreateAlipayPayment(cfg, req);
  const page = req.scene === 'desktop';
  const bizContent: Record<string, string> = {
    out_trade_no: req.orderNo,
    total_amount: centsToYuan(req.amountCents),
    // page.pay/wap.pay field rule: subject string(256); the brief caps product names at 127 characters.
    subject: truncateChars(paymentTitle(req), 127),
    product_code: page ? 'FAST_INSTANT_TRADE_PAY' : 'QUICK_WAP_WAY',
  };
  if (!page) bizContent.quit_url = req.returnUrl;
  if (req.expiresAt) bizContent.time_expire = beijingTime(req.expiresAt, 'plain');
  try {
    const paymentUrl = sdkFor(cfg).pageExecute(page ? 'alipay.trade.page.pay' : 'alipay.trade.wap.pay', 'GET', {
      bizContent,
      notifyUrl: req.notifyUrl,
      returnUrl: req.returnUrl,
      timestamp: requestTimestamp(),
    });
    return { paymentUrl };
  } catch (err) {
    throw new PaymentProviderError('支付宝下单参数签名失败', err);
  }
}

/** precreate's timeout_express: whole minutes left until the order closes, within Alipay's range 1m–15d. */
function timeoutExpress(expiresAt: Date, now = Date.now()): string {
  const minutes = Math.ceil((expiresAt.getTime() - now) / 60_000);
  return `${Math.min(Math.max(minutes, 1), 15 * 24 * 60)}m`;
}

/**
 * 当面付 QR pay: creates the trade at Alipay (alipay.trade.precreate, RSA2-signed by the SDK, the answer's signature
 * verified with the Alipay public key) and answers its `qr_code` as `paymentUrl` and `extra.qr_code`, for the order
 * page to show as a QR code. The payer scans it with the Alipay app; Alipay then notifies notify_url as for page pay.
 * Throws PaymentProviderError when Alipay refuses or the answer does not verify.
 */
export async function precreateAlipayPayment(cfg: AlipayConfig, req: PaymentRequest): Promise<PaymentStart> {
  assertPaymentRequest(req);
  const bizContent: Record<string, string> = {
    out_trade_no: req.orderNo,
    total_amount: centsToYuan(req.amountCents),
    subject: truncateChars(paymentTitle(req), 127),
    product_code: 'FACE_TO_FACE_PAYMENT',
  };
  // precreate documents the relative timeout_express (the trade exists from now on), not time_expire.
  if (req.expiresAt) bizContent.timeout_express = timeoutExpress(req.expiresAt);
  let result: Record<string, unknown>;
  try {
    result = await sdkFor(cfg).exec(
      'alipay.trade.precreate',
      { bizContent, notifyUrl: req.notifyUrl, timestamp: requestTimestamp() },
      { validateSign: true },
    );
  } catch (err) {
    throw new PaymentProviderError('支付宝预下单失败', err);
  }
  if (result.code !== '10000') {
    throw new PaymentProviderError(`支付宝预下单失败：${result.sub_msg ?? result.msg}`, result);
  }
  if (result.out_trade_no !== req.orderNo) throw new PaymentProviderError('支付宝返回了其他订单', result);
  const qrCode = typeof result.qr_code === 'string' ? result.qr_code : '';
  if (!/^https?:\/\//.test(qrCode)) throw new PaymentProviderError('支付宝未返回二维码', result);
  return { paymentUrl: qrCode, extra: { qr_code: qrCode } };
}

/** Alipay rule: only TRADE_SUCCESS and TRADE_FINISHED mean the buyer has paid. */
const PAID_STATES = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

/**
 * Verifies an asynchronous notification (the parsed form fields): RSA2 signature with the Alipay public key, and
 * app_id must be ours. Throws PaymentProviderError otherwise.
 */
export function verifyAlipayNotification(cfg: AlipayConfig, fields: Record<string, string>): PaymentNotice {
  // checkNotifySignV2 signs the values as received; V1 URL-decodes them again and breaks on a literal '%'.
  if (!fields.sign || !sdkFor(cfg).checkNotifySignV2(fields)) {
    throw new PaymentProviderError('支付宝通知签名验证失败');
  }
  if (fields.app_id !== cfg.appId)
    throw new PaymentProviderError('支付宝通知的 app_id 与配置不符', { app_id: fields.app_id });
  if (!fields.out_trade_no || !fields.total_amount) throw new PaymentProviderError('支付宝通知缺少订单号或金额');
  return {
    orderNo: fields.out_trade_no,
    amountCents: yuanToCents(fields.total_amount),
    tradeNo: fields.trade_no ?? '',
    paid: PAID_STATES.has(fields.trade_status ?? ''),
  };
}

/**
 * Queries the trade (alipay.trade.query), verifying the answer's signature. Null when Alipay has no such trade
 * yet (ACQ.TRADE_NOT_EXIST: the payer never opened the cashier). Throws PaymentProviderError otherwise.
 */
export async function queryAlipayPayment(cfg: AlipayConfig, orderNo: string): Promise<PaymentNotice | null> {
  let result: Record<string, unknown>;
  try {
    result = await sdkFor(cfg).exec(
      'alipay.trade.query',
      { bizContent: { out_trade_no: orderNo }, timestamp: requestTimestamp() },
      { validateSign: true },
    );
  } catch (err) {
    throw new PaymentProviderError('支付宝查询失败', err);
  }
  if (result.code !== '10000') {
    if (result.sub_code === 'ACQ.TRADE_NOT_EXIST') return null;
    throw new PaymentProviderError(`支付宝查询失败：${result.sub_msg ?? result.msg}`, result);
  }
  if (result.out_trade_no !== orderNo) throw new PaymentProviderError('支付宝返回了其他订单', result);
  return {
    orderNo,
    amountCents: yuanToCents(String(result.total_amount)),
    tradeNo: String(result.trade_no ?? ''),
    paid: PAID_STATES.has(String(result.trade_status)),
  };
}

/** Alipay stops retrying only when the body is exactly `success`. */
export function alipayNotifyAnswer(ok: boolean): NotifyAnswer {
  return { status: 200, contentType: 'text/plain; charset=utf-8', body: ok ? 'success' : 'fail' };
}
