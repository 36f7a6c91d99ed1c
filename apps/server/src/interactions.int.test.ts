import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeDocument } from './testing/factories.ts';
import { RestClient, startTestServer, type TestServer } from './testing/harness.ts';
import { balanceOf, ledgerSumOf } from './testing/ledger.ts';

/** Favourites and comments against PostgreSQL: rules, counters, awards with their daily limits, permissions. */
let server: TestServer;
let admin: RestClient;
let uploader: Awaited<ReturnType<RestClient['registerMember']>>;
let docId: number;

const sql = <T>(q: string, params: unknown[] = []) => server.sql<T>(q, params);
const balance = (userId: number) => balanceOf(server, userId);
const ledgerSum = (userId: number) => ledgerSumOf(server, userId);
const setConfig = (category: string, name: string, value: string) =>
  admin.put('/config', { config: [{ category, name, value }] });

beforeAll(async () => {
  server = await startTestServer({ databaseUrl: inject('databaseUrl'), worker: false });
  admin = await server.api.admin();
  await setConfig('security', 'enable_captcha_comment', 'false');
  await setConfig('security', 'comment_interval', '0');
  await setConfig('score', 'document_collected', '2');
  await setConfig('score', 'document_collected_limit', '1');
  await setConfig('score', 'document_commented', '3');
  await setConfig('score', 'document_commented_limit', '2');
  uploader = await server.api.registerMember('owner');
  docId = (await makeDocument(server, { title: '互动测试文档', userId: uploader.id })).id;
}, 120_000);
afterAll(() => server.close());

describe('favourites', () => {
  it('adds once, counts, awards the uploader once within the daily limit, and removes', async () => {
    const a = await server.api.registerMember('fa');
    const before = await balance(uploader.id);
    const res = await a.client.post<{ id: number; document_id: number }>('/favorite', { document_id: docId, type: 0 });
    expect(res.status).toBe(200);
    expect((await a.client.post<{ message: string }>('/favorite', { document_id: docId })).body.message).toBe(
      '您已经收藏过了',
    );
    expect(await balance(uploader.id)).toBe(before + 2);
    const got = await a.client.get<{ id?: number }>('/favorite', { document_id: docId, type: 0 });
    expect(got.body.id).toBe(res.body.id);
    const list = await a.client.get<{ total: number; favorite: { document_id: number; title: string }[] }>(
      '/favorite/list',
      { type: 0 },
    );
    expect(list.body.favorite[0]).toMatchObject({ document_id: docId, title: '互动测试文档' });
    // Removing and adding again, or a second member on the same day (limit 1): no new award.
    expect((await a.client.delete('/favorite', { id: [res.body.id] })).status).toBe(200);
    expect((await a.client.post('/favorite', { document_id: docId })).status).toBe(200);
    const b = await server.api.registerMember('fb');
    expect((await b.client.post('/favorite', { document_id: docId })).status).toBe(200);
    expect(await balance(uploader.id)).toBe(before + 2);
    expect(await ledgerSum(uploader.id)).toBe(await balance(uploader.id));
    const [doc] = await sql<{ favorite_count: number }>('select favorite_count from document where id = ?', [docId]);
    expect(doc!.favorite_count).toBe(2);
    expect((await server.api.post('/favorite', { document_id: docId })).status).toBe(401);
    expect((await b.client.post('/favorite', { document_id: 999_999_999 })).status).toBe(404);
    expect((await b.client.delete('/favorite', { id: [res.body.id] })).status).toBe(404);
  });

  it('never pays more than the daily limit under parallel favourites', async () => {
    await sql("delete from credit_log where reason = 'document_collected' and user_id = ?", [uploader.id]);
    await sql(
      'update "user" set credit_count = (select coalesce(sum(delta), 0) from credit_log where user_id = ?) where id = ?',
      [uploader.id, uploader.id],
    );
    await setConfig('score', 'document_collected_limit', '3');
    const members = await Promise.all(Array.from({ length: 10 }, (_, i) => server.api.registerMember(`pf${i}`)));
    const before = await balance(uploader.id);
    const results = await Promise.all(members.map((m) => m.client.post('/favorite', { document_id: docId })));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await balance(uploader.id)).toBe(before + 3 * 2);
    expect(await ledgerSum(uploader.id)).toBe(await balance(uploader.id));
  });
});

describe('comments', () => {
  it('waits for approval per group, shows the author their pending comment, and awards within the limit', async () => {
    const a = await server.api.registerMember('ca');
    const before = await balance(uploader.id);
    const c1 = await a.client.post<{ id: number; status: number }>('/comment', {
      document_id: docId,
      content: '写得很好<script>x</script>',
    });
    expect(c1.status).toBe(200);
    expect(c1.body.status).toBe(0);
    const pub = await server.api.get<{ comment: { id: number }[] }>('/comment/list', { document_id: docId });
    expect(pub.body.comment.map((c) => c.id)).not.toContain(c1.body.id);
    const mine = await a.client.get<{ comment: { id: number; content: string }[] }>('/comment/list', {
      document_id: docId,
    });
    expect(mine.body.comment.find((c) => c.id === c1.body.id)?.content).toBe('写得很好<script>x</script>');
    expect((await a.client.post('/comment/check', { id: [c1.body.id], status: 1 })).status).toBe(403);
    expect((await admin.post('/comment/check', { id: [c1.body.id], status: 1 })).status).toBe(200);
    const after = await server.api.get<{ comment: { id: number }[] }>('/comment/list', { document_id: docId });
    expect(after.body.comment.map((c) => c.id)).toContain(c1.body.id);
    // A reply; a reply to a comment of another item is refused.
    const reply = await a.client.post<{ parent_id: number }>('/comment', {
      document_id: docId,
      parent_id: c1.body.id,
      content: '补充一句',
    });
    expect(reply.body.parent_id).toBe(c1.body.id);
    expect((await a.client.post('/comment', { document_id: docId, parent_id: 999_999_999, content: 'x' })).status).toBe(
      400,
    );
    await a.client.post('/comment', { document_id: docId, content: '第三条' });
    // Limit 2 a day: three comments, two awards of 3.
    expect(await balance(uploader.id)).toBe(before + 6);
    expect((await server.api.post('/comment', { document_id: docId, content: 'x' })).status).toBe(401);
    expect((await a.client.post<{ message: string }>('/comment', { document_id: docId, content: '  ' })).status).toBe(
      400,
    );
  });

  it('enforces the interval between comments and lets only authors and administrators delete', async () => {
    await setConfig('security', 'comment_interval', '60');
    const b = await server.api.registerMember('cb');
    const first = await b.client.post<{ id: number }>('/comment', { document_id: docId, content: '第一条' });
    expect(first.status).toBe(200);
    const fast = await b.client.post<{ message: string }>('/comment', { document_id: docId, content: '第二条' });
    expect(fast.status).toBe(429);
    expect(fast.body.message).toMatch(/^您的评论太快了，请等待 \d+ 秒后再试$/);
    await setConfig('security', 'comment_interval', '0');
    const c = await server.api.registerMember('cc');
    expect((await c.client.delete('/comment', { id: [first.body.id] })).status).toBe(404);
    const [before] = await sql<{ comment_count: number }>('select comment_count from document where id = ?', [docId]);
    expect((await b.client.delete('/comment', { id: [first.body.id] })).status).toBe(200);
    const [after] = await sql<{ comment_count: number }>('select comment_count from document where id = ?', [docId]);
    expect(after!.comment_count).toBe(before!.comment_count - 1);
    // Feeds: the commenter's own lines, the uploader's award line; a visitor sees another member's uploads only.
    const feed = await b.client.get<{ dynamic: { content: string; type: number }[] }>('/user/dynamic');
    expect(feed.body.dynamic[0]?.content).toMatch(/^评论了文档《<a href="\/document\/[0-9a-f]+">互动测试文档<\/a>》$/);
    const owner = await uploader.client.get<{ dynamic: { content: string }[] }>('/user/dynamic', { size: 50 });
    expect(owner.body.dynamic.some((d) => d.content.includes('被评论了，获得 3 '))).toBe(true);
    expect(owner.body.dynamic.some((d) => d.content.includes('被收藏，获得 2 '))).toBe(true);
    // Issue 20: the same lines in the reader's language (Accept-Language, as the web app sends it).
    const english = new RestClient(server.url, b.client.token, { 'accept-language': 'en' });
    const enFeed = await english.get<{ dynamic: { content: string }[] }>('/user/dynamic');
    expect(enFeed.body.dynamic[0]?.content).toMatch(
      /^Commented on the document “<a href="\/document\/[0-9a-f]+">互动测试文档<\/a>”$/,
    );
    const enOwner = new RestClient(server.url, uploader.client.token, { 'accept-language': 'en' });
    const enLines = (await enOwner.get<{ dynamic: { content: string }[] }>('/user/dynamic', { size: 50 })).body.dynamic;
    expect(enLines.some((d) => / received a comment, earning 3 /.test(d.content))).toBe(true);
    expect(enLines.some((d) => / was added to someone's favourites, earning 2 /.test(d.content))).toBe(true);
    // Nothing left in Chinese but the titles and the site's own name for its credits (a setting).
    const worded = (c: string) => c.replace(/<a [^>]*>.*?<\/a>/g, '').replace(/魔豆/g, '');
    expect(enLines.filter((d) => /[\u4e00-\u9fff]/.test(worded(d.content)))).toEqual([]);
    // A line written before events were kept (no event) reads as it was written, in either language.
    await sql('insert into dynamic (user_id, type, content) values (?, 1, ?)', [b.id, '旧的动态《测试》']);
    const old = await english.get<{ dynamic: { content: string }[] }>('/user/dynamic');
    expect(old.body.dynamic[0]?.content).toBe('旧的动态《测试》');
    const visitor = await server.api.get<{ dynamic: { type: number }[] }>('/user/dynamic', { user_id: b.id });
    expect(visitor.body.dynamic).toEqual([]);
    expect((await server.api.get('/user/dynamic')).status).toBe(401);
    const listed = await admin.get<{ total: number; comment: { document_title?: string }[] }>('/comment/list', {
      with_document_title: true,
      type: [0],
    });
    expect(listed.body.comment[0]?.document_title).toBeTruthy();
  });
});
