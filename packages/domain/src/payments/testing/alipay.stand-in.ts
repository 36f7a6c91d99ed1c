// A local Alipay OpenAPI 2.0 gateway (gateway.do) for tests. Requests are verified as Alipay verifies them (RSA2
// over the sorted non-empty parameters except `sign`, with the application public key), written independently of
// the SDK; answers, notifications and return URLs are signed with the stand-in's own "Alipay" key. Page and wap pay
// open a cashier page; alipay.trade.precreate (当面付) answers a qr_code URL whose page plays the Alipay app that
// scanned it: its 确认支付 pays the trade and posts the signed notification.
import { createSign, createVerify, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import {
  bodyFields,
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

export interface AlipayStandInPayment {
  id: string;
  method: 'alipay.trade.page.pay' | 'alipay.trade.wap.pay' | 'alipay.trade.precreate';
  orderNo: string;
  amountCents: number;
  subject: string;
  notifyUrl: string;
  returnUrl: string;
  quitUrl?: string;
  timeExpire?: string;
  /** precreate's relative timeout, e.g. `15m`. */
  timeoutExpress?: string;
  /** precreate only: the URL the QR code encodes (the stand-in's "scanned" page). */
  qrCode?: string;
  tradeNo: string;
  paid: boolean;
  /** biz_content as received. */
  bizContent: Record<string, unknown>;
}

export interface AlipayNotifyOptions {
  /** Amount the gateway signs into the notification; defaults to the order's amount. */
  amountCents?: number;
  /** Change total_amount after signing: the signature no longer matches. */
  tamper?: boolean;
  trade_status?: 'TRADE_SUCCESS' | 'TRADE_FINISHED' | 'TRADE_CLOSED';
}

const yuan = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const beijingPlain = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('');

/** Alipay's content to sign: sorted keys, empty values and the excluded keys dropped, `k=v` joined by '&'. */
function signContent(params: Record<string, string>, exclude: string[]): string {
  return Object.keys(params)
    .filter((k) => !exclude.includes(k) && params[k] !== '' && params[k] !== undefined)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/**
 * Starts the stand-in. It creates the application key pair (the merchant's) and the "Alipay" key pair; `settings()`
 * gives the ALIPAY settings rows with the keys as bare base64 bodies, the way Alipay's key tool prints them.
 */
export async function startAlipayStandIn(opts: { appId?: string } = {}) {
  const appId = opts.appId ?? '2021000000000001';
  const sellerId = `2088${digits(12)}`;
  const [app, alipay] = await Promise.all([rsaPair(), rsaPair()]);
  const payments = new Map<string, AlipayStandInPayment>();
  const byId = new Map<string, AlipayStandInPayment>();
  const notifications: { orderNo: string; sent: SentNotification; answer: MerchantAnswer }[] = [];
  const state = { tamperResponses: false };

  const alipaySign = (content: string) =>
    createSign('RSA-SHA256').update(content, 'utf8').sign(alipay.privateKey, 'base64');

  /** Gateway answer: `{"<method>_response":{…},"sign":"…"}`, the sign covering the inner JSON text exactly. */
  function answer(res: ServerResponse, method: string, payload: Record<string, unknown>) {
    const key = method ? `${method.replaceAll('.', '_')}_response` : 'error_response';
    const inner = JSON.stringify(payload);
    const sign = alipaySign(state.tamperResponses ? `${inner} ` : inner);
    sendJson(res, 200, `{"${key}":${inner},"sign":"${sign}"}`);
  }

  /** Common checks of every gateway call; null when the request is acceptable, else Alipay's error fields. */
  function checkRequest(params: Record<string, string>): Record<string, string> | null {
    const err = (sub_code: string, sub_msg: string) => ({ code: '40002', msg: 'Invalid Arguments', sub_code, sub_msg });
    if (params.app_id !== appId) return err('isv.invalid-app-id', '无效的AppID参数');
    if ((params.charset ?? 'utf-8').toLowerCase() !== 'utf-8') return err('isv.invalid-charset', '字符集错误');
    if (params.sign_type !== 'RSA2') return err('isv.invalid-signature-type', '无效的签名类型');
    if (params.version !== '1.0') return err('isv.invalid-parameter', 'version 应为 1.0');
    // Beijing time, yyyy-MM-dd HH:mm:ss; the stand-in allows 30 minutes of drift.
    const ts = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)$/.exec(params.timestamp ?? '');
    if (!ts || Math.abs(Date.parse(`${ts[1]}T${ts[2]}+08:00`) - Date.now()) > 30 * 60_000) {
      return err('isv.invalid-timestamp', '非法的时间戳参数');
    }
    if (!params.sign) return err('isv.missing-signature', '缺少签名参数');
    const content = signContent(params, ['sign']);
    const ok = createVerify('RSA-SHA256').update(content, 'utf8').verify(app.publicKey, params.sign, 'base64');
    if (!ok) {
      return err(
        'isv.invalid-signature',
        `验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配，网关生成的验签字符串为：${content}`,
      );
    }
    return null;
  }

  function buildNotification(p: AlipayStandInPayment, o: AlipayNotifyOptions): SentNotification {
    const amount = yuan(o.amountCents ?? p.amountCents);
    const now = beijingPlain(new Date());
    const fields: Record<string, string> = {
      gmt_create: now,
      charset: 'utf-8',
      gmt_payment: now,
      notify_time: now,
      subject: p.subject,
      buyer_id: `2088${digits(12)}`,
      invoice_amount: amount,
      version: '1.0',
      notify_id: `2024${digits(28)}`,
      fund_bill_list: JSON.stringify([{ amount, fundChannel: 'ALIPAYACCOUNT' }]),
      notify_type: 'trade_status_sync',
      out_trade_no: p.orderNo,
      total_amount: amount,
      trade_status: o.trade_status ?? 'TRADE_SUCCESS',
      trade_no: p.tradeNo,
      auth_app_id: appId,
      receipt_amount: amount,
      point_amount: '0.00',
      buyer_pay_amount: amount,
      app_id: appId,
      sign_type: 'RSA2',
      seller_id: sellerId,
    };
    // Notification rule: the signature excludes both sign and sign_type.
    fields.sign = alipaySign(signContent(fields, ['sign', 'sign_type']));
    if (o.tamper) fields.total_amount = yuan((o.amountCents ?? p.amountCents) + 100);
    return {
      url: p.notifyUrl,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: new URLSearchParams(fields).toString(),
    };
  }

  async function notify(orderNo: string, o: AlipayNotifyOptions = {}): Promise<MerchantAnswer> {
    const p = payments.get(orderNo);
    if (!p) throw new Error(`stand-in: no Alipay order ${orderNo}`);
    p.paid = (o.trade_status ?? 'TRADE_SUCCESS') !== 'TRADE_CLOSED';
    const sent = buildNotification(p, o);
    const result = await deliver(sent);
    notifications.push({ orderNo, sent, answer: result });
    return result;
  }

  /** 同步返回: Alipay sends the browser to return_url with signed trade fields appended. */
  function returnLocation(p: AlipayStandInPayment): string {
    const fields: Record<string, string> = {
      charset: 'utf-8',
      out_trade_no: p.orderNo,
      method: `${p.method}.return`,
      total_amount: yuan(p.amountCents),
      trade_no: p.tradeNo,
      auth_app_id: appId,
      version: '1.0',
      app_id: appId,
      sign_type: 'RSA2',
      seller_id: sellerId,
      timestamp: beijingPlain(new Date()),
    };
    fields.sign = alipaySign(signContent(fields, ['sign', 'sign_type']));
    return `${p.returnUrl}${p.returnUrl.includes('?') ? '&' : '?'}${new URLSearchParams(fields)}`;
  }

  function startPage(res: ServerResponse, params: Record<string, string>) {
    const method = params.method as AlipayStandInPayment['method'];
    const error = (sub_code: string, sub_msg: string) =>
      sendHtml(
        res,
        400,
        `<!doctype html><meta charset="utf-8"><h1>支付宝：错误代码 ${sub_code}</h1><p id="standin-error">${sub_code}</p><p>${sub_msg.replace(/</g, '&lt;')}</p>`,
      );
    const refused = checkRequest(params);
    if (refused) return error(refused.sub_code ?? '', refused.sub_msg ?? '');
    let biz: Record<string, unknown>;
    try {
      biz = JSON.parse(params.biz_content ?? '');
    } catch {
      return error('isv.invalid-parameter', 'biz_content 不是合法的 JSON');
    }
    const wantProduct = method === 'alipay.trade.page.pay' ? 'FAST_INSTANT_TRADE_PAY' : 'QUICK_WAP_WAY';
    if (biz.product_code !== wantProduct) return error('isv.invalid-parameter', `product_code 应为 ${wantProduct}`);
    if (typeof biz.out_trade_no !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(biz.out_trade_no))
      return error('isv.invalid-parameter', 'out_trade_no 无效');
    const total = /^(\d+)(?:\.(\d{1,2}))?$/.exec(String(biz.total_amount ?? ''));
    const cents = total ? Number(total[1]) * 100 + Number((total[2] ?? '').padEnd(2, '0')) : 0;
    if (cents <= 0) return error('isv.invalid-parameter', 'total_amount 应在 0.01 到 100000000 之间');
    if (typeof biz.subject !== 'string' || !biz.subject || biz.subject.length > 256)
      return error('isv.invalid-parameter', 'subject 长度应为 1 到 256');
    if (biz.time_expire !== undefined && !/^\d{4}-\d\d-\d\d \d\d:\d\d(:\d\d)?$/.test(String(biz.time_expire)))
      return error('isv.invalid-parameter', 'time_expire 格式应为 yyyy-MM-dd HH:mm:ss');
    if (!params.notify_url) return error('isv.invalid-parameter', '缺少 notify_url');

    let p = payments.get(biz.out_trade_no);
    if (p?.paid) return error('ACQ.TRADE_HAS_SUCCESS', '交易已被支付');
    if (p && p.amountCents !== cents) return error('ACQ.CONTEXT_INCONSISTENT', '交易信息被篡改');
    if (!p) {
      p = {
        id: randomBytes(10).toString('hex'),
        method,
        orderNo: biz.out_trade_no,
        amountCents: cents,
        subject: biz.subject,
        notifyUrl: params.notify_url,
        returnUrl: params.return_url ?? '',
        quitUrl: biz.quit_url as string | undefined,
        timeExpire: biz.time_expire as string | undefined,
        tradeNo: newTradeNo(),
        paid: false,
        bizContent: biz,
      };
      payments.set(p.orderNo, p);
      byId.set(p.id, p);
    }
    return redirect(res, `/pay/${p.id}`);
  }

  const newTradeNo = () => `${beijingPlain(new Date()).replace(/\D/g, '').slice(0, 8)}22001${digits(15)}`;

  /** alipay.trade.precreate: opens (or reopens, same amount, unpaid) the trade and answers its signed qr_code. */
  function precreate(res: ServerResponse, params: Record<string, string>) {
    const method = 'alipay.trade.precreate';
    const invalid = (sub_msg: string) =>
      answer(res, method, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-parameter', sub_msg });
    const failed = (sub_code: string, sub_msg: string) =>
      answer(res, method, { code: '40004', msg: 'Business Failed', sub_code, sub_msg });
    const refused = checkRequest(params);
    if (refused) return answer(res, method, refused);
    let biz: Record<string, unknown>;
    try {
      biz = JSON.parse(params.biz_content ?? '');
    } catch {
      return invalid('payments.stand_in_biz_content');
    }
    if (biz.product_code !== undefined && biz.product_code !== 'FACE_TO_FACE_PAYMENT')
      return invalid('payments.stand_in_product_code');
    if (typeof biz.out_trade_no !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(biz.out_trade_no))
      return invalid('payments.stand_in_trade_no');
    const total = /^(\d+)(?:\.(\d{1,2}))?$/.exec(String(biz.total_amount ?? ''));
    const cents = total ? Number(total[1]) * 100 + Number((total[2] ?? '').padEnd(2, '0')) : 0;
    if (cents <= 0) return invalid('payments.stand_in_amount');
    if (typeof biz.subject !== 'string' || !biz.subject || biz.subject.length > 256)
      return invalid('payments.stand_in_subject');
    if (biz.timeout_express !== undefined && !/^([1-9]\d*[mhd]|1c)$/.test(String(biz.timeout_express)))
      return invalid('payments.stand_in_timeout');
    if (!params.notify_url) return invalid('payments.stand_in_notify_url');

    let p = payments.get(biz.out_trade_no);
    if (p?.paid) return failed('ACQ.TRADE_HAS_SUCCESS', '交易已被支付');
    if (p && p.amountCents !== cents) return failed('ACQ.CONTEXT_INCONSISTENT', '交易信息被篡改');
    if (!p) {
      const id = randomBytes(10).toString('hex');
      p = {
        id,
        method,
        orderNo: biz.out_trade_no,
        amountCents: cents,
        subject: biz.subject,
        notifyUrl: params.notify_url,
        returnUrl: '',
        timeoutExpress: biz.timeout_express as string | undefined,
        tradeNo: newTradeNo(),
        paid: false,
        bizContent: biz,
      };
      payments.set(p.orderNo, p);
      byId.set(p.id, p);
    }
    // A trade first opened by page pay gets its QR code now; the notify URL is the latest one, as Alipay keeps.
    p.notifyUrl = params.notify_url;
    p.qrCode ??= `${server.url}/qr/${p.id}`;
    return answer(res, method, { code: '10000', msg: 'Success', out_trade_no: p.orderNo, qr_code: p.qrCode });
  }

  const server = await listenLocal(async (req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');

    // /pay/{id}: the cashier page of page/wap pay; /qr/{id}: what the Alipay app shows after scanning a qr_code.
    const pay = /^\/(pay|qr)\/([^/]+)(\/confirm)?$/.exec(url.pathname);
    if (pay?.[2]) {
      const p = byId.get(pay[2]);
      if (!p) return sendHtml(res, 404, '<h1>交易不存在</h1>');
      if (req.method === 'GET' && !pay[3]) {
        if (p.paid)
          return sendHtml(res, 200, '<!doctype html><meta charset="utf-8"><h1 id="standin-paid">交易已支付</h1>');
        return sendHtml(
          res,
          200,
          cashierPage({
            provider: '支付宝',
            title: p.subject,
            amountText: yuan(p.amountCents),
            orderNo: p.orderNo,
            action: `/${pay[1]}/${p.id}/confirm`,
          }),
        );
      }
      if (req.method === 'POST' && pay[3]) {
        const merchant = await notify(p.orderNo);
        // A scanned QR code has nowhere to return to: the app shows the result.
        if (pay[1] === 'qr' || !p.returnUrl) return sendHtml(res, 200, donePage('支付宝', merchant));
        return redirect(res, returnLocation(p));
      }
    }

    if (url.pathname !== '/gateway.do') return sendHtml(res, 404, '<h1>Not Found</h1>');
    // The SDK puts the common parameters in the query string and biz_content in the form body; Alipay merges both.
    const params: Record<string, string> = { ...Object.fromEntries(url.searchParams), ...bodyFields(req, body) };
    const method = params.method ?? '';
    if (method === 'alipay.trade.page.pay' || method === 'alipay.trade.wap.pay') return startPage(res, params);
    if (method === 'alipay.trade.precreate') return precreate(res, params);

    if (method !== 'alipay.trade.query') {
      return answer(res, '', {
        code: '40004',
        msg: 'Business Failed',
        sub_code: 'isv.invalid-method',
        sub_msg: `不存在的方法名 ${method}`,
      });
    }
    const refused = checkRequest(params);
    if (refused) return answer(res, method, refused);
    let biz: { out_trade_no?: string; trade_no?: string };
    try {
      biz = JSON.parse(params.biz_content ?? '{}');
    } catch {
      return answer(res, method, {
        code: '40002',
        msg: 'Invalid Arguments',
        sub_code: 'isv.invalid-parameter',
        sub_msg: 'biz_content 格式错误',
      });
    }
    const p = biz.out_trade_no
      ? payments.get(biz.out_trade_no)
      : [...payments.values()].find((x) => x.tradeNo === biz.trade_no);
    if (!p) {
      return answer(res, method, {
        code: '40004',
        msg: 'Business Failed',
        sub_code: 'ACQ.TRADE_NOT_EXIST',
        sub_msg: '交易不存在',
      });
    }
    return answer(res, method, {
      code: '10000',
      msg: 'Success',
      buyer_logon_id: 'sta***@example.com',
      buyer_pay_amount: p.paid ? yuan(p.amountCents) : '0.00',
      invoice_amount: p.paid ? yuan(p.amountCents) : '0.00',
      out_trade_no: p.orderNo,
      point_amount: '0.00',
      receipt_amount: p.paid ? yuan(p.amountCents) : '0.00',
      ...(p.paid ? { send_pay_date: beijingPlain(new Date()) } : {}),
      total_amount: yuan(p.amountCents),
      trade_no: p.tradeNo,
      trade_status: p.paid ? 'TRADE_SUCCESS' : 'WAIT_BUYER_PAY',
    });
  });

  const bare = (pem: string) => pem.replace(/-----[A-Z ]+-----|\s+/g, '');
  const settingsRows: Record<string, string> = {
    'alipay.enable': 'true',
    'alipay.app_id': appId,
    'alipay.private_key': bare(app.privateKey.export({ type: 'pkcs1', format: 'pem' }) as string),
    'alipay.alipay_public_key': bare(alipay.publicKey.export({ type: 'spki', format: 'pem' }) as string),
    'alipay.gateway': `${server.url}/gateway.do`,
    'alipay.desktop_mode': 'page',
    'alipay.sandbox': 'false',
  };

  return {
    url: server.url,
    gateway: `${server.url}/gateway.do`,
    close: server.close,
    appId,
    sellerId,
    appPrivateKey: app.privateKey,
    appPublicKey: app.publicKey,
    alipayPublicKey: alipay.publicKey,
    /** Trades opened, by out_trade_no. */
    payments,
    notifications,
    /** ALIPAY settings rows that point the adapter at this stand-in; `overrides` replace single rows. */
    settings: rowsGetter(settingsRows),
    notify,
    /** Sends the last notification again, unchanged (Alipay retries until the body is `success`). */
    replay: () => replayLast(notifications),
    /** Opens the signed payment URL as a browser would (GET, no redirects followed) and returns status and body. */
    async open(paymentUrl: string): Promise<{ status: number; location: string | null; body: string }> {
      const res = await fetch(paymentUrl, { redirect: 'manual' });
      return { status: res.status, location: res.headers.get('location'), body: await res.text() };
    },
    /**
     * Plays the payer's Alipay app on a precreate qr_code: opens the scanned page and presses 确认支付, which pays
     * the trade and posts the signed notification. Returns the merchant's answer to that notification.
     */
    async scan(qrCode: string): Promise<MerchantAnswer> {
      const page = await fetch(qrCode);
      const html = await page.text();
      const action = /action="([^"]+)"/.exec(html)?.[1];
      if (page.status !== 200 || !action) throw new Error(`stand-in: not a payable QR code (${page.status}) ${html}`);
      const count = notifications.length;
      const click = await fetch(new URL(action, qrCode), { method: 'POST', redirect: 'manual' });
      if (click.status !== 200) throw new Error(`stand-in: QR payment failed (${click.status})`);
      const sent = notifications[count];
      if (!sent) throw new Error('stand-in: no notification was sent');
      return sent.answer;
    },
    set tamperResponses(on: boolean) {
      state.tamperResponses = on;
    },
  };
}

export type AlipayStandIn = Awaited<ReturnType<typeof startAlipayStandIn>>;
