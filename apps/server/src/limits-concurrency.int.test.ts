import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeDocument } from './testing/factories.ts';
import { countStatus, type RestClient, startTestServer, type TestServer, uniqueAddress } from './testing/harness.ts';
import { balanceOf, ledgerSumOf } from './testing/ledger.ts';

/**
 * Every daily limit under a burst of parallel requests ("keep them closed", issue 15): the free-download limits per
 * member and per address, a VIP card's daily cap and its exclusive quota, and the daily sign-in award. Each burst
 * must let exactly the limit through, and every balance must still equal its ledger.
 */
let server: TestServer;
let admin: RestClient;
let restoreConfig: () => Promise<void>;

const BURST = 30;
const sql = <T>(q: string, params: unknown[] = []) => server.sql<T>(q, params);
const burst = <T>(n: number, call: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => call(i)));

beforeAll(async () => {
  server = await startTestServer({ databaseUrl: inject('databaseUrl'), worker: false });
  admin = await server.api.admin();
  restoreConfig = await server.snapshotConfig();
  await admin.putConfig({
    'score.sign_in': '3',
    'vip.enable': 'true',
    'download.free_download_duration': '0',
    'download.times_every_day': '100000',
    'download.times_every_ip': '100000',
  });
}, 120_000);
afterAll(async () => {
  await restoreConfig?.();
  await server.close();
});

/** A converted document of `owner` (no file is needed to hand out a download link). */
async function insertDocument(owner: number, price: number, isVip = false): Promise<number> {
  return (await makeDocument(server, { title: '并发下载', userId: owner, price, isVip })).id;
}

/** A monthly VIP card held right now, with its exclusive quota and its daily download cap (0 = unlimited). */
async function giveVipCard(userId: number, quota: number, perDay: number) {
  await sql(
    `insert into user_vip (user_id, type, discount, download, download_used, times, joined_at, expired_at, order_no)
     values (?, 2, 100, ?, 0, ?, now() - interval '1 hour', now() + interval '30 days', ?)`,
    [userId, quota, perDay, `test${Date.now()}${Math.random().toString(36).slice(2, 8)}`],
  );
  await sql(`update "user" set vip_expired_at = now() + interval '30 days' where id = ?`, [userId]);
}

const downloadsOf = async (userId: number) =>
  (await sql<{ n: number }>('select count(*)::int as n from download where user_id = ?', [userId]))[0]?.n ?? 0;

describe('download limits under parallel requests', () => {
  it("holds a member's daily limit exactly, charging once for the document bought", async () => {
    await admin.putConfig({ 'download.times_every_day': '5' });
    try {
      const uploader = await server.api.registerMember('cdu');
      const paid = await insertDocument(uploader.id, 1);
      const m = await server.api.registerMember('cdl');
      const client = m.client.fromAddress(uniqueAddress());
      const results = await burst(BURST, () => client.get<{ message?: string }>('/document/download', { id: paid }));
      expect(countStatus(results, 200)).toBe(5);
      expect(countStatus(results, 403)).toBe(BURST - 5);
      expect(results.find((r) => r.status === 403)?.body.message).toBe('您的账户今日下载次数已达上限(5)');
      expect(await downloadsOf(m.id)).toBe(5);
      for (const id of [m.id, uploader.id]) expect(await balanceOf(server, id)).toBe(await ledgerSumOf(server, id));
      // The first download bought the document; the others re-download the purchase free (for good with 0 days).
      expect(await balanceOf(server, m.id)).toBe(10 - 1);
    } finally {
      await admin.putConfig({ 'download.times_every_day': '100000' });
    }
  });

  it("holds an address's daily limit across many members", async () => {
    await admin.putConfig({ 'download.times_every_ip': '5' });
    try {
      const uploader = await server.api.registerMember('cdu');
      const free = await insertDocument(uploader.id, 0);
      const address = uniqueAddress();
      const members = await Promise.all(Array.from({ length: 10 }, (_, i) => server.api.registerMember(`cdi${i}`)));
      const results = await burst(BURST, (i) =>
        members[i % members.length]!.client.fromAddress(address).get<{ message?: string }>('/document/download', {
          id: free,
        }),
      );
      expect(countStatus(results, 200)).toBe(5);
      expect(countStatus(results, 403)).toBe(BURST - 5);
      expect(results.find((r) => r.status === 403)?.body.message).toBe('您所在IP今日下载次数已达上限(5)');
      const rows = await sql<{ n: number }>('select count(*)::int as n from download where ip = ?', [address]);
      expect(rows[0]?.n).toBe(5);
    } finally {
      await admin.putConfig({ 'download.times_every_ip': '100000' });
    }
  });

  it("holds a VIP card's daily cap and its exclusive quota", async () => {
    const uploader = await server.api.registerMember('cdu');
    const free = await insertDocument(uploader.id, 0);
    const capped = await server.api.registerMember('cdv');
    await giveVipCard(capped.id, 0, 4);
    const capResults = await burst(BURST, () =>
      capped.client.fromAddress(uniqueAddress()).get('/document/download', { id: free }),
    );
    expect(countStatus(capResults, 200)).toBe(4);
    expect(countStatus(capResults, 403)).toBe(BURST - 4);
    expect(await downloadsOf(capped.id)).toBe(4);

    const vipDocs = await Promise.all(Array.from({ length: BURST }, () => insertDocument(uploader.id, 5, true)));
    const holder = await server.api.registerMember('cdq');
    await giveVipCard(holder.id, 3, 0);
    const client = holder.client.fromAddress(uniqueAddress());
    const results = await burst(BURST, (i) =>
      client.get<{ message?: string }>('/document/download/vip', { id: vipDocs[i] }),
    );
    expect(countStatus(results, 200)).toBe(3);
    expect(
      results.filter((r) => r.status === 403).every((r) => r.body.message === '您的VIP专享免费下载次数已用完'),
    ).toBe(true);
    const [card] = await sql<{ download_used: number }>('select download_used from user_vip where user_id = ?', [
      holder.id,
    ]);
    expect(card?.download_used).toBe(3);
    expect(await downloadsOf(holder.id)).toBe(3);
    expect(await balanceOf(server, holder.id)).toBe(await ledgerSumOf(server, holder.id));
  });
});

describe('the daily sign-in award under parallel requests', () => {
  it('awards once, whatever the burst, the balance equal to the ledger', async () => {
    const members = await Promise.all([1, 2, 3].map((i) => server.api.registerMember(`csa${i}`)));
    const before = await Promise.all(members.map((m) => balanceOf(server, m.id)));
    const results = await burst(BURST, (i) => members[i % members.length]!.client.put<{ award: number }>('/user/sign'));
    expect(countStatus(results, 200)).toBe(members.length);
    expect(countStatus(results, 409)).toBe(BURST - members.length);
    for (const [i, m] of members.entries()) {
      expect(await balanceOf(server, m.id)).toBe((before[i] ?? 0) + 3);
      expect(await ledgerSumOf(server, m.id)).toBe(await balanceOf(server, m.id));
      const rows = await sql<{ n: number }>('select count(*)::int as n from user_sign where user_id = ?', [m.id]);
      expect(rows[0]?.n).toBe(1);
    }
  });
});
