import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentProviderFromSettings } from './payment-providers.ts';
import { merchantRequest, startMerchantReceiver } from './testing/merchant-receiver.ts';
import type { startNotifyReceiver } from './testing/stand-in-http.ts';
import { startXunhupayStandIn, type XunhupayStandIn } from './testing/xunhupay.stand-in.ts';
import { type PaymentNotice, PaymentProviderError, type PaymentRequest } from './types.ts';
import {
  createXunhupayPayment,
  queryXunhupayPayment,
  verifyXunhupayNotification,
  type XunhupayConfig,
  xunhupayConfigFromSettings,
  xunhupayHash,
  xunhupayNotifyAnswer,
} from './xunhupay.provider.ts';

let gw: XunhupayStandIn;
let cfg: XunhupayConfig;
let receiver: Awaited<ReturnType<typeof startNotifyReceiver>>;
const notices: PaymentNotice[] = [];
const refusals: string[] = [];
let seq = 0;

beforeAll(async () => {
  gw = await startXunhupayStandIn();
  cfg = xunhupayConfigFromSettings(gw.settings()) as XunhupayConfig;
  const provider = paymentProviderFromSettings('xunhupay', gw.settings());
  receiver = await startMerchantReceiver(provider!, notices, refusals);
});

afterAll(async () => {
  await receiver?.close();
  await gw?.close();
});

function request(over: Partial<PaymentRequest> = {}): PaymentRequest {
  seq += 1;
  return merchantRequest(
    `${receiver.url}/callback/xunhupay`,
    {
      orderNo: `XH${Date.now()}${seq}`,
      description: '积分充值',
      amountCents: 500,
      returnUrl: `http://127.0.0.1:9/order?order_no=H${seq}`,
    },
    over,
  );
}

describe('XunhuPay hash and settings', () => {
  it('is md5 of the sorted non-empty fields except hash, with the appsecret appended', () => {
    const expected = createHash('md5').update('a=1&b=x y&c=中文SECRET').digest('hex');
    expect(xunhupayHash({ c: '中文', b: 'x y', a: 1, hash: 'ignored', empty: '' }, 'SECRET')).toBe(expected);
  });

  it('is null when disabled or without appid/appsecret', () => {
    expect(xunhupayConfigFromSettings(gw.settings({ 'xunhupay.enable': 'false' }))).toBeNull();
    expect(xunhupayConfigFromSettings(gw.settings({ 'xunhupay.appsecret': '' }))).toBeNull();
    expect(xunhupayConfigFromSettings(gw.settings({ 'xunhupay.gateway': '' }))?.gateway).toBe(
      'https://api.xunhupay.com/payment/do.html',
    );
  });
});

describe('XunhuPay payment', () => {
  it('creates, pays through the cashier, notifies and verifies', async () => {
    const req = request();
    const start = await createXunhupayPayment(cfg, req);
    const order = gw.payments.get(req.orderNo);
    expect(start.paymentUrl).toBe(`${gw.url}/pay/${order?.id}`);
    expect(start.extra?.qrcode).toContain('/payment/qrcode.html');
    expect(order?.request).toMatchObject({
      version: '1.1',
      total_fee: '5.00',
      title: '积分充值',
      return_url: req.returnUrl,
    });
    expect(order?.type).toBeUndefined();

    const html = await (await fetch(start.paymentUrl)).text();
    expect(html).toContain('id="standin-pay"');
    const action = /action="([^"]+)"/.exec(html)?.[1] ?? '';
    const click = await fetch(new URL(action, gw.url), { method: 'POST', redirect: 'manual' });
    expect(click.status).toBe(303);
    expect(click.headers.get('location')).toBe(req.returnUrl);
    expect(gw.notifications.at(-1)?.answer).toEqual({ status: 200, body: 'success' });
    expect(notices.at(-1)).toEqual({ orderNo: req.orderNo, amountCents: 500, tradeNo: order?.openOrderId, paid: true });
  });

  it('asks for WAP with the site address and name on mobile', async () => {
    const req = request({ scene: 'mobile' });
    await createXunhupayPayment(cfg, req);
    expect(gw.payments.get(req.orderNo)?.request).toMatchObject({
      type: 'WAP',
      wap_url: 'http://127.0.0.1:9',
      wap_name: '文库',
    });
  });

  it('keeps the title within 127 bytes and without emoji', async () => {
    const req = request({ description: `🎉${'文'.repeat(60)}` });
    await createXunhupayPayment(cfg, req);
    expect(gw.payments.get(req.orderNo)?.title).toBe('文'.repeat(42));
  });

  it('refuses a tampered notification (answers fail)', async () => {
    const req = request();
    await createXunhupayPayment(cfg, req);
    const count = notices.length;
    expect(await gw.notify(req.orderNo, { tamper: true })).toEqual({ status: 200, body: 'fail' });
    expect(notices.length).toBe(count);
    expect(refusals.at(-1)).toContain('签名验证失败');
  });

  it('reports the amount XunhuPay hashed, so the caller can see a mismatch', async () => {
    const req = request();
    await createXunhupayPayment(cfg, req);
    expect((await gw.notify(req.orderNo, { amountCents: 1 })).body).toBe('success');
    expect(notices.at(-1)).toMatchObject({ orderNo: req.orderNo, amountCents: 1, paid: true });
  });

  it('replays the last notification unchanged', async () => {
    const req = request();
    await createXunhupayPayment(cfg, req);
    await gw.notify(req.orderNo);
    expect(await gw.replay()).toEqual({ status: 200, body: 'success' });
    expect(notices.at(-1)).toEqual(notices.at(-2));
  });

  it('is refused by the gateway when hashed with another appsecret', async () => {
    const req = request();
    const err = await createXunhupayPayment({ ...cfg, appSecret: 'wrong-secret' }, req).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect((err as PaymentProviderError).detail).toMatchObject({ errcode: 40029 });
    expect(gw.payments.has(req.orderNo)).toBe(false);
  });

  it('refuses an answer whose hash does not match', async () => {
    gw.tamperResponses = true;
    try {
      await expect(createXunhupayPayment(cfg, request())).rejects.toThrow('签名无效');
    } finally {
      gw.tamperResponses = false;
    }
  });

  it('refuses a notification for another appid', () => {
    const fields = Object.fromEntries(new URLSearchParams(gw.notifications.at(-1)?.sent.body));
    expect(() => verifyXunhupayNotification(cfg, fields)).not.toThrow();
    const other = { ...cfg, appId: '201900000000' };
    expect(() => verifyXunhupayNotification(other, fields)).toThrow('appid');
    expect(() => verifyXunhupayNotification(cfg, { ...fields, hash: '' })).toThrow(PaymentProviderError);
  });

  it('answers the text success', () => {
    expect(xunhupayNotifyAnswer(true).body).toBe('success');
  });
});

describe('XunhuPay query', () => {
  it('reports waiting after create and paid after the notification', async () => {
    const req = request();
    await createXunhupayPayment(cfg, req);
    expect(await queryXunhupayPayment(cfg, req.orderNo)).toMatchObject({
      orderNo: req.orderNo,
      amountCents: 500,
      paid: false,
    });
    await gw.notify(req.orderNo);
    expect(await queryXunhupayPayment(cfg, req.orderNo)).toEqual({
      orderNo: req.orderNo,
      amountCents: 500,
      tradeNo: gw.payments.get(req.orderNo)?.openOrderId,
      paid: true,
    });
  });

  it('throws when the gateway refuses (unknown order, wrong secret)', async () => {
    await expect(queryXunhupayPayment(cfg, 'NOPE')).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(queryXunhupayPayment({ ...cfg, appSecret: 'x' }, 'NOPE')).rejects.toThrow('hash');
  });
});
