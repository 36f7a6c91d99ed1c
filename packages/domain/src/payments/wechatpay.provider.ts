// WeChat Pay API v3 (直连商户): request signing, response and notification verification, AEAD_AES_256_GCM
// decryption, implemented on node:crypto and fetch. The SDKs looked at either fix the host (wechatpay-node-v3)
// or bring axios and its dependency tree for what is five crypto calls here (wechatpay-axios-plugin).
import { createDecipheriv, createSign, createVerify, type KeyObject, X509Certificate } from 'node:crypto';
import {
  assertPaymentRequest,
  beijingTime,
  headerValue,
  nonceStr,
  parsePrivateKey,
  parsePublicKey,
  paymentTitle,
  truncateChars,
} from './format.ts';
import type { NotifyAnswer, PaymentNotice, PaymentRequest, PaymentStart, SettingsGetter } from './types.ts';
import { PaymentProviderError } from './types.ts';

export const WECHATPAY_DEFAULT_GATEWAY = 'https://api.mch.weixin.qq.com';
const AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';
/** v3 rule: a response or notification whose Wechatpay-Timestamp is more than 5 minutes off is refused. */
const MAX_CLOCK_SKEW_SECONDS = 300;
/** v3 rule: the 微信支付公钥 ID (public-key mode) always starts with this; a platform certificate serial never does. */
const PUBLIC_KEY_ID_PREFIX = 'PUB_KEY_ID_';
const REQUEST_TIMEOUT_MS = 15_000;

export interface WechatPayConfig {
  appId: string;
  mchId: string;
  /** 32-byte APIv3 key: the AES-256-GCM key of notifications and downloaded certificates. */
  apiV3Key: string;
  /** Serial number of the merchant API certificate whose private key signs requests. */
  merchantSerialNo: string;
  merchantPrivateKey: KeyObject;
  /** 微信支付公钥 mode: key id (PUB_KEY_ID_…) and key. */
  publicKeyId: string;
  publicKey: KeyObject | null;
  /** Platform-certificate mode: the certificate (PEM) and its serial. Both modes may be set during a switch. */
  platformCert: X509Certificate | null;
  gateway: string;
}

/**
 * Reads the WECHATPAY settings group. Null when disabled or incomplete: payments need appid, mchid, a 32-byte
 * APIv3 key, the merchant serial and private key, and a way to verify WeChat (public key + id, or platform
 * certificate). `forCertificateDownload` skips the switch, appid and verifier checks so that the back office can
 * fetch the first platform certificate.
 */
export function wechatConfigFromSettings(
  get: SettingsGetter,
  options: { forCertificateDownload?: boolean } = {},
): WechatPayConfig | null {
  const forDownload = options.forCertificateDownload ?? false;
  if (!forDownload && get('wechatpay.enable') !== 'true') return null;
  const appId = get('wechatpay.appid').trim();
  const mchId = get('wechatpay.mchid').trim();
  const apiV3Key = get('wechatpay.api_v3_key').trim();
  const merchantSerialNo = get('wechatpay.serial_no').trim().toUpperCase();
  const merchantPrivateKey = parsePrivateKey(get('wechatpay.private_key'));
  if (!mchId || Buffer.byteLength(apiV3Key) !== 32 || !merchantSerialNo || !merchantPrivateKey) return null;

  const publicKeyId = get('wechatpay.public_key_id').trim();
  const publicKey = publicKeyId.startsWith(PUBLIC_KEY_ID_PREFIX) ? parsePublicKey(get('wechatpay.public_key')) : null;
  const platformCert = readCertificate(get('wechatpay.platform_cert'));
  if (!forDownload && (!appId || (!publicKey && !platformCert))) return null;

  const gateway = (get('wechatpay.gateway').trim() || WECHATPAY_DEFAULT_GATEWAY).replace(/\/+$/, '');
  return {
    appId,
    mchId,
    apiV3Key,
    merchantSerialNo,
    merchantPrivateKey,
    publicKeyId: publicKey ? publicKeyId : '',
    publicKey,
    platformCert,
    gateway,
  };
}

function readCertificate(pem: string): X509Certificate | null {
  if (!pem.includes('BEGIN CERTIFICATE')) return null;
  try {
    return new X509Certificate(pem.trim());
  } catch {
    return null;
  }
}

function rsaSign(message: string, key: KeyObject): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(key, 'base64');
}

/** Authorization header per v3 签名生成: METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n, RSA-SHA256, base64. */
function authorization(cfg: WechatPayConfig, method: string, pathAndQuery: string, body: string): string {
  const timestamp = Math.floor(Date.now() / 1000).toString();
  const nonce = nonceStr();
  const signature = rsaSign(`${method}\n${pathAndQuery}\n${timestamp}\n${nonce}\n${body}\n`, cfg.merchantPrivateKey);
  return (
    `${AUTH_SCHEMA} mchid="${cfg.mchId}",nonce_str="${nonce}",signature="${signature}",` +
    `timestamp="${timestamp}",serial_no="${cfg.merchantSerialNo}"`
  );
}

/** Keys that may sign WeChat's answers, by Wechatpay-Serial. */
function verifierKeys(cfg: WechatPayConfig): Map<string, KeyObject> {
  const keys = new Map<string, KeyObject>();
  if (cfg.publicKey && cfg.publicKeyId) keys.set(cfg.publicKeyId, cfg.publicKey);
  if (cfg.platformCert) keys.set(cfg.platformCert.serialNumber.toUpperCase(), cfg.platformCert.publicKey);
  return keys;
}

/**
 * v3 验签 of a response or notification: `${timestamp}\n${nonce}\n${body}\n` against the key named by
 * Wechatpay-Serial; a timestamp more than 5 minutes away from now is refused (replay protection).
 */
function verifySignedBody(
  headers: Record<string, string | string[] | undefined>,
  body: string,
  keys: Map<string, KeyObject>,
): void {
  const timestamp = headerValue(headers, 'wechatpay-timestamp');
  const nonce = headerValue(headers, 'wechatpay-nonce');
  const signature = headerValue(headers, 'wechatpay-signature');
  const serial = headerValue(headers, 'wechatpay-serial');
  if (!timestamp || !nonce || !signature || !serial) {
    throw new PaymentProviderError('微信支付签名头不完整');
  }
  const seconds = Number(timestamp);
  if (!Number.isInteger(seconds) || Math.abs(Date.now() / 1000 - seconds) > MAX_CLOCK_SKEW_SECONDS) {
    throw new PaymentProviderError('微信支付签名时间戳已过期或无效', { timestamp });
  }
  const key = keys.get(serial.toUpperCase()) ?? keys.get(serial);
  if (!key) {
    throw new PaymentProviderError(
      serial.startsWith(PUBLIC_KEY_ID_PREFIX)
        ? `微信支付公钥ID ${serial} 与配置不符`
        : `未知的微信支付平台证书序列号 ${serial}，请重新获取平台证书`,
      { serial },
    );
  }
  const ok = createVerify('RSA-SHA256')
    .update(`${timestamp}\n${nonce}\n${body}\n`, 'utf8')
    .verify(key, signature, 'base64');
  if (!ok) throw new PaymentProviderError('微信支付签名验证失败', { serial });
}

/** AEAD_AES_256_GCM with the APIv3 key: ciphertext is base64(data ‖ 16-byte tag); nonce and AAD are UTF-8 text. */
function decryptResource(
  apiV3Key: string,
  resource: { nonce?: string; associated_data?: string; ciphertext?: string },
) {
  if (!resource.nonce || !resource.ciphertext) throw new PaymentProviderError('微信支付加密数据不完整');
  const raw = Buffer.from(resource.ciphertext, 'base64');
  if (raw.length <= 16) throw new PaymentProviderError('微信支付加密数据不完整');
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      Buffer.from(apiV3Key, 'utf8'),
      Buffer.from(resource.nonce, 'utf8'),
    );
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
    return Buffer.concat([decipher.update(raw.subarray(0, raw.length - 16)), decipher.final()]).toString('utf8');
  } catch (err) {
    throw new PaymentProviderError('微信支付数据解密失败，请检查APIv3密钥', err);
  }
}

interface WechatResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
}

async function send(cfg: WechatPayConfig, method: 'GET' | 'POST', path: string, payload?: unknown) {
  const url = new URL(`${cfg.gateway}${path}`);
  const body = payload === undefined ? '' : JSON.stringify(payload);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    // v3 refuses requests without a User-Agent.
    'User-Agent': `wenku-payments node/${process.versions.node}`,
    Authorization: authorization(cfg, method, `${url.pathname}${url.search}`, body),
  };
  if (payload !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      body: payload === undefined ? undefined : body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (err) {
    throw new PaymentProviderError('无法连接微信支付', err);
  }
  const text = await res.text();
  return { status: res.status, headers: Object.fromEntries(res.headers), text } satisfies WechatResponse;
}

function failure(res: WechatResponse): PaymentProviderError {
  let code = '';
  let message = res.text.slice(0, 200);
  try {
    const parsed = JSON.parse(res.text) as { code?: string; message?: string };
    code = parsed.code ?? '';
    message = parsed.message ?? message;
  } catch {
    // Not JSON (a proxy's error page); keep the raw text.
  }
  return new PaymentProviderError(`微信支付返回错误：${message || res.status}`, { status: res.status, code, message });
}

/** A 2xx answer, verified, as JSON. */
function verifiedJson<T>(res: WechatResponse, keys: Map<string, KeyObject>): T {
  if (res.status < 200 || res.status >= 300) throw failure(res);
  verifySignedBody(res.headers, res.text, keys);
  try {
    return (res.text ? JSON.parse(res.text) : {}) as T;
  } catch (err) {
    throw new PaymentProviderError('微信支付返回了无法解析的内容', err);
  }
}

/**
 * Places a WeChat Pay order: desktop → Native (`code_url`, shown as a QR code), mobile → H5 (`h5_url` with
 * redirect_url back to the order page), wechat → JSAPI (prepay_id turned into the getBrandWCPayRequest params in
 * `extra`, empty paymentUrl). Throws PaymentProviderError when WeChat refuses or the answer does not verify.
 */
export async function createWechatPayment(cfg: WechatPayConfig, req: PaymentRequest): Promise<PaymentStart> {
  assertPaymentRequest(req);
  const order: Record<string, unknown> = {
    appid: cfg.appId,
    mchid: cfg.mchId,
    // v3 field rule: description string[1,127].
    description: truncateChars(paymentTitle(req), 127),
    out_trade_no: req.orderNo,
    notify_url: req.notifyUrl,
    amount: { total: req.amountCents, currency: 'CNY' },
  };
  if (req.expiresAt) order.time_expire = beijingTime(req.expiresAt, 'rfc3339');
  const keys = verifierKeys(cfg);

  if (req.scene === 'desktop') {
    order.scene_info = { payer_client_ip: req.clientIp };
    const res = await send(cfg, 'POST', '/v3/pay/transactions/native', order);
    const { code_url } = verifiedJson<{ code_url?: string }>(res, keys);
    if (!code_url) throw new PaymentProviderError('微信支付未返回 code_url');
    return { paymentUrl: code_url };
  }

  if (req.scene === 'mobile') {
    order.scene_info = { payer_client_ip: req.clientIp, h5_info: { type: 'Wap' } };
    const res = await send(cfg, 'POST', '/v3/pay/transactions/h5', order);
    const { h5_url } = verifiedJson<{ h5_url?: string }>(res, keys);
    if (!h5_url) throw new PaymentProviderError('微信支付未返回 h5_url');
    // H5 rule: append redirect_url (URL-encoded) so the payer comes back to the order page after paying.
    const joiner = h5_url.includes('?') ? '&' : '?';
    return { paymentUrl: `${h5_url}${joiner}redirect_url=${encodeURIComponent(req.returnUrl)}` };
  }

  if (!req.openid) throw new PaymentProviderError('微信内支付需要用户的 openid');
  order.payer = { openid: req.openid };
  order.scene_info = { payer_client_ip: req.clientIp };
  const res = await send(cfg, 'POST', '/v3/pay/transactions/jsapi', order);
  const { prepay_id } = verifiedJson<{ prepay_id?: string }>(res, keys);
  if (!prepay_id) throw new PaymentProviderError('微信支付未返回 prepay_id');
  return { paymentUrl: '', extra: wechatJsapiParams(cfg, prepay_id) };
}

/** getBrandWCPayRequest parameters; paySign = RSA-SHA256 over `${appId}\n${timeStamp}\n${nonceStr}\n${package}\n`. */
export function wechatJsapiParams(cfg: WechatPayConfig, prepayId: string): Record<string, string> {
  const timeStamp = Math.floor(Date.now() / 1000).toString();
  const nonce = nonceStr();
  const pkg = `prepay_id=${prepayId}`;
  return {
    appId: cfg.appId,
    timeStamp,
    nonceStr: nonce,
    package: pkg,
    signType: 'RSA',
    paySign: rsaSign(`${cfg.appId}\n${timeStamp}\n${nonce}\n${pkg}\n`, cfg.merchantPrivateKey),
  };
}

interface WechatTransaction {
  mchid?: string;
  appid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  amount?: { total?: number };
}

function noticeFromTransaction(cfg: WechatPayConfig, tx: WechatTransaction): PaymentNotice {
  if (tx.mchid && tx.mchid !== cfg.mchId) {
    throw new PaymentProviderError('微信支付数据的商户号与配置不符', { mchid: tx.mchid });
  }
  if (!tx.out_trade_no || !Number.isSafeInteger(tx.amount?.total)) {
    throw new PaymentProviderError('微信支付数据缺少订单号或金额');
  }
  return {
    orderNo: tx.out_trade_no,
    amountCents: tx.amount?.total as number,
    tradeNo: tx.transaction_id ?? '',
    paid: tx.trade_state === 'SUCCESS',
  };
}

/**
 * Verifies a payment notification as the Express handler received it (headers and the raw, unparsed body) and
 * decrypts its resource. Throws PaymentProviderError on a missing header, a stale timestamp, an unknown serial,
 * a bad signature or a failed decryption.
 */
export function verifyWechatNotification(
  cfg: WechatPayConfig,
  input: { headers: Record<string, string | undefined>; rawBody: string },
): PaymentNotice {
  verifySignedBody(input.headers, input.rawBody, verifierKeys(cfg));
  let envelope: { event_type?: string; resource?: { nonce?: string; associated_data?: string; ciphertext?: string } };
  try {
    envelope = JSON.parse(input.rawBody);
  } catch (err) {
    throw new PaymentProviderError('微信支付通知不是 JSON', err);
  }
  if (!envelope.resource) throw new PaymentProviderError('微信支付通知缺少 resource');
  let tx: WechatTransaction;
  try {
    tx = JSON.parse(decryptResource(cfg.apiV3Key, envelope.resource));
  } catch (err) {
    if (err instanceof PaymentProviderError) throw err;
    throw new PaymentProviderError('微信支付通知内容无法解析', err);
  }
  const notice = noticeFromTransaction(cfg, tx);
  // Only TRANSACTION.SUCCESS means paid; other events (e.g. refunds routed here by mistake) are not payments.
  return { ...notice, paid: notice.paid && envelope.event_type === 'TRANSACTION.SUCCESS' };
}

/**
 * Asks WeChat for the order's state (商户订单号查询). Null when WeChat does not know the order (ORDER_NOT_EXIST).
 * Throws PaymentProviderError on any other refusal or an unverifiable answer.
 */
export async function queryWechatPayment(cfg: WechatPayConfig, orderNo: string): Promise<PaymentNotice | null> {
  const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${encodeURIComponent(cfg.mchId)}`;
  const res = await send(cfg, 'GET', path);
  if (res.status === 404) {
    const err = failure(res);
    if ((err.detail as { code?: string }).code === 'ORDER_NOT_EXIST') return null;
    throw err;
  }
  const notice = noticeFromTransaction(cfg, verifiedJson<WechatTransaction>(res, verifierKeys(cfg)));
  if (notice.orderNo !== orderNo) throw new PaymentProviderError('微信支付返回了其他订单', { orderNo: notice.orderNo });
  return notice;
}

interface CertificateEntry {
  serial_no?: string;
  effective_time?: string;
  encrypt_certificate?: { nonce?: string; associated_data?: string; ciphertext?: string };
}

/**
 * Downloads the platform certificates (GET /v3/certificates), decrypts each with the APIv3 key and returns the
 * newest one. The answer is verified with the configured keys or, on first download, with the downloaded
 * certificate that Wechatpay-Serial names (as WeChat's own certificate downloader does).
 */
export async function downloadWechatPlatformCertificate(
  cfg: WechatPayConfig,
): Promise<{ cert: string; serial: string }> {
  const res = await send(cfg, 'GET', '/v3/certificates');
  if (res.status < 200 || res.status >= 300) throw failure(res);
  let entries: CertificateEntry[];
  try {
    entries = (JSON.parse(res.text) as { data?: CertificateEntry[] }).data ?? [];
  } catch (err) {
    throw new PaymentProviderError('微信支付返回了无法解析的内容', err);
  }
  const certs = entries.map((entry) => {
    if (!entry.encrypt_certificate || !entry.serial_no) throw new PaymentProviderError('平台证书数据不完整');
    const pem = decryptResource(cfg.apiV3Key, entry.encrypt_certificate).trim();
    const x509 = readCertificate(pem);
    if (!x509 || x509.serialNumber.toUpperCase() !== entry.serial_no.toUpperCase()) {
      throw new PaymentProviderError('平台证书与序列号不符', { serial: entry.serial_no });
    }
    return { pem, x509, serial: entry.serial_no.toUpperCase(), effective: Date.parse(entry.effective_time ?? '') };
  });
  if (certs.length === 0)
    throw new PaymentProviderError('微信支付没有返回平台证书（已切换为微信支付公钥的商户没有平台证书）');

  const keys = verifierKeys(cfg);
  for (const c of certs) if (!keys.has(c.serial)) keys.set(c.serial, c.x509.publicKey);
  verifySignedBody(res.headers, res.text, keys);

  const newest = certs.reduce((a, b) => ((b.effective || 0) > (a.effective || 0) ? b : a));
  return { cert: newest.pem, serial: newest.serial };
}

/**
 * The answer WeChat expects from the notification endpoint (v3 回调应答): 204 without body when handled;
 * 4xx/5xx with `{"code":"FAIL","message":…}` otherwise, so that WeChat retries.
 */
export function wechatNotifyAnswer(ok: boolean, message = '失败', status = 500): NotifyAnswer {
  if (ok) return { status: 204, contentType: 'text/plain; charset=utf-8', body: '' };
  return {
    status: status >= 400 ? status : 500,
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify({ code: 'FAIL', message }),
  };
}
