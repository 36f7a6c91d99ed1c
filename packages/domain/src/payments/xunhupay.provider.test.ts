import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { merchantFixture } from './testing/merchant-receiver.ts';
import { startXunhupayStandIn, type XunhupayStandIn } from './testing/xunhupay.stand-in.ts';
import { PaymentProviderError } from './types.ts';
import {
  createXunhupayPayment,
  queryXunhupayPayment,
  verifyXunhupayNotification,
  type XunhupayConfig,
  xunhupayConfigFromSettings,
  xunhupayHash,
  xunhupayNotifyAnswer,
} from './xunhupay.provider.ts';

const m = merchantFixture<XunhupayStandIn, XunhupayConfig>({
  provider: 'xunhupay',
  start: startXunhupayStandIn,
  config: xunhupayConfigFromSettings,
  order: (seq) => ({
    orderNo: `XH${Date.now()}${seq}`,
    description: '积分充值',
    amountCents: 500,
    returnUrl: `http://127.0.0.1:9/order?order_no=H${seq}`,
  }),
});
const { notices, refusals, request } = m;

describe('XunhuPay hash and settings', () => {
  it('is md5 of the sorted non-empty fields except hash, with the appsecret appended', () => {
    const expected = createHash('md5').update('a=1&b=x y&c=中文SECRET').digest('hex');
    expect(xunhupayHash({ c: '中文', b: 'x y', a: 1, hash: 'ignored', empty: '' }, 'SECRET')).toBe(expected);
  });

  it('is null when disabled or without appid/appsecret', () => {
    expect(xunhupayConfigFromSettings(m.gw.settings({ 'xunhupay.enable': 'false' }))).toBeNull();
    expect(xunhupayConfigFromSettings(m.gw.settings({ 'xunhupay.appsecret': '' }))).toBeNull();
    expect(xunhupayConfigFromSettings(m.gw.settings({ 'xunhupay.gateway': '' }))?.gateway).toBe(
      'https://api.xunhupay.com/payment/do.html',
    );
  });
});

describe('XunhuPay payment', () => {
  it('creates, pays through the cashier, notifies and verifies', async () => {
    const req = request();
    const start = await createXunhupayPayment(m.cfg, req);
    const order = m.gw.payments.get(req.orderNo);
    expect(start.paymentUrl).toBe(`${m.gw.url}/pay/${order?.id}`);
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
    const click = await fetch(new URL(action, m.gw.url), { method: 'POST', redirect: 'manual' });
    expect(click.status).toBe(303);
    expect(click.headers.get('location')).toBe(req.returnUrl);
    expect(m.gw.notifications.at(-1)?.answer).toEqual({ status: 200, body: 'success' });
    expect(notices.at(-1)).toEqual({ orderNo: req.orderNo, amountCents: 500, tradeNo: order?.openOrderId, paid: true });
  });

  it('asks for WAP with the site address and name on mobile', async () => {
    const req = request({ scene: 'mobile' });
    await createXunhupayPayment(m.cfg, req);
    expect(m.gw.payments.get(req.orderNo)?.request).toMatchObject({
      type: 'WAP',
      wap_url: 'http://127.0.0.1:9',
      wap_name: '文库',
    });
  });

  it('keeps the title within 127 bytes and without emoji', async () => {
    const req = request({ description: `🎉${'文'.repeat(60)}` });
    await createXunhupayPayment(m.cfg, req);
    expect(m.gw.payments.get(req.orderNo)?.title).toBe('文'.repeat(42));
  });

  it('refuses a tampered notification (answers fail)', async () => {
    const req = request();
    await createXunhupayPayment(m.cfg, req);
    const count = notices.length;
    expect(await m.gw.notify(req.orderNo, { tamper: true })).toEqual({ status: 200, body: 'fail' });
    expect(notices.length).toBe(count);
    expect(refusals.at(-1)).toContain('签名验证失败');
  });

  it('reports the amount XunhuPay hashed, so the caller can see a mismatch', async () => {
    const req = request();
    await createXunhupayPayment(m.cfg, req);
    expect((await m.gw.notify(req.orderNo, { amountCents: 1 })).body).toBe('success');
    expect(notices.at(-1)).toMatchObject({ orderNo: req.orderNo, amountCents: 1, paid: true });
  });

  it('replays the last notification unchanged', async () => {
    const req = request();
    await createXunhupayPayment(m.cfg, req);
    await m.gw.notify(req.orderNo);
    expect(await m.gw.replay()).toEqual({ status: 200, body: 'success' });
    expect(notices.at(-1)).toEqual(notices.at(-2));
  });

  it('is refused by the gateway when hashed with another appsecret', async () => {
    const req = request();
    const err = await createXunhupayPayment({ ...m.cfg, appSecret: 'wrong-secret' }, req).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect((err as PaymentProviderError).detail).toMatchObject({ errcode: 40029 });
    expect(m.gw.payments.has(req.orderNo)).toBe(false);
  });

  it('refuses an answer whose hash does not match', async () => {
    m.gw.tamperResponses = true;
    try {
      await expect(createXunhupayPayment(m.cfg, request())).rejects.toThrow('签名无效');
    } finally {
      m.gw.tamperResponses = false;
    }
  });

  it('refuses a notification for another appid', () => {
    const fields = Object.fromEntries(new URLSearchParams(m.gw.notifications.at(-1)?.sent.body));
    expect(() => verifyXunhupayNotification(m.cfg, fields)).not.toThrow();
    const other = { ...m.cfg, appId: '201900000000' };
    expect(() => verifyXunhupayNotification(other, fields)).toThrow('appid');
    expect(() => verifyXunhupayNotification(m.cfg, { ...fields, hash: '' })).toThrow(PaymentProviderError);
  });

  it('answers the text success', () => {
    expect(xunhupayNotifyAnswer(true).body).toBe('success');
  });
});

describe('XunhuPay query', () => {
  it('reports waiting after create and paid after the notification', async () => {
    const req = request();
    await createXunhupayPayment(m.cfg, req);
    expect(await queryXunhupayPayment(m.cfg, req.orderNo)).toMatchObject({
      orderNo: req.orderNo,
      amountCents: 500,
      paid: false,
    });
    await m.gw.notify(req.orderNo);
    expect(await queryXunhupayPayment(m.cfg, req.orderNo)).toEqual({
      orderNo: req.orderNo,
      amountCents: 500,
      tradeNo: m.gw.payments.get(req.orderNo)?.openOrderId,
      paid: true,
    });
  });

  it('throws when the gateway refuses (unknown order, wrong secret)', async () => {
    await expect(queryXunhupayPayment(m.cfg, 'NOPE')).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(queryXunhupayPayment({ ...m.cfg, appSecret: 'x' }, 'NOPE')).rejects.toThrow('hash');
  });
});
