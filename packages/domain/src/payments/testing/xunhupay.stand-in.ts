// A local XunhuPay (虎皮椒) gateway for tests: payment/do.html and payment/query.html check the md5 `hash` as the
// documentation describes (written independently of the adapter) and answer, notify and redirect as XunhuPay does.
// Error codes and the query answer's hash coverage are not documented; the values here are the stand-in's own.
import { createHash, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import {
  bodyFields,
  cashierPage,
  deliver,
  listenLocal,
  type MerchantAnswer,
  redirect,
  replayLast,
  rowsGetter,
  type SentNotification,
  sendHtml,
  sendJson,
} from './stand-in-http.ts';

export interface XunhupayStandInPayment {
  id: string;
  orderNo: string;
  amountCents: number;
  title: string;
  notifyUrl: string;
  returnUrl: string;
  type?: string;
  openOrderId: string;
  transactionId: string;
  paid: boolean;
  /** The form as received. */
  request: Record<string, string>;
}

export interface XunhupayNotifyOptions {
  /** Amount the gateway hashes into the notification; defaults to the order's amount. */
  amountCents?: number;
  /** Change total_fee after hashing: the hash no longer matches. */
  tamper?: boolean;
}

const yuan = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('');

function hashOf(params: Record<string, unknown>, secret: string): string {
  const joined = Object.keys(params)
    .filter(
      (k) =>
        k !== 'hash' &&
        params[k] !== '' &&
        params[k] !== null &&
        params[k] !== undefined &&
        typeof params[k] !== 'object',
    )
    .sort()
    .map((k) => `${k}=${String(params[k])}`)
    .join('&');
  return createHash('md5')
    .update(joined + secret, 'utf8')
    .digest('hex');
}

/** Starts the stand-in with its own appid and appsecret; `settings()` gives the XUNHUPAY settings rows. */
export async function startXunhupayStandIn(opts: { appId?: string; appSecret?: string } = {}) {
  const appId = opts.appId ?? `2019${digits(8)}`;
  const appSecret = opts.appSecret ?? randomBytes(16).toString('hex');
  const payments = new Map<string, XunhupayStandInPayment>();
  const byId = new Map<string, XunhupayStandInPayment>();
  const notifications: { orderNo: string; sent: SentNotification; answer: MerchantAnswer }[] = [];
  const state = { tamperResponses: false };

  function answer(res: ServerResponse, payload: Record<string, unknown>) {
    const hash = hashOf(payload, appSecret);
    sendJson(res, 200, {
      ...payload,
      hash: state.tamperResponses ? hash.replace(/^./, (c) => (c === '0' ? '1' : '0')) : hash,
    });
  }

  /** Shared checks of do.html and query.html: known appid, fresh time, nonce and a matching hash. */
  function check(fields: Record<string, string>): string | null {
    if (fields.appid !== appId) return 'appid 不存在';
    if (!/^\d+$/.test(fields.time ?? '') || Math.abs(Date.now() / 1000 - Number(fields.time)) > 600)
      return 'time 已过期';
    if (!fields.nonce_str) return '缺少 nonce_str';
    if ((fields.hash ?? '').toLowerCase() !== hashOf(fields, appSecret)) return 'hash 签名错误';
    return null;
  }

  function buildNotification(p: XunhupayStandInPayment, o: XunhupayNotifyOptions): SentNotification {
    const fields: Record<string, string> = {
      trade_order_id: p.orderNo,
      total_fee: yuan(o.amountCents ?? p.amountCents),
      transaction_id: p.transactionId,
      open_order_id: p.openOrderId,
      order_title: p.title,
      status: 'OD',
      plugins: p.request.plugins ?? '',
      attach: p.request.attach ?? '',
      appid: appId,
      time: String(Math.floor(Date.now() / 1000)),
      nonce_str: randomBytes(8).toString('hex'),
    };
    fields.hash = hashOf(fields, appSecret);
    if (o.tamper) fields.total_fee = yuan((o.amountCents ?? p.amountCents) + 100);
    return {
      url: p.notifyUrl,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    };
  }

  async function notify(orderNo: string, o: XunhupayNotifyOptions = {}): Promise<MerchantAnswer> {
    const p = payments.get(orderNo);
    if (!p) throw new Error(`stand-in: no XunhuPay order ${orderNo}`);
    p.paid = true;
    const sent = buildNotification(p, o);
    const result = await deliver(sent);
    notifications.push({ orderNo, sent, answer: result });
    return result;
  }

  const server = await listenLocal(async (req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');

    const pay = /^\/pay\/([^/]+)(\/confirm)?$/.exec(url.pathname);
    if (pay?.[1]) {
      const p = byId.get(pay[1]);
      if (!p) return sendHtml(res, 404, '<h1>订单不存在</h1>');
      if (req.method === 'GET' && !pay[2]) {
        return sendHtml(
          res,
          200,
          cashierPage({
            provider: '虎皮椒支付',
            title: p.title,
            amountText: yuan(p.amountCents),
            orderNo: p.orderNo,
            action: `/pay/${p.id}/confirm`,
          }),
        );
      }
      if (req.method === 'POST' && pay[2]) {
        await notify(p.orderNo);
        return p.returnUrl ? redirect(res, p.returnUrl) : sendHtml(res, 200, '<h1 id="standin-done">支付成功</h1>');
      }
    }

    const fields = { ...Object.fromEntries(url.searchParams), ...bodyFields(req, body) };
    if (url.pathname === '/payment/do.html' && req.method === 'POST') {
      const refused = check(fields);
      if (refused) return answer(res, { errcode: 40029, errmsg: refused });
      if (fields.version !== '1.1') return answer(res, { errcode: 40001, errmsg: 'version 应为 1.1' });
      const total = /^(\d+)(?:\.(\d{1,2}))?$/.exec(fields.total_fee ?? '');
      const cents = total ? Number(total[1]) * 100 + Number((total[2] ?? '').padEnd(2, '0')) : 0;
      if (!fields.trade_order_id || fields.trade_order_id.length > 32)
        return answer(res, { errcode: 40001, errmsg: 'trade_order_id 无效' });
      if (cents <= 0) return answer(res, { errcode: 40001, errmsg: 'total_fee 无效' });
      if (!fields.title || Buffer.byteLength(fields.title) > 127)
        return answer(res, { errcode: 40001, errmsg: 'title 过长或为空' });
      if (!fields.notify_url) return answer(res, { errcode: 40001, errmsg: '缺少 notify_url' });
      if (fields.type === 'WAP' && (!fields.wap_url || !fields.wap_name)) {
        return answer(res, { errcode: 40001, errmsg: 'H5 支付需要 wap_url 与 wap_name' });
      }
      let p = payments.get(fields.trade_order_id);
      if (p?.paid) return answer(res, { errcode: 40002, errmsg: '订单已支付' });
      if (p && p.amountCents !== cents) return answer(res, { errcode: 40002, errmsg: '订单号重复且金额不同' });
      if (!p) {
        p = {
          id: randomBytes(10).toString('hex'),
          orderNo: fields.trade_order_id,
          amountCents: cents,
          title: fields.title,
          notifyUrl: fields.notify_url,
          returnUrl: fields.return_url ?? '',
          type: fields.type,
          openOrderId: digits(8),
          transactionId: `42000${digits(23)}`,
          paid: false,
          request: fields,
        };
        payments.set(p.orderNo, p);
        byId.set(p.id, p);
      }
      return answer(res, {
        openid: Number(p.openOrderId),
        url_qrcode: `${server.url}/payment/qrcode.html?data=${encodeURIComponent(`${server.url}/pay/${p.id}`)}`,
        url: `${server.url}/pay/${p.id}`,
        errcode: 0,
        errmsg: 'success!',
      });
    }

    if (url.pathname === '/payment/query.html') {
      const refused = check(fields);
      if (refused) return answer(res, { errcode: 40029, errmsg: refused });
      const p = fields.out_trade_order
        ? payments.get(fields.out_trade_order)
        : [...payments.values()].find((x) => x.openOrderId === fields.open_order_id);
      if (!p) return answer(res, { errcode: 40004, errmsg: '订单不存在' });
      const data = {
        open_order_id: p.openOrderId,
        out_trade_order: p.orderNo,
        status: p.paid ? 'OD' : 'WP',
        title: p.title,
        total_amount: yuan(p.amountCents),
        ...(p.paid ? { transaction_id: p.transactionId } : {}),
      };
      const hash = hashOf({ errcode: 0, errmsg: '' }, appSecret);
      return sendJson(res, 200, { data, errcode: 0, errmsg: '', hash });
    }

    return sendHtml(res, 404, '<h1>Not Found</h1>');
  });

  const settingsRows: Record<string, string> = {
    'xunhupay.enable': 'true',
    'xunhupay.name': '虎皮椒支付',
    'xunhupay.appid': appId,
    'xunhupay.appsecret': appSecret,
    'xunhupay.gateway': `${server.url}/payment/do.html`,
    'system.sitename': '文库',
  };

  return {
    url: server.url,
    gateway: `${server.url}/payment/do.html`,
    close: server.close,
    appId,
    appSecret,
    /** Orders received, by trade_order_id. */
    payments,
    notifications,
    /** XUNHUPAY settings rows that point the adapter at this stand-in; `overrides` replace single rows. */
    settings: rowsGetter(settingsRows),
    notify,
    /** Sends the last notification again, unchanged (XunhuPay retries until the body is `success`). */
    replay: () => replayLast(notifications),
    /** When true, do.html answers carry a wrong hash (the adapter must refuse them). */
    set tamperResponses(on: boolean) {
      state.tamperResponses = on;
    },
  };
}

export type XunhupayStandIn = Awaited<ReturnType<typeof startXunhupayStandIn>>;
