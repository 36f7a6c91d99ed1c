import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AlipayStandIn, startAlipayStandIn } from '../../../packages/domain/src/payments/testing/index.ts';
import { type RestClient, startTestServer, type TestServer } from './testing/harness.ts';
import { balanceOf, ledgerSumOf } from './testing/ledger.ts';

/**
 * Alipay 当面付 QR pay (issue 6, `alipay.desktop_mode = qrcode`) against PostgreSQL and the local Alipay stand-in:
 * a desktop payment precreates the trade and answers its qr_code; the stand-in "scans" it and posts the signed
 * notification to /callback/alipay; the order is paid and the credits booked exactly once.
 */
let server: TestServer;
let admin: RestClient;
let restoreConfig: () => Promise<void>;
let alipay: AlipayStandIn;

interface OrderBody {
  order_no: string;
  status: number;
  payment_type: number;
  money: number;
}
interface PayBody {
  order_status: number;
  payment_url: string;
  extra: Record<string, string> | null;
}

const sql = <T>(q: string, params: unknown[] = []) => server.sql<T>(q, params);
const balance = (userId: number) => balanceOf(server, userId);
const ledgerSum = (userId: number) => ledgerSumOf(server, userId);
const ledgerRows = async (userId: number) =>
  (await sql<{ n: number }>('select count(*)::int as n from credit_log where user_id = ?', [userId]))[0]!.n;
const paymentLog = async (orderNo: string) =>
  (await sql<{ outcome: string }>('select outcome from payment_log where order_no = ? order by id', [orderNo])).map(
    (l) => l.outcome,
  );

beforeAll(async () => {
  server = await startTestServer({ databaseUrl: inject('databaseUrl'), worker: false });
  admin = await server.api.admin();
  restoreConfig = await server.snapshotConfig();
  alipay = await startAlipayStandIn();
  const get = alipay.settings({ 'alipay.desktop_mode': 'qrcode' });
  const rows: [string, string, string][] = [
    ['system', 'domain', server.url],
    ['score', 'register', '0'],
    ['score', 'credit_exchange', '10'],
    ['score', 'recharge_enable', 'true'],
    ['score', 'recharge_discount', '100:1'],
    ...['enable', 'app_id', 'private_key', 'alipay_public_key', 'gateway', 'desktop_mode', 'sandbox'].map(
      (name): [string, string, string] => ['alipay', name, get(`alipay.${name}`)],
    ),
  ];
  const saved = await admin.put('/config', {
    config: rows.map(([category, name, value]) => ({ category, name, value })),
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}, 120_000);

afterAll(async () => {
  await restoreConfig?.();
  await alipay?.close();
  await server?.close();
});

async function rechargeOrder(m: { client: RestClient }, quantity: number): Promise<string> {
  const created = await m.client.post<OrderBody>('/order', { order_type: 3, quantity });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.order_no;
}

describe('Alipay QR pay (alipay.trade.precreate)', () => {
  it('answers the qr_code on desktop; the scanned payment notifies, pays the order and books the credits once', async () => {
    const m = await server.api.registerMember('aqr');
    const no = await rechargeOrder(m, 100);
    expect((await m.client.get<OrderBody>('/order', { order_no: no })).body).toMatchObject({ status: 1, money: 10 });

    const pay = await m.client.post<PayBody>('/order/pay', { order_no: no, payment_type: 2, is_wap: false });
    expect(pay.status, JSON.stringify(pay.body)).toBe(200);
    const trade = alipay.payments.get(no);
    expect(trade).toMatchObject({
      method: 'alipay.trade.precreate',
      amountCents: 1000,
      notifyUrl: `${server.url}/callback/alipay`,
      paid: false,
    });
    expect(trade?.bizContent.product_code).toBe('FACE_TO_FACE_PAYMENT');
    expect(pay.body).toEqual({
      order_status: 1,
      payment_url: trade?.qrCode,
      extra: { qr_code: trade?.qrCode },
    });

    // The dialog closes before the buyer has paid: the signed query finds the trade waiting.
    expect((await m.client.get<OrderBody>('/order/status', { order_no: no })).body.status).toBe(1);
    expect(await balance(m.id)).toBe(0);

    // The buyer scans and confirms in the Alipay app: the stand-in posts the signed notification.
    expect(await alipay.scan(pay.body.payment_url)).toEqual({ status: 200, body: 'success' });
    expect(await balance(m.id)).toBe(100);
    expect((await alipay.replay()).body).toBe('success');
    expect((await m.client.get<OrderBody>('/order/status', { order_no: no })).body).toMatchObject({
      status: 2,
      payment_type: 2,
    });
    expect(await balance(m.id)).toBe(100);
    expect(await ledgerRows(m.id)).toBe(1);
    expect(await ledgerSum(m.id)).toBe(100);
    expect(await paymentLog(no)).toEqual(['accepted', 'replayed']);

    // Paying a paid order starts nothing.
    const again = await m.client.post<PayBody>('/order/pay', { order_no: no, payment_type: 2 });
    expect(again.body).toMatchObject({ order_status: 2, payment_url: '' });
  });

  it('settles through the status check when the notification is late, and the late notification changes nothing', async () => {
    const m = await server.api.registerMember('aql');
    const no = await rechargeOrder(m, 200);
    const pay = await m.client.post<PayBody>('/order/pay', { order_no: no, payment_type: 2 });
    expect(pay.body.extra?.qr_code).toBe(alipay.payments.get(no)?.qrCode);
    // Paid at Alipay, but the notification has not arrived (a site behind NAT, a slow retry).
    alipay.payments.get(no)!.paid = true;
    expect((await m.client.get<OrderBody>('/order/status', { order_no: no })).body.status).toBe(2);
    expect(await balance(m.id)).toBe(200);
    expect((await alipay.notify(no)).body).toBe('success');
    expect(await balance(m.id)).toBe(200);
    expect(await ledgerRows(m.id)).toBe(1);
    expect(await ledgerSum(m.id)).toBe(200);
  });

  it('refuses a forged notification for a QR trade and keeps wap pay on phones', async () => {
    const m = await server.api.registerMember('aqf');
    const no = await rechargeOrder(m, 100);
    await m.client.post<PayBody>('/order/pay', { order_no: no, payment_type: 2 });
    expect((await alipay.notify(no, { tamper: true })).body).toBe('fail');
    expect((await alipay.notify(no, { amountCents: 1 })).body).toBe('fail');
    expect(await balance(m.id)).toBe(0);
    expect((await m.client.get<OrderBody>('/order', { order_no: no })).body.status).toBe(1);

    const phone = await rechargeOrder(m, 100);
    const wap = await m.client.post<PayBody>('/order/pay', { order_no: phone, payment_type: 2, is_wap: true });
    expect(wap.status, JSON.stringify(wap.body)).toBe(200);
    expect(new URL(wap.body.payment_url).searchParams.get('method')).toBe('alipay.trade.wap.pay');
    expect(wap.body.extra).toBeNull();
    expect(alipay.payments.has(phone)).toBe(false);
  });
});
