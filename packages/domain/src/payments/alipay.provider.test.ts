import { createVerify, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ALIPAY_SANDBOX_GATEWAY,
  type AlipayConfig,
  alipayConfigFromSettings,
  alipayNotifyAnswer,
  createAlipayPayment,
  precreateAlipayPayment,
  queryAlipayPayment,
  verifyAlipayNotification,
} from './alipay.provider.ts';
import { type AlipayStandIn, startAlipayStandIn } from './testing/alipay.stand-in.ts';
import { merchantFixture } from './testing/merchant-receiver.ts';
import { PaymentProviderError } from './types.ts';

const m = merchantFixture<AlipayStandIn, AlipayConfig>({
  provider: 'alipay',
  start: startAlipayStandIn,
  config: alipayConfigFromSettings,
  order: (seq) => ({
    orderNo: `ALI${Date.now()}${seq}`,
    description: '资料下载',
    amountCents: 1234,
    returnUrl: `http://127.0.0.1:9/order?order_no=A${seq}`,
  }),
});
const { notices, refusals, request } = m;

/** Opens the page URL, then clicks 确认支付 on the stand-in cashier; returns where the browser is sent. */
async function payInBrowser(paymentUrl: string): Promise<string> {
  const opened = await m.gw.open(paymentUrl);
  expect(opened.status).toBe(303);
  const page = await fetch(new URL(opened.location ?? '', m.gw.url));
  const html = await page.text();
  expect(html).toContain('<button id="standin-pay" type="submit">确认支付</button>');
  const action = /action="([^"]+)"/.exec(html)?.[1] ?? '';
  const click = await fetch(new URL(action, m.gw.url), { method: 'POST', redirect: 'manual' });
  expect(click.status).toBe(303);
  return click.headers.get('location') ?? '';
}

describe('Alipay settings', () => {
  it('reads bare base64 keys as the key tool prints them, null when disabled or incomplete', () => {
    expect(m.cfg.privateKey).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(m.cfg.alipayPublicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(alipayConfigFromSettings(m.gw.settings({ 'alipay.enable': 'false' }))).toBeNull();
    expect(alipayConfigFromSettings(m.gw.settings({ 'alipay.alipay_public_key': '' }))).toBeNull();
    expect(alipayConfigFromSettings(m.gw.settings({ 'alipay.private_key': 'garbage!' }))).toBeNull();
  });

  it('uses the sandbox gateway when sandbox is on and the gateway is the default', () => {
    const get = m.gw.settings({ 'alipay.sandbox': 'true', 'alipay.gateway': '' });
    expect(alipayConfigFromSettings(get)?.gateway).toBe(ALIPAY_SANDBOX_GATEWAY);
  });
});

describe('Alipay page pay (desktop)', () => {
  it('builds a signed page.pay URL the gateway accepts; the notification verifies', async () => {
    const req = request({ expiresAt: new Date('2030-01-02T03:04:05Z') });
    const { paymentUrl } = await createAlipayPayment(m.cfg, req);
    const url = new URL(paymentUrl);
    expect(`${url.origin}${url.pathname}`).toBe(m.gw.gateway);
    expect(url.searchParams.get('method')).toBe('alipay.trade.page.pay');

    const back = await payInBrowser(paymentUrl);
    const trade = m.gw.payments.get(req.orderNo);
    expect(trade).toMatchObject({ amountCents: 1234, subject: '资料下载', timeExpire: '2030-01-02 11:04:05' });
    expect(trade?.bizContent.product_code).toBe('FAST_INSTANT_TRADE_PAY');
    expect(m.gw.notifications.at(-1)?.answer).toEqual({ status: 200, body: 'success' });
    expect(notices.at(-1)).toEqual({ orderNo: req.orderNo, amountCents: 1234, tradeNo: trade?.tradeNo, paid: true });

    // 同步返回: the order page gets Alipay's signed trade fields after its own query.
    expect(back.startsWith(`${req.returnUrl}&`)).toBe(true);
    const returned = Object.fromEntries(new URL(back).searchParams);
    expect(returned).toMatchObject({ order_no: `A${m.seq}`, out_trade_no: req.orderNo, total_amount: '12.34' });
  });

  it('refuses a tampered notification (answers fail)', async () => {
    const req = request();
    await m.gw.open((await createAlipayPayment(m.cfg, req)).paymentUrl);
    const count = notices.length;
    expect(await m.gw.notify(req.orderNo, { tamper: true })).toEqual({ status: 200, body: 'fail' });
    expect(notices.length).toBe(count);
    expect(refusals.at(-1)).toContain('签名验证失败');
  });

  it('reports the amount Alipay signed, so the caller can see a mismatch', async () => {
    const req = request();
    await m.gw.open((await createAlipayPayment(m.cfg, req)).paymentUrl);
    expect((await m.gw.notify(req.orderNo, { amountCents: 1 })).body).toBe('success');
    expect(notices.at(-1)).toMatchObject({ orderNo: req.orderNo, amountCents: 1, paid: true });
  });

  it('keeps a literal % in signed values intact (checkNotifySignV2)', async () => {
    const req = request({ description: '100% 干货 a+b=c' });
    await m.gw.open((await createAlipayPayment(m.cfg, req)).paymentUrl);
    expect((await m.gw.notify(req.orderNo)).body).toBe('success');
    expect(m.gw.payments.get(req.orderNo)?.subject).toBe('100% 干货 a+b=c');
  });

  it('does not report a closed trade as paid', async () => {
    const req = request();
    await m.gw.open((await createAlipayPayment(m.cfg, req)).paymentUrl);
    await m.gw.notify(req.orderNo, { trade_status: 'TRADE_CLOSED' });
    expect(notices.at(-1)).toMatchObject({ orderNo: req.orderNo, paid: false });
  });

  it('replays the last notification unchanged', async () => {
    const req = request();
    await m.gw.open((await createAlipayPayment(m.cfg, req)).paymentUrl);
    await m.gw.notify(req.orderNo);
    expect(await m.gw.replay()).toEqual({ status: 200, body: 'success' });
    expect(notices.at(-1)).toEqual(notices.at(-2));
  });

  it('is refused by the gateway (isv.invalid-signature) when signed with another application key', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const wrong = { ...m.cfg, privateKey: (other.export({ type: 'pkcs8', format: 'pem' }) as string).trim() };
    const req = request();
    const opened = await m.gw.open((await createAlipayPayment(wrong, req)).paymentUrl);
    expect(opened.status).toBe(400);
    expect(opened.body).toContain('isv.invalid-signature');
    expect(m.gw.payments.has(req.orderNo)).toBe(false);
    const err = await queryAlipayPayment(wrong, req.orderNo).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect((err as PaymentProviderError).detail).toMatchObject({ sub_code: 'isv.invalid-signature' });
  });

  it('refuses a notification for another app_id', () => {
    const fields = Object.fromEntries(new URLSearchParams(m.gw.notifications.at(-1)?.sent.body));
    expect(() => verifyAlipayNotification(m.cfg, fields)).not.toThrow();
    expect(() => verifyAlipayNotification({ ...m.cfg, appId: '2021999999999999' }, fields)).toThrow('app_id');
    expect(() => verifyAlipayNotification(m.cfg, { ...fields, sign: '' })).toThrow(PaymentProviderError);
  });
});

describe('Alipay wap pay (mobile)', () => {
  it('uses wap.pay with QUICK_WAP_WAY and quit_url', async () => {
    const req = request({ scene: 'mobile' });
    const { paymentUrl } = await createAlipayPayment(m.cfg, req);
    expect(new URL(paymentUrl).searchParams.get('method')).toBe('alipay.trade.wap.pay');
    const back = await payInBrowser(paymentUrl);
    const trade = m.gw.payments.get(req.orderNo);
    expect(trade?.bizContent).toMatchObject({ product_code: 'QUICK_WAP_WAY', quit_url: req.returnUrl });
    expect(new URL(back).searchParams.get('method')).toBe('alipay.trade.wap.pay.return');
    expect(notices.at(-1)).toMatchObject({ orderNo: req.orderNo, amountCents: 1234, paid: true });
  });
});

describe('Alipay QR pay (precreate, desktop_mode = qrcode)', () => {
  const qrCfg = () => alipayConfigFromSettings(m.gw.settings({ 'alipay.desktop_mode': 'qrcode' })) as AlipayConfig;

  it('reads the desktop mode, page by default', () => {
    expect(m.cfg.desktopMode).toBe('page');
    expect(qrCfg().desktopMode).toBe('qrcode');
    expect(alipayConfigFromSettings(m.gw.settings({ 'alipay.desktop_mode': 'nonsense' }))?.desktopMode).toBe('page');
  });

  it('precreates a signed FACE_TO_FACE_PAYMENT trade on desktop and returns its verified qr_code', async () => {
    const req = request({ expiresAt: new Date(Date.now() + 30 * 60_000 - 5_000) });
    const start = await createAlipayPayment(qrCfg(), req);
    const trade = m.gw.payments.get(req.orderNo);
    expect(trade).toMatchObject({
      method: 'alipay.trade.precreate',
      amountCents: 1234,
      subject: '资料下载',
      notifyUrl: req.notifyUrl,
      timeoutExpress: '30m',
      paid: false,
    });
    expect(trade?.bizContent.product_code).toBe('FACE_TO_FACE_PAYMENT');
    expect(start).toEqual({ paymentUrl: trade?.qrCode, extra: { qr_code: trade?.qrCode } });
    expect(start.paymentUrl.startsWith(`${m.gw.url}/qr/`)).toBe(true);

    // The trade exists at Alipay at once: the query sees it waiting, then paid after the scan.
    expect(await queryAlipayPayment(qrCfg(), req.orderNo)).toMatchObject({ amountCents: 1234, paid: false });
    expect(await m.gw.scan(start.paymentUrl)).toEqual({ status: 200, body: 'success' });
    expect(notices.at(-1)).toEqual({ orderNo: req.orderNo, amountCents: 1234, tradeNo: trade?.tradeNo, paid: true });
    expect(await queryAlipayPayment(qrCfg(), req.orderNo)).toMatchObject({ paid: true });

    // A paid trade cannot be precreated again.
    const again = await createAlipayPayment(qrCfg(), req).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(PaymentProviderError);
    expect((again as PaymentProviderError).detail).toMatchObject({ sub_code: 'ACQ.TRADE_HAS_SUCCESS' });
  });

  it('answers the same QR code when the unpaid trade is precreated again', async () => {
    const req = request();
    const first = await precreateAlipayPayment(m.cfg, req);
    expect((await precreateAlipayPayment(m.cfg, req)).paymentUrl).toBe(first.paymentUrl);
  });

  it('keeps wap pay on phones', async () => {
    const { paymentUrl, extra } = await createAlipayPayment(qrCfg(), request({ scene: 'mobile' }));
    expect(new URL(paymentUrl).searchParams.get('method')).toBe('alipay.trade.wap.pay');
    expect(extra).toBeUndefined();
  });

  it('is refused by the gateway (isv.invalid-signature) when signed with another application key', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const wrong = { ...qrCfg(), privateKey: (other.export({ type: 'pkcs8', format: 'pem' }) as string).trim() };
    const req = request();
    const err = await createAlipayPayment(wrong, req).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect((err as PaymentProviderError).detail).toMatchObject({ sub_code: 'isv.invalid-signature' });
    expect(m.gw.payments.has(req.orderNo)).toBe(false);
  });

  it('rejects an answer whose signature does not match, and one signed with another Alipay key', async () => {
    m.gw.tamperResponses = true;
    try {
      const err = await createAlipayPayment(qrCfg(), request()).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PaymentProviderError);
      expect(String(((err as PaymentProviderError).detail as Error).message)).toContain('验签失败');
    } finally {
      m.gw.tamperResponses = false;
    }
    const otherAlipay = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
    const distrusting = {
      ...qrCfg(),
      alipayPublicKey: (otherAlipay.export({ type: 'spki', format: 'pem' }) as string).trim(),
    };
    await expect(createAlipayPayment(distrusting, request())).rejects.toThrow('支付宝预下单失败');
  });
});

describe('Alipay query', () => {
  it('is null before the cashier was opened, waiting after, paid after the notification', async () => {
    const req = request();
    expect(await queryAlipayPayment(m.cfg, req.orderNo)).toBeNull();
    await m.gw.open((await createAlipayPayment(m.cfg, req)).paymentUrl);
    expect(await queryAlipayPayment(m.cfg, req.orderNo)).toMatchObject({
      orderNo: req.orderNo,
      amountCents: 1234,
      paid: false,
    });
    await m.gw.notify(req.orderNo);
    expect(await queryAlipayPayment(m.cfg, req.orderNo)).toEqual({
      orderNo: req.orderNo,
      amountCents: 1234,
      tradeNo: m.gw.payments.get(req.orderNo)?.tradeNo,
      paid: true,
    });
  });

  it('refuses an answer whose signature does not match', async () => {
    m.gw.tamperResponses = true;
    try {
      await expect(queryAlipayPayment(m.cfg, 'ANY')).rejects.toBeInstanceOf(PaymentProviderError);
    } finally {
      m.gw.tamperResponses = false;
    }
  });
});

describe('Alipay notification answers', () => {
  it('is the text success or fail', () => {
    expect(alipayNotifyAnswer(true).body).toBe('success');
    expect(alipayNotifyAnswer(false).body).toBe('fail');
  });

  it('signs the notification fields as Alipay documents (sign and sign_type excluded)', () => {
    const fields = Object.fromEntries(new URLSearchParams(m.gw.notifications.at(-1)?.sent.body));
    const content = Object.keys(fields)
      .filter((k) => k !== 'sign' && k !== 'sign_type')
      .sort()
      .map((k) => `${k}=${fields[k]}`)
      .join('&');
    expect(
      createVerify('RSA-SHA256')
        .update(content)
        .verify(m.gw.alipayPublicKey, fields.sign ?? '', 'base64'),
    ).toBe(true);
  });
});
