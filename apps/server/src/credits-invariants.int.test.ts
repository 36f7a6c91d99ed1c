import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startXunhupayStandIn, type XunhupayStandIn } from '../../../packages/domain/src/payments/testing/index.ts';
import { makeDocument } from './testing/factories.ts';
import { type RestClient, startTestServer, type TestServer } from './testing/harness.ts';

/**
 * The invariants of issue 6 under load: 1,000 mixed credit operations (sign-ins, paid downloads, credit payments,
 * recharge notifications with replays, admin top-ups, VIP cards bought with credits, VIP downloads) fired from many
 * connections at the same members. Afterwards every balance equals its ledger, nobody signed in twice a day, no
 * order was fulfilled twice, no VIP quota was overdrawn and no balance is negative.
 */
let server: TestServer;
let admin: RestClient;
let restoreConfig: () => Promise<void>;
let xunhupay: XunhupayStandIn;

const sql = <T>(q: string, params: unknown[] = []) => server.sql<T>(q, params);

beforeAll(async () => {
  server = await startTestServer({ databaseUrl: inject('databaseUrl'), worker: false });
  admin = await server.api.admin();
  restoreConfig = await server.snapshotConfig();
  xunhupay = await startXunhupayStandIn();
  const get = xunhupay.settings();
  const rows: [string, string, string][] = [
    ['system', 'domain', server.url],
    ['score', 'sign_in', '3'],
    ['score', 'register', '0'],
    ['score', 'credit_exchange', '10'],
    ['score', 'recharge_enable', 'true'],
    ['score', 'recharge_discount', '100:1'],
    ['download', 'times_every_day', '100000'],
    ['download', 'times_every_ip', '1000000'],
    ['download', 'free_download_duration', '0'],
    ['vip', 'enable', 'true'],
    ['vip', 'enable_credit_pay', 'true'],
    ['vip', 'month_price', '50'],
    ['vip', 'month_download', '2'],
    ['vip', 'month_times_every_day', '0'],
    ...['enable', 'appid', 'appsecret', 'gateway'].map((n): [string, string, string] => [
      'xunhupay',
      n,
      get(`xunhupay.${n}`),
    ]),
  ];
  await admin.put('/config', { config: rows.map(([category, name, value]) => ({ category, name, value })) });
}, 120_000);
afterAll(async () => {
  await restoreConfig?.();
  await xunhupay?.close();
  await server.close();
});

/** Runs `tasks` with at most `width` in flight. */
async function pool(tasks: (() => Promise<unknown>)[], width: number) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const task = tasks[next++]!;
        await task().catch(() => undefined);
      }
    }),
  );
}

describe('credit invariants under concurrency', () => {
  it('keeps every balance equal to its ledger through 1,000 mixed operations', async () => {
    const uploader = await server.api.registerMember('inv-up');
    const doc = await makeDocument(server, { title: '并发文档', userId: uploader.id, price: 3 });
    const vipDoc = await makeDocument(server, { title: '会员文档', userId: uploader.id, price: 5, isVip: true });
    const members = await Promise.all(Array.from({ length: 8 }, (_, i) => server.api.registerMember(`inv${i}`)));
    await Promise.all(
      members.map((m) => admin.post('/order/system/recharge', { user_id: m.id, credit: 10, remark: '初始' })),
    );
    // Recharge orders waiting for their notification, each started at the stand-in.
    const recharges: string[] = [];
    for (const m of members) {
      for (let i = 0; i < 4; i++) {
        const no = (await m.client.post<{ order_no: string }>('/order', { order_type: 3, quantity: 100 })).body
          .order_no;
        await m.client.post('/order/pay', { order_no: no, payment_type: 8 });
        recharges.push(no);
      }
    }

    const ops: (() => Promise<unknown>)[] = [];
    for (let i = 0; i < 1000; i++) {
      const m = members[i % members.length]!;
      switch (i % 7) {
        case 0:
          ops.push(() => m.client.put('/user/sign'));
          break;
        case 1:
          ops.push(() => m.client.get('/document/download', { id: doc.id }));
          break;
        case 2:
          ops.push(async () => {
            const o = await m.client.post<{ order_no: string; status: number }>('/order', {
              order_type: 1,
              product_id: doc.id,
            });
            if (o.body.status === 1) await m.client.post('/order/pay', { order_no: o.body.order_no, payment_type: 5 });
          });
          break;
        case 3:
          ops.push(() => xunhupay.notify(recharges[i % recharges.length]!));
          break;
        case 4:
          ops.push(() => admin.post('/order/system/recharge', { user_id: m.id, credit: 1 + (i % 3), remark: '并发' }));
          break;
        case 5:
          // A monthly card (5 yuan = 50 credits) paid with credits.
          ops.push(async () => {
            const o = await m.client.post<{ order_no: string; status: number }>('/order', {
              order_type: 2,
              product_id: 2,
            });
            if (o.body.status === 1) await m.client.post('/order/pay', { order_no: o.body.order_no, payment_type: 5 });
          });
          break;
        default:
          ops.push(() => m.client.get('/document/download/vip', { id: vipDoc.id }));
      }
    }
    await pool(ops, 24);

    const ids = [uploader.id, ...members.map((m) => m.id)];
    const rows = await sql<{ id: number; credit_count: number; ledger: string }>(
      `select u.id, u.credit_count, coalesce((select sum(delta) from credit_log l where l.user_id = u.id), 0) as ledger
       from "user" u where u.id in (${ids.map(() => '?').join(',')})`,
      ids,
    );
    for (const r of rows) {
      expect(r.credit_count, `user ${r.id}`).toBe(Number(r.ledger));
      expect(r.credit_count).toBeGreaterThanOrEqual(0);
    }
    const twice = await sql<{ n: number }>(
      `select count(*)::int as n from (select user_id, sign_day from user_sign group by 1, 2 having count(*) > 1) t`,
    );
    expect(twice[0]!.n).toBe(0);
    const signed = await sql<{ n: number }>(
      `select count(*)::int as n from user_sign where user_id in (${members.map(() => '?').join(',')})`,
      members.map((m) => m.id),
    );
    expect(signed[0]!.n).toBe(members.length);
    // Every recharge order fulfilled exactly once, however many notifications arrived.
    const recharged = await sql<{ order_no: string; paid: number; credits: number }>(
      `select o.order_no, (o.status = 2)::int as paid,
              (select count(*)::int from credit_log l where l.reason = 'recharge' and l.ref_key = 'order:' || o.order_no) as credits
       from orders o where o.order_no in (${recharges.map(() => '?').join(',')})`,
      recharges,
    );
    expect(recharged).toHaveLength(recharges.length);
    for (const r of recharged) expect(r.credits).toBe(r.paid);
    expect(recharged.every((r) => r.paid === 1)).toBe(true);
    // Each paid document order paid the uploader exactly once.
    const sold = await sql<{ orders: number; shares: number }>(
      `select (select count(*)::int from orders where order_type = 1 and product_id = ? and status = 2) as orders,
              (select count(*)::int from credit_log where user_id = ? and reason = 'document_sold') as shares`,
      [doc.id, uploader.id],
    );
    expect(sold[0]!.shares).toBe(sold[0]!.orders);
    expect(sold[0]!.orders).toBeGreaterThan(0);
    // Each paid VIP order granted exactly one card and was charged exactly once; no quota was overdrawn.
    const cards = await sql<{ orders: number; records: number; charges: number; overdrawn: number }>(
      `select (select count(*)::int from orders where order_type = 2 and status = 2 and user_id in (${members.map(() => '?').join(',')})) as orders,
              (select count(*)::int from user_vip where order_no in (select order_no from orders where order_type = 2 and status = 2)
                 and user_id in (${members.map(() => '?').join(',')})) as records,
              (select count(*)::int from credit_log where reason = 'order_pay'
                 and ref_key in (select 'order:' || order_no from orders where order_type = 2 and status = 2)
                 and user_id in (${members.map(() => '?').join(',')})) as charges,
              (select count(*)::int from user_vip where download > 0 and download_used > download) as overdrawn`,
      [...members.map((m) => m.id), ...members.map((m) => m.id), ...members.map((m) => m.id)],
    );
    expect(cards[0]!.orders).toBeGreaterThan(0);
    expect(cards[0]!.records).toBe(cards[0]!.orders);
    expect(cards[0]!.charges).toBe(cards[0]!.orders);
    expect(cards[0]!.overdrawn).toBe(0);
    // Cards of one kind follow each other: a card bought while another runs starts when that one ends.
    const overlapping = await sql<{ n: number }>(
      `select count(*)::int as n from (
         select joined_at, lag(expired_at) over (partition by user_id, type order by joined_at, id) as previous_end
         from user_vip where user_id in (${members.map(() => '?').join(',')})) t
       where previous_end is not null and joined_at < previous_end`,
      members.map((m) => m.id),
    );
    expect(overlapping[0]!.n).toBe(0);
    const negative = await sql<{ n: number }>('select count(*)::int as n from "user" where credit_count < 0');
    expect(negative[0]!.n).toBe(0);
  }, 300_000);
});
