import { createPublicKey, createVerify, generateKeyPairSync, X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantFixture } from './testing/merchant-receiver.ts';
import { startNotifyReceiver } from './testing/stand-in-http.ts';
import { startWechatPayStandIn, type WechatPayStandIn } from './testing/wechatpay.stand-in.ts';
import { type PaymentNotice, PaymentProviderError } from './types.ts';
import {
  createWechatPayment,
  downloadWechatPlatformCertificate,
  queryWechatPayment,
  verifyWechatNotification,
  type WechatPayConfig,
  wechatConfigFromSettings,
  wechatNotifyAnswer,
} from './wechatpay.provider.ts';

const m = merchantFixture<WechatPayStandIn, WechatPayConfig>({
  provider: 'wechatpay',
  start: startWechatPayStandIn,
  config: wechatConfigFromSettings,
  order: (seq) => ({
    orderNo: `WX${Date.now()}${seq}`,
    description: 'VIP 月卡',
    amountCents: 1990,
    returnUrl: `http://127.0.0.1:9/order?order_no=X${seq}`,
  }),
  refuse: (message) => wechatNotifyAnswer(false, message, 401),
});
const { notices, refusals, request } = m;

const lastNotice = () => notices.at(-1);

describe('WeChat Pay settings', () => {
  it('is null when disabled, without a verifier, or with a short APIv3 key', () => {
    expect(wechatConfigFromSettings(m.gw.settings({ 'wechatpay.enable': 'false' }))).toBeNull();
    expect(wechatConfigFromSettings(m.gw.settings({ 'wechatpay.public_key_id': '' }))).toBeNull();
    expect(wechatConfigFromSettings(m.gw.settings({ 'wechatpay.api_v3_key': 'short' }))).toBeNull();
    expect(wechatConfigFromSettings(m.gw.settings({ 'wechatpay.private_key': 'not a key' }))).toBeNull();
  });

  it('allows a certificate download before a verifier or the switch is set', () => {
    const get = m.gw.settings({ 'wechatpay.enable': 'false', 'wechatpay.public_key_id': '', 'wechatpay.appid': '' });
    expect(wechatConfigFromSettings(get, { forCertificateDownload: true })).not.toBeNull();
  });

  it('defaults the gateway to api.mch.weixin.qq.com', () => {
    expect(wechatConfigFromSettings(m.gw.settings({ 'wechatpay.gateway': '' }))?.gateway).toBe(
      'https://api.mch.weixin.qq.com',
    );
  });
});

describe('WeChat Pay Native (desktop)', () => {
  it('creates, notifies and verifies: order, amount, transaction id, paid', async () => {
    const req = request({ expiresAt: new Date('2030-01-02T03:04:05Z') });
    const start = await createWechatPayment(m.cfg, req);
    const sent = m.gw.payments.get(req.orderNo);
    expect(sent?.kind).toBe('native');
    expect(start.paymentUrl).toBe(`${m.gw.url}/pay/${sent?.id}`);
    expect(sent?.amountCents).toBe(1990);
    expect(sent?.timeExpire).toBe('2030-01-02T11:04:05+08:00');
    expect(sent?.clientIp).toBe('203.0.113.7');

    const answer = await m.gw.notify(req.orderNo);
    expect(answer).toEqual({ status: 204, body: '' });
    expect(lastNotice()).toEqual({ orderNo: req.orderNo, amountCents: 1990, tradeNo: sent?.transactionId, paid: true });
  });

  it('truncates the description to 127 characters', async () => {
    const req = request({ description: '文'.repeat(200) });
    await createWechatPayment(m.cfg, req);
    expect(m.gw.payments.get(req.orderNo)?.description).toBe('文'.repeat(127));
  });

  it('refuses a tampered notification (401, FAIL body)', async () => {
    const req = request();
    await createWechatPayment(m.cfg, req);
    const before = notices.length;
    const answer = await m.gw.notify(req.orderNo, { tamper: true });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'FAIL' });
    expect(notices.length).toBe(before);
    expect(refusals.at(-1)).toContain('签名验证失败');
  });

  it('reports the amount the gateway signed, so the caller can see a mismatch', async () => {
    const req = request();
    await createWechatPayment(m.cfg, req);
    expect((await m.gw.notify(req.orderNo, { amountCents: 1 })).status).toBe(204);
    expect(lastNotice()).toMatchObject({ orderNo: req.orderNo, amountCents: 1, paid: true });
  });

  it('refuses a notification older than 5 minutes', async () => {
    const req = request();
    await createWechatPayment(m.cfg, req);
    expect((await m.gw.notify(req.orderNo, { timestampOffsetSeconds: -301 })).status).toBe(401);
    expect(refusals.at(-1)).toContain('时间戳');
  });

  it('refuses a resource it cannot decrypt with the APIv3 key', async () => {
    const req = request();
    await createWechatPayment(m.cfg, req);
    expect((await m.gw.notify(req.orderNo, { apiV3Key: 'B'.repeat(32) })).status).toBe(401);
    expect(refusals.at(-1)).toContain('解密失败');
  });

  it('acknowledges a replayed notification again (idempotency is the order service’s job)', async () => {
    const req = request();
    await createWechatPayment(m.cfg, req);
    await m.gw.notify(req.orderNo);
    const count = notices.length;
    expect((await m.gw.replay()).status).toBe(204);
    expect(notices.length).toBe(count + 1);
    expect(notices.at(-1)).toEqual(notices.at(-2));
  });

  it('is refused by the gateway when signed with another merchant key', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const req = request();
    const err = await createWechatPayment({ ...m.cfg, merchantPrivateKey: other }, req).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect((err as PaymentProviderError).detail).toMatchObject({ status: 401, code: 'SIGN_ERROR' });
    expect(m.gw.payments.has(req.orderNo)).toBe(false);
  });

  it('refuses an answer whose signature does not match', async () => {
    m.gw.tamperResponses = true;
    try {
      await expect(createWechatPayment(m.cfg, request())).rejects.toThrow('签名验证失败');
    } finally {
      m.gw.tamperResponses = false;
    }
  });

  it('refuses bad amounts before sending', async () => {
    await expect(createWechatPayment(m.cfg, request({ amountCents: 0 }))).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(createWechatPayment(m.cfg, request({ amountCents: 9.5 }))).rejects.toBeInstanceOf(
      PaymentProviderError,
    );
  });
});

describe('WeChat Pay H5 and JSAPI', () => {
  it('H5 appends redirect_url; the cashier button notifies and sends the browser back', async () => {
    const req = request({ scene: 'mobile' });
    const start = await createWechatPayment(m.cfg, req);
    const sent = m.gw.payments.get(req.orderNo);
    expect(sent?.kind).toBe('h5');
    expect(sent?.request.scene_info).toMatchObject({ payer_client_ip: req.clientIp, h5_info: { type: 'Wap' } });
    expect(new URL(start.paymentUrl).searchParams.get('redirect_url')).toBe(req.returnUrl);

    const page = await fetch(start.paymentUrl);
    const html = await page.text();
    expect(html).toContain('id="standin-pay"');
    expect(html).toContain('确认支付');
    const action = /action="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&') ?? '';
    const click = await fetch(new URL(action, m.gw.url), { method: 'POST', redirect: 'manual' });
    expect(click.status).toBe(303);
    expect(click.headers.get('location')).toBe(req.returnUrl);
    expect(lastNotice()).toMatchObject({ orderNo: req.orderNo, amountCents: req.amountCents, paid: true });
  });

  it('JSAPI returns getBrandWCPayRequest params signed with the merchant key', async () => {
    const req = request({ scene: 'wechat', openid: 'o-test-openid' });
    const start = await createWechatPayment(m.cfg, req);
    const sent = m.gw.payments.get(req.orderNo);
    expect(start.paymentUrl).toBe('');
    const p = start.extra ?? {};
    expect(p).toMatchObject({ appId: m.gw.appId, package: `prepay_id=${sent?.prepayId}`, signType: 'RSA' });
    const message = `${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`;
    const publicKey = createPublicKey(m.gw.merchantPrivateKey);
    expect(
      createVerify('RSA-SHA256')
        .update(message)
        .verify(publicKey, p.paySign ?? '', 'base64'),
    ).toBe(true);
  });

  it('JSAPI needs an openid', async () => {
    await expect(createWechatPayment(m.cfg, request({ scene: 'wechat' }))).rejects.toThrow('openid');
  });
});

describe('WeChat Pay query', () => {
  it('is null for an unknown order, unpaid after create, paid after the notification', async () => {
    const req = request();
    expect(await queryWechatPayment(m.cfg, req.orderNo)).toBeNull();
    await createWechatPayment(m.cfg, req);
    expect(await queryWechatPayment(m.cfg, req.orderNo)).toEqual({
      orderNo: req.orderNo,
      amountCents: 1990,
      tradeNo: '',
      paid: false,
    });
    await m.gw.notify(req.orderNo);
    expect(await queryWechatPayment(m.cfg, req.orderNo)).toEqual({
      orderNo: req.orderNo,
      amountCents: 1990,
      tradeNo: m.gw.payments.get(req.orderNo)?.transactionId,
      paid: true,
    });
  });
});

describe('WeChat Pay notification verification', () => {
  it('refuses missing signature headers', () => {
    expect(() => verifyWechatNotification(m.cfg, { headers: {}, rawBody: '{}' })).toThrow(PaymentProviderError);
  });

  it('answers 204 on success and 4xx/5xx with {code: FAIL} otherwise', () => {
    expect(wechatNotifyAnswer(true)).toMatchObject({ status: 204, body: '' });
    expect(wechatNotifyAnswer(false, '验签失败')).toMatchObject({
      status: 500,
      body: '{"code":"FAIL","message":"验签失败"}',
    });
  });
});

describe('WeChat Pay platform-certificate mode', () => {
  let certGw: WechatPayStandIn;
  beforeAll(async () => {
    certGw = await startWechatPayStandIn({ mode: 'certificate' });
  });
  afterAll(async () => {
    await certGw?.close();
  });

  it('downloads and decrypts the newest platform certificate on first use', async () => {
    const bootstrap = wechatConfigFromSettings(certGw.settings({ 'wechatpay.platform_cert': '' }), {
      forCertificateDownload: true,
    });
    expect(bootstrap).not.toBeNull();
    const { cert, serial } = await downloadWechatPlatformCertificate(bootstrap as WechatPayConfig);
    expect(serial).toBe(certGw.platformSerial);
    expect(new X509Certificate(cert).serialNumber.toUpperCase()).toBe(certGw.platformSerial);
    expect(cert).toBe(certGw.platformCert.trim());
  });

  it('pays and verifies with the downloaded certificate', async () => {
    const bootstrap = wechatConfigFromSettings(certGw.settings({ 'wechatpay.platform_cert': '' }), {
      forCertificateDownload: true,
    }) as WechatPayConfig;
    const { cert } = await downloadWechatPlatformCertificate(bootstrap);
    const certCfg = wechatConfigFromSettings(certGw.settings({ 'wechatpay.platform_cert': cert })) as WechatPayConfig;
    const req = request();
    await createWechatPayment(certCfg, req);
    const received: PaymentNotice[] = [];
    const own = await startNotifyReceiver((input) => {
      received.push(verifyWechatNotification(certCfg, input));
      return wechatNotifyAnswer(true);
    });
    try {
      certGw.payments.get(req.orderNo)!.notifyUrl = `${own.url}/callback/wechatpay`;
      expect((await certGw.notify(req.orderNo)).status).toBe(204);
      expect(received[0]).toMatchObject({ orderNo: req.orderNo, amountCents: 1990, paid: true });
    } finally {
      await own.close();
    }
  });

  it('refuses a notification signed under a serial it does not know', async () => {
    // The public-key stand-in signs with PUB_KEY_ID_…, which a certificate-only config cannot verify.
    const certCfg = wechatConfigFromSettings(certGw.settings()) as WechatPayConfig;
    const req = request();
    await createWechatPayment(m.cfg, req);
    const own = await startNotifyReceiver((input) => {
      try {
        verifyWechatNotification(certCfg, input);
        return wechatNotifyAnswer(true);
      } catch (err) {
        return wechatNotifyAnswer(false, (err as Error).message, 401);
      }
    });
    try {
      m.gw.payments.get(req.orderNo)!.notifyUrl = `${own.url}/callback/wechatpay`;
      const answer = await m.gw.notify(req.orderNo);
      expect(answer.status).toBe(401);
      expect(answer.body).toContain('微信支付公钥ID');
    } finally {
      await own.close();
    }
  });
});
