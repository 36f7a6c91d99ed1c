import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeDocument } from './testing/factories.ts';
import { type RestClient, startTestServer, type TestServer } from './testing/harness.ts';

/** Reports and punishments against PostgreSQL: each punishment type blocks its action with the reason and the end. */
let server: TestServer;
let admin: RestClient;
let docId: number;
let ownerId: number;

const sql = <T>(q: string, params: unknown[] = []) => server.sql<T>(q, params);

beforeAll(async () => {
  server = await startTestServer({ databaseUrl: inject('databaseUrl'), worker: false });
  admin = await server.api.admin();
  await admin.put('/config', {
    config: [
      { category: 'security', name: 'enable_captcha_comment', value: 'false' },
      { category: 'security', name: 'comment_interval', value: '0' },
    ],
  });
  const owner = await server.api.registerMember('rowner');
  ownerId = owner.id;
  docId = (await makeDocument(server, { title: '被举报的文档', userId: ownerId })).id;
}, 120_000);
afterAll(() => server.close());

describe('reports', () => {
  it('are made once per member and item, listed with the owner, handled with a remark, and can disable the item', async () => {
    const m = await server.api.registerMember('rep');
    expect((await m.client.post('/report', { document_id: docId, reason: 2 })).status).toBe(200);
    const again = await m.client.post<{ message: string }>('/report', { document_id: docId, reason: 3 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('您已举报过当前文档');
    expect((await m.client.post('/report', { document_id: docId, reason: 9 })).status).toBe(400);
    expect((await server.api.post('/report', { document_id: docId, reason: 1 })).status).toBe(401);
    expect((await m.client.get('/report/list')).status).toBe(403);
    const list = await admin.get<{
      report: { id: number; owner_id: number; reason: number; document_title: string }[];
    }>('/report/list', { wd: '被举报' });
    const report = list.body.report.find((r) => r.owner_id === ownerId)!;
    expect(report).toMatchObject({ reason: 2, document_title: '被举报的文档' });
    const handled = await admin.put<{ status: boolean; remark: string }>('/report', {
      id: report.id,
      remark: '已下架',
      disable_item: true,
    });
    expect(handled.body).toMatchObject({ status: true, remark: '已下架' });
    const [doc] = await sql<{ status: number }>('select status from document where id = ?', [docId]);
    expect(doc!.status).toBe(4);
    await sql('update document set status = 2 where id = ?', [docId]);
  });
});

describe('punishments', () => {
  it('block each action they name with the reason and the end, and end when cancelled or expired', async () => {
    const m = await server.api.registerMember('pun');
    const punish = (type: number, end?: string) =>
      admin.post<{ punishment: { id: number; active: boolean }[] }>('/punishment', {
        user_id: [m.id],
        type: [type],
        reason: '违规',
        end_time: end,
      });
    const no = await punish(2, '2099-01-01 00:00:00');
    expect(no.status).toBe(200);
    const comment = await m.client.post<{ message: string }>('/comment', { document_id: docId, content: '你好' });
    expect(comment.status).toBe(403);
    expect(comment.body.message).toMatch(/^您已被禁止评论，原因：违规，解除时间：2099-01-01/);
    // Other actions still work.
    expect((await m.client.post('/favorite', { document_id: docId })).status).toBe(200);
    await punish(5);
    const fav = await m.client.post<{ message: string }>('/report', { document_id: docId, reason: 1 });
    expect(fav.status).toBe(200);
    await sql('delete from favorite where user_id = ?', [m.id]);
    const blocked = await m.client.post<{ message: string }>('/favorite', { document_id: docId });
    expect(blocked.status).toBe(403);
    expect(blocked.body.message).toBe('您已被禁止使用收藏功能，原因：违规（永久）');
    await punish(6);
    expect(
      (await m.client.post<{ message: string }>('/article', { title: '标题', content: '<p>x</p>' })).body.message,
    ).toMatch(/^您已被禁止发布文章/);
    await punish(4);
    expect((await m.client.get<{ message: string }>('/document/download', { id: docId })).body.message).toMatch(
      /^您已被禁止下载文档/,
    );
    await punish(3);
    expect((await m.client.get<{ allowed: boolean }>('/user/caniuploaddocument')).body.allowed).toBe(false);
    // Cancelled: commenting works again.
    const list = await admin.get<{ punishment: { id: number; type: number; active: boolean }[] }>('/punishment/list', {
      user_id: [m.id],
    });
    expect(list.body.punishment).toHaveLength(5);
    const noComment = list.body.punishment.find((p) => p.type === 2)!;
    expect((await admin.put('/punishment/cancel', { id: [noComment.id] })).status).toBe(200);
    expect((await m.client.post('/comment', { document_id: docId, content: '恢复了' })).status).toBe(200);
    // An end time in the past means not punished.
    const no5 = list.body.punishment.find((p) => p.type === 5)!;
    expect((await admin.put('/punishment', { id: no5.id, end_time: '2001-01-01 00:00:00' })).status).toBe(200);
    expect((await m.client.post('/favorite', { document_id: docId })).status).toBe(200);
    expect((await m.client.post('/punishment', { user_id: [m.id], type: [1] })).status).toBe(403);
  });

  it('a disabled account cannot sign in, and its existing token stops working at once', async () => {
    const m = await server.api.registerMember('dis');
    expect((await m.client.get('/favorite/list')).status).toBe(200);
    expect((await admin.post('/punishment', { user_id: [m.id], type: [1], reason: '发广告' })).status).toBe(200);
    expect((await m.client.get('/favorite/list')).status).toBe(401);
    const login = await server.api.post<{ message: string }>('/user/login', {
      username: m.username,
      password: m.password,
    });
    expect(login.status).toBe(403);
    expect(login.body.message).toBe('您的账号已被禁用，原因：发广告（永久）');
    // The root administrator is never punished.
    const root = await admin.post<{ punishment: unknown[] }>('/punishment', { user_id: [1], type: [1] });
    expect(root.body.punishment).toEqual([]);
    expect((await admin.get('/favorite/list')).status).toBe(200);
  });
});

describe('dashboard figures', () => {
  it('counts per day over a range, with totals and today, for administrators only', async () => {
    const today = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    const d = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
    const caller = server.api;
    const anon = await caller.get('/stats');
    expect(anon.status).toBe(200);
    const trpc = async (token: string) =>
      fetch(
        `${server.url}/api/trpc/system.statsTrend?input=${encodeURIComponent(JSON.stringify({ start: d, end: d }))}`,
        {
          headers: token ? { authorization: `Bearer ${token}` } : {},
        },
      );
    expect((await trpc('')).status).toBe(401);
    const res = await trpc(admin.token);
    const body = (await res.json()) as {
      result: {
        data: {
          totals: Record<string, { total: number; today: number }>;
          days: string[];
          series: Record<string, number[]>;
        };
      };
    };
    const data = body.result.data;
    expect(data.days).toEqual([d]);
    expect(data.totals.users!.today).toBeGreaterThanOrEqual(3);
    expect(data.series.users![0]).toBe(data.totals.users!.today);
    expect(data.totals.documents!.total).toBeGreaterThanOrEqual(1);
  });
});
