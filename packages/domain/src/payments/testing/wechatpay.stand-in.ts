// A local WeChat Pay API v3 gateway for tests. It checks requests the way api.mch.weixin.qq.com does (written
// independently of the adapter so that a shared mistake cannot pass unnoticed) and signs what it sends with its
// own keys: 微信支付公钥 (PUB_KEY_ID_…) or platform-certificate mode.
import { createCipheriv, createSign, createVerify, type KeyObject, randomBytes, randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { selfSignedCertificate } from './certificate.ts';
import {
  cashierPage,
  deliver,
  donePage,
  listenLocal,
  type MerchantAnswer,
  redirect,
  replayLast,
  rowsGetter,
  rsaPair,
  type SentNotification,
  sendHtml,
  sendJson,
} from './stand-in-http.ts';

export interface WechatStandInPayment {
  id: string;
  kind: 'native' | 'h5' | 'jsapi';
  orderNo: string;
  amountCents: number;
  description: string;
  notifyUrl: string;
  openid?: string;
  clientIp?: string;
  timeExpire?: string;
  prepayId: string;
  transactionId: string;
  paid: boolean;
  /** The order body as received. */
  request: Record<string, unknown>;
}

export interface WechatNotifyOptions {
  /** Amount the gateway puts in the (correctly signed) notification; defaults to the order's amount. */
  amountCents?: number;
  /** Change the amount after signing, as an attacker would: the signature no longer matches. */
  tamper?: boolean;
  /** Shift Wechatpay-Timestamp, e.g. -600 for a stale notification. */
  timestampOffsetSeconds?: number;
  /** Encrypt the resource with another APIv3 key (decryption must fail). */
  apiV3Key?: string;
}

const hexSerial = () => `5${randomBytes(20).toString('hex').toUpperCase().slice(1)}`;
const alnum = (n: number) =>
  randomBytes(n)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, 'x')
    .slice(0, n);

function rfc3339Beijing(date: Date): string {
  return `${new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

function aeadEncrypt(key: string, plaintext: string, associatedData: string) {
  const nonce = alnum(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    nonce,
    associated_data: associatedData,
    ciphertext: Buffer.concat([data, cipher.getAuthTag()]).toString('base64'),
  };
}

/**
 * Starts the stand-in. It creates the merchant's API key and serial, the APIv3 key, a 微信支付公钥 with its id and a
 * platform certificate; `settings()` hands them over as the WECHATPAY settings rows.
 */
export async function startWechatPayStandIn(
  opts: { mode?: 'publicKey' | 'certificate'; appId?: string; mchId?: string } = {},
) {
  const mode = opts.mode ?? 'publicKey';
  const appId = opts.appId ?? 'wx8888888888888888';
  const mchId = opts.mchId ?? '1900000109';
  const apiV3Key = alnum(32);
  const [merchant, pubKeyPair, platformPair, oldPlatformPair] = await Promise.all([
    rsaPair(),
    rsaPair(),
    rsaPair(),
    rsaPair(),
  ]);
  const merchantSerialNo = hexSerial();
  const publicKeyId = `PUB_KEY_ID_0${mchId}${Date.now()}`;
  const now = Date.now();
  const platformSerial = hexSerial();
  const platformCert = selfSignedCertificate({
    ...platformPair,
    serial: platformSerial,
    notBefore: new Date(now - 86_400_000),
    notAfter: new Date(now + 5 * 365 * 86_400_000),
    commonName: 'Tenpay.com stand-in platform',
  });
  const oldPlatformSerial = hexSerial();
  const oldPlatformCert = selfSignedCertificate({
    ...oldPlatformPair,
    serial: oldPlatformSerial,
    notBefore: new Date(now - 3 * 365 * 86_400_000),
    notAfter: new Date(now + 30 * 86_400_000),
    commonName: 'Tenpay.com stand-in platform (old)',
  });
  // What signs answers and notifications: the public-key pair in 公钥 mode, the platform certificate's key otherwise.
  const signer: { key: KeyObject; serial: string } =
    mode === 'publicKey'
      ? { key: pubKeyPair.privateKey, serial: publicKeyId }
      : { key: platformPair.privateKey, serial: platformSerial };

  const payments = new Map<string, WechatStandInPayment>();
  const byId = new Map<string, WechatStandInPayment>();
  const notifications: { orderNo: string; sent: SentNotification; answer: MerchantAnswer }[] = [];
  const state = { tamperResponses: false };

  function signBody(body: string, offsetSeconds = 0) {
    const timestamp = String(Math.floor(Date.now() / 1000) + offsetSeconds);
    const nonce = alnum(32);
    const signature = createSign('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n${body}\n`, 'utf8')
      .sign(signer.key, 'base64');
    return {
      'Wechatpay-Timestamp': timestamp,
      'Wechatpay-Nonce': nonce,
      'Wechatpay-Signature': signature,
      'Wechatpay-Serial': signer.serial,
      'Wechatpay-Signature-Type': 'WECHATPAY2-SHA256-RSA2048',
    };
  }

  function answer(res: ServerResponse, status: number, body: unknown) {
    const text = JSON.stringify(body);
    const headers = signBody(state.tamperResponses ? `${text} ` : text);
    sendJson(res, status, text, { ...headers, 'Request-ID': randomUUID() });
  }

  const fail = (res: ServerResponse, status: number, code: string, message: string) =>
    answer(res, status, { code, message });

  /** v3 签名验证: the Authorization header names mchid/serial, signs METHOD\nURL\nTS\nNONCE\nBODY\n, and is fresh. */
  function checkAuthorization(
    method: string,
    url: string,
    authHeader: string | undefined,
    body: string,
  ): string | null {
    const m = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(authHeader ?? '');
    if (!m?.[1]) return '缺少或无法识别的 Authorization';
    const fields = Object.fromEntries([...m[1].matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (fields.mchid !== mchId) return `商户号 ${fields.mchid} 不存在`;
    if (fields.serial_no?.toUpperCase() !== merchantSerialNo) return '商户证书序列号有误';
    if (!fields.nonce_str || !fields.signature || !fields.timestamp) return 'Authorization 缺少字段';
    if (Math.abs(Date.now() / 1000 - Number(fields.timestamp)) > 300) return '请求时间戳已过期';
    const message = `${method}\n${url}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`;
    const ok = createVerify('RSA-SHA256')
      .update(message, 'utf8')
      .verify(merchant.publicKey, fields.signature, 'base64');
    return ok ? null : '签名错误';
  }

  function validateOrder(kind: WechatStandInPayment['kind'], order: Record<string, unknown>): string | null {
    const amount = order.amount as { total?: unknown; currency?: unknown } | undefined;
    const scene = order.scene_info as { payer_client_ip?: unknown; h5_info?: { type?: unknown } } | undefined;
    if (order.appid !== appId) return 'APPID_MCHID_NOT_MATCH:appid和mch_id不匹配';
    if (order.mchid !== mchId) return 'MCH_NOT_EXISTS:商户号不存在';
    if (typeof order.description !== 'string' || !order.description || Array.from(order.description).length > 127)
      return 'PARAM_ERROR:description 长度应为 1 到 127';
    if (typeof order.out_trade_no !== 'string' || !/^[A-Za-z0-9_\-|*]{6,32}$/.test(order.out_trade_no))
      return 'PARAM_ERROR:out_trade_no 应为 6 到 32 位数字、字母、_-|*';
    if (typeof order.notify_url !== 'string' || !/^https?:\/\/[^?]+$/.test(order.notify_url))
      return 'PARAM_ERROR:notify_url 应为不带参数的 http(s) 地址';
    if (!amount || !Number.isSafeInteger(amount.total) || (amount.total as number) <= 0)
      return 'PARAM_ERROR:amount.total 应为正整数（分）';
    if (amount.currency !== undefined && amount.currency !== 'CNY') return 'PARAM_ERROR:currency 只支持 CNY';
    if (
      order.time_expire !== undefined &&
      !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?([+-]\d\d:\d\d|Z)$/.test(String(order.time_expire))
    )
      return 'PARAM_ERROR:time_expire 应为 RFC3339 格式';
    if (kind === 'h5' && (!scene?.payer_client_ip || !scene.h5_info?.type))
      return 'PARAM_ERROR:H5 支付需要 scene_info.payer_client_ip 与 h5_info.type';
    if (kind === 'jsapi' && !(order.payer as { openid?: unknown } | undefined)?.openid)
      return 'PARAM_ERROR:JSAPI 支付需要 payer.openid';
    return null;
  }

  function transaction(p: WechatStandInPayment, amountCents = p.amountCents) {
    return {
      appid: appId,
      mchid: mchId,
      out_trade_no: p.orderNo,
      ...(p.paid ? { transaction_id: p.transactionId } : {}),
      trade_type: { native: 'NATIVE', h5: 'MWEB', jsapi: 'JSAPI' }[p.kind],
      trade_state: p.paid ? 'SUCCESS' : 'NOTPAY',
      trade_state_desc: p.paid ? '支付成功' : '订单未支付',
      bank_type: p.paid ? 'OTHERS' : undefined,
      attach: '',
      success_time: p.paid ? rfc3339Beijing(new Date()) : undefined,
      payer: { openid: p.openid ?? 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
      amount: p.paid
        ? { total: amountCents, payer_total: amountCents, currency: 'CNY', payer_currency: 'CNY' }
        : { total: amountCents, currency: 'CNY' },
    };
  }

  function buildNotification(p: WechatStandInPayment, o: WechatNotifyOptions): SentNotification {
    const envelope = (amountCents: number) =>
      JSON.stringify({
        id: randomUUID(),
        create_time: rfc3339Beijing(new Date()),
        resource_type: 'encrypt-resource',
        event_type: 'TRANSACTION.SUCCESS',
        summary: '支付成功',
        resource: {
          original_type: 'transaction',
          ...aeadEncrypt(o.apiV3Key ?? apiV3Key, JSON.stringify(transaction(p, amountCents)), 'transaction'),
        },
      });
    const amount = o.amountCents ?? p.amountCents;
    const body = envelope(amount);
    const headers = signBody(body, o.timestampOffsetSeconds ?? 0);
    return {
      url: p.notifyUrl,
      headers: { 'Content-Type': 'application/json', 'User-Agent': 'Mozilla/4.0', ...headers },
      // Tampered: the signed headers travel with a body that says another amount.
      body: o.tamper ? envelope(amount + 100) : body,
    };
  }

  async function notify(orderNo: string, o: WechatNotifyOptions = {}): Promise<MerchantAnswer> {
    const p = payments.get(orderNo);
    if (!p) throw new Error(`stand-in: no WeChat order ${orderNo}`);
    p.paid = true;
    const sent = buildNotification(p, o);
    const result = await deliver(sent);
    notifications.push({ orderNo, sent, answer: result });
    return result;
  }

  const server = await listenLocal(async (req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';

    const pay = /^\/pay\/([^/]+)(\/confirm)?$/.exec(url.pathname);
    if (pay?.[1]) {
      const p = byId.get(pay[1]);
      if (!p) return sendHtml(res, 404, '<h1>订单不存在</h1>');
      if (method === 'GET' && !pay[2]) {
        const action = `/pay/${p.id}/confirm${url.search}`;
        return sendHtml(
          res,
          200,
          cashierPage({
            provider: '微信支付',
            title: p.description,
            amountText: (p.amountCents / 100).toFixed(2),
            orderNo: p.orderNo,
            action,
          }),
        );
      }
      if (method === 'POST' && pay[2]) {
        const result = await notify(p.orderNo);
        // H5 rule: after paying, WeChat sends the browser to redirect_url; Native/JSAPI have no return page.
        const back = url.searchParams.get('redirect_url');
        return back ? redirect(res, back) : sendHtml(res, 200, donePage('微信支付', result));
      }
    }

    if (!url.pathname.startsWith('/v3/')) return sendJson(res, 404, { code: 'NOT_FOUND', message: '接口不存在' });
    // The signature covers the request target exactly as sent, not a re-encoded form of it.
    const authError = checkAuthorization(method, req.url ?? '/', req.headers.authorization, body);
    if (authError) return fail(res, 401, 'SIGN_ERROR', authError);

    const create = /^\/v3\/pay\/transactions\/(native|h5|jsapi)$/.exec(url.pathname);
    if (create?.[1] && method === 'POST') {
      const kind = create[1] as WechatStandInPayment['kind'];
      let order: Record<string, unknown>;
      try {
        order = JSON.parse(body);
      } catch {
        return fail(res, 400, 'PARAM_ERROR', '请求体不是合法的 JSON');
      }
      const invalid = validateOrder(kind, order);
      if (invalid) {
        const [code = 'PARAM_ERROR', message = ''] = invalid.split(':');
        return fail(res, 400, code, message);
      }
      const orderNo = order.out_trade_no as string;
      const total = (order.amount as { total: number }).total;
      let p = payments.get(orderNo);
      if (p?.paid) return fail(res, 400, 'ORDERPAID', '该订单已支付');
      if (p && (p.kind !== kind || p.amountCents !== total))
        return fail(res, 400, 'INVALID_REQUEST', '201 商户订单号重复');
      if (!p) {
        const id = alnum(20);
        const scene = order.scene_info as { payer_client_ip?: string } | undefined;
        p = {
          id,
          kind,
          orderNo,
          amountCents: total,
          description: order.description as string,
          notifyUrl: order.notify_url as string,
          openid: (order.payer as { openid?: string } | undefined)?.openid,
          clientIp: scene?.payer_client_ip,
          timeExpire: order.time_expire as string | undefined,
          prepayId: `wx${Date.now()}${alnum(12)}`,
          transactionId: `42000${Date.now()}${Math.floor(Math.random() * 1e6)}`,
          paid: false,
          request: order,
        };
        payments.set(orderNo, p);
        byId.set(id, p);
      }
      if (kind === 'native') return answer(res, 200, { code_url: `${server.url}/pay/${p.id}` });
      if (kind === 'h5')
        return answer(res, 200, { h5_url: `${server.url}/pay/${p.id}?prepay_id=${p.prepayId}&package=2056162962` });
      return answer(res, 200, { prepay_id: p.prepayId });
    }

    const query = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(url.pathname);
    if (query?.[1] && method === 'GET') {
      if (url.searchParams.get('mchid') !== mchId) return fail(res, 400, 'PARAM_ERROR', 'mchid 与请求的商户号不一致');
      const p = payments.get(decodeURIComponent(query[1]));
      if (!p) return fail(res, 404, 'ORDER_NOT_EXIST', '订单不存在');
      return answer(res, 200, transaction(p));
    }

    if (url.pathname === '/v3/certificates' && method === 'GET') {
      const entry = (serial: string, pem: string, from: number, to: number) => ({
        serial_no: serial,
        effective_time: rfc3339Beijing(new Date(from)),
        expire_time: rfc3339Beijing(new Date(to)),
        encrypt_certificate: aeadEncrypt(apiV3Key, pem, 'certificate'),
      });
      return answer(res, 200, {
        data: [
          entry(oldPlatformSerial, oldPlatformCert, now - 3 * 365 * 86_400_000, now + 30 * 86_400_000),
          entry(platformSerial, platformCert, now - 86_400_000, now + 5 * 365 * 86_400_000),
        ],
      });
    }

    return fail(res, 404, 'NOT_FOUND', '接口不存在');
  });

  const settingsRows: Record<string, string> = {
    'wechatpay.enable': 'true',
    'wechatpay.appid': appId,
    'wechatpay.mchid': mchId,
    'wechatpay.api_v3_key': apiV3Key,
    'wechatpay.serial_no': merchantSerialNo,
    'wechatpay.private_key': merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    'wechatpay.public_key_id': mode === 'publicKey' ? publicKeyId : '',
    'wechatpay.public_key':
      mode === 'publicKey' ? (pubKeyPair.publicKey.export({ type: 'spki', format: 'pem' }) as string) : '',
    'wechatpay.platform_cert': mode === 'certificate' ? platformCert : '',
    'wechatpay.gateway': server.url,
  };

  return {
    url: server.url,
    close: server.close,
    mode,
    appId,
    mchId,
    apiV3Key,
    merchantSerialNo,
    merchantPrivateKey: merchant.privateKey,
    publicKeyId,
    publicKey: pubKeyPair.publicKey,
    platformCert,
    platformSerial,
    /** Orders received, by out_trade_no. */
    payments,
    /** Every notification sent, oldest first, with the merchant's answer. */
    notifications,
    /** WECHATPAY settings rows that point the adapter at this stand-in; `overrides` replace single rows. */
    settings: rowsGetter(settingsRows),
    notify,
    /** Sends the last notification again, byte for byte (WeChat retries until the merchant answers 2xx). */
    replay: () => replayLast(notifications),
    /** When true, answers carry a signature over a different body (the adapter must refuse them). */
    set tamperResponses(on: boolean) {
      state.tamperResponses = on;
    },
  };
}

export type WechatPayStandIn = Awaited<ReturnType<typeof startWechatPayStandIn>>;
