import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DocumentStatus } from '@wenku/shared';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeDocument } from './testing/factories.ts';
import { type RestClient, startTestServer, type TestServer } from './testing/harness.ts';

let server: TestServer;
let admin: RestClient;
const dist = mkdtempSync(join(tmpdir(), 'wenku-dist-'));
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
);

const page = async (path: string) => {
  const res = await fetch(`${server.url}${path}`);
  return { status: res.status, html: await res.text() };
};
const setSsr = (name: string, value: string) => admin.put('/config', { config: [{ category: 'ssr', name, value }] });

beforeAll(async () => {
  server = await startTestServer({ databaseUrl: inject('databaseUrl'), webDist: dist });
  admin = await server.api.admin();
  await setSsr('cache_seconds', '0');
});
afterAll(async () => {
  await setSsr('cache_seconds', '60');
  await setSsr('enable', 'true');
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('server-rendered public pages', () => {
  it('renders the title from settings and the home text with navigation and categories', async () => {
    const title = `分类${Date.now()}`;
    await admin.post('/category', { title });
    const home = await page('/');
    expect(home.status).toBe(200);
    expect(home.html).toMatch(/<title>[^<]+<\/title>/);
    expect(home.html).toContain('<a href="/category">文库资料</a>');
    expect(home.html).toContain(title);
  });

  it('never caches a not-found page and drops a cached page when its document is approved, edited or deleted', async () => {
    await setSsr('cache_seconds', '600');
    try {
      const sql = <T>(q: string, params: unknown[] = []) => server.sql<T>(q, params);
      const doc = await makeDocument(server, { title: '待审文档甲', status: DocumentStatus.PendingReview, pages: 2 });
      const path = `/document/${doc.uuid}`;
      // Pending review: not found, twice (a cached 404 would outlive the approval).
      expect((await page(path)).status).toBe(404);
      expect((await page(path)).status).toBe(404);
      expect((await admin.put('/document/check', { id: [doc.id], status: 2 })).status).toBe(200);
      const approved = await page(path);
      expect(approved.status).toBe(200);
      expect(approved.html).toContain('待审文档甲');
      // Cached now; an edit drops it at once.
      expect((await page(path)).html).toContain('待审文档甲');
      expect((await admin.put('/document', { id: doc.id, title: '改过的文档乙' })).status).toBe(200);
      const edited = await page(path);
      expect(edited.html).toContain('改过的文档乙');
      expect(edited.html).not.toContain('待审文档甲');
      // A view counted is no change to the page: the cached page stays (same bytes, no new paint).
      await sql('update document set view_count = view_count + 1 where id = ?', [doc.id]);
      expect((await page(path)).html).toBe(edited.html);
      expect((await admin.delete('/document', { id: doc.id })).status).toBe(200);
      expect((await page(path)).status).toBe(404);
    } finally {
      await setSsr('cache_seconds', '0');
    }
  });

  it("counts a view of an article's page served from the cache, whose render (which counts it) was skipped", async () => {
    await setSsr('cache_seconds', '600');
    try {
      const views = async () =>
        (await server.sql<{ view_count: number }>(`select view_count from article where identifier = 'about'`))[0]
          ?.view_count ?? 0;
      expect((await page('/article/about')).status).toBe(200);
      const before = await views();
      // Served from the cache twice (this test server paints no app, so its render counted nothing).
      expect((await page('/article/about')).status).toBe(200);
      expect((await page('/article/about')).status).toBe(200);
      // Written together a moment later (one UPDATE for a flood of one page).
      await expect.poll(views, { timeout: 5000 }).toBe(before + 2);
      // A HEAD asks for no page to read; the list of articles is no article's view.
      await fetch(`${server.url}/article/about`, { method: 'HEAD' });
      await page('/article');
      await page('/article');
      await new Promise((r) => setTimeout(r, 1200));
      expect(await views()).toBe(before + 2);
    } finally {
      await setSsr('cache_seconds', '0');
    }
  });

  it("drops cached pages when what they carry changes (comments, ads, banners, friend links, a member's card), not on a login", async () => {
    const sql = <T>(q: string, params: unknown[] = []) => server.sql<T>(q, params);
    const version = async () =>
      (await sql<{ v: string }>(`select last_value::text || ':' || is_called::text as v from wenku_pages_version`))[0]
        ?.v;
    /** Whether `write` raised the version cached pages are kept under. */
    const bumps = async (write: () => Promise<unknown>) => {
      const before = await version();
      await write();
      return (await version()) !== before;
    };
    const doc = await makeDocument(server, { title: '评论文档', status: DocumentStatus.Converted, pages: 1 });
    const [member] = await sql<{ id: number }>(`select id from "user" order by id limit 1`);
    const userId = member?.id ?? 1;
    const newcomer = (await server.api.registerMember('cache')).id;
    const comment = (status: number) =>
      sql(
        `insert into comment (document_id, type, user_id, content, status, created_at, updated_at)
         values (?, 0, ?, '缓存里的评论', ${status}, now(), now())`,
        [doc.id, userId],
      );
    const ours = `document_id = ${doc.id} and content like '缓存里的评论%'`;
    /** Each write, and whether a painted page shows what it changes. */
    const writes: [string, () => Promise<unknown>, boolean][] = [
      // The reading page paints the approved comments: one awaiting review (or rejected) shows nowhere, so a member
      // posting one after another cannot make every visitor's page be painted anew.
      ['a pending comment posted', () => comment(0), false],
      ['a pending comment deleted', () => sql(`delete from comment where ${ours}`), false],
      ['a comment posted awaiting review', () => comment(0), false],
      ['that comment approved', () => sql(`update comment set status = 1 where ${ours}`), true],
      ['an approved comment edited', () => sql(`update comment set content = content || '!' where ${ours}`), true],
      ['an approved comment deleted', () => sql(`delete from comment where ${ours}`), true],
      ['an approved comment posted', () => comment(1), true],
      ['an approved comment rejected', () => sql(`update comment set status = 2 where ${ours}`), true],
      ['a rejected comment deleted', () => sql(`delete from comment where ${ours}`), false],
      // Every page paints its advertisements; the home page its banners and friend links.
      [
        'an advertisement added',
        () =>
          sql(`insert into advertisement (position, title, content, created_at, updated_at)
               values ('global_top', '缓存里的广告', '<p>ad</p>', now(), now())`),
        true,
      ],
      ['an advertisement deleted', () => sql(`delete from advertisement where title = '缓存里的广告'`), true],
      [
        'a banner added',
        () =>
          sql(`insert into banner (title, path, created_at, updated_at)
               values ('缓存里的横幅', '/uploads/b.png', now(), now())`),
        true,
      ],
      ['a banner deleted', () => sql(`delete from banner where title = '缓存里的横幅'`), true],
      [
        'a friend link added',
        () =>
          sql(`insert into friendlink (title, link, created_at, updated_at)
               values ('缓存里的链接', 'https://example.com', now(), now())`),
        true,
      ],
      ['a friend link disabled', () => sql(`update friendlink set enable = false where title = '缓存里的链接'`), true],
      ['a friend link deleted', () => sql(`delete from friendlink where title = '缓存里的链接'`), true],
      // The uploader's card shows their name, avatar and counts; signing in or earning credits shows nowhere.
      [
        'a document counted on the card',
        () => sql(`update "user" set doc_count = doc_count + 1 where id = ?`, [userId]),
        true,
      ],
      [
        'a login and credits',
        () =>
          sql(
            `update "user" set login_at = now(), last_login_ip = '203.0.113.9', credit_count = credit_count + 1 where id = ?`,
            [userId],
          ),
        false,
      ],
      ['an avatar changed', () => sql(`update "user" set avatar = avatar || '#v2' where id = ?`, [userId]), true],
      // A member with nothing published shows beside nothing painted (their own page may lag by the cache's minute):
      // changing their card again and again cannot have every visitor's page painted anew.
      [
        'the avatar of a member with nothing published',
        () => sql(`update "user" set avatar = avatar || '#v2', signature = 'x' where id = ?`, [newcomer]),
        false,
      ],
      [
        'the avatar back',
        () => sql(`update "user" set avatar = replace(avatar, '#v2', '') where id = ?`, [userId]),
        true,
      ],
    ];
    for (const [what, write, shown] of writes) expect(await bumps(write), what).toBe(shown);
    await sql(`update "user" set doc_count = doc_count - 1 where id = ?`, [userId]);
  });

  it("renders a member's page and answers 404 for an unknown member", async () => {
    const { username, id } = await server.api.registerMember('ssr');
    const user = await page(`/user/${id}`);
    expect(user.html).toContain(`<title>[个人主页] ${username} - `);
    expect(user.html).toContain(`<h1>${username}</h1>`);
    expect((await page('/user/987654321')).status).toBe(404);
    expect((await page('/login')).html).toContain('<title>用户登录 - ');
    const unknown = await page('/no/such/page');
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain('<title>404 - 页面未找到 - ');
    expect((await page('/me/profile')).status).toBe(200);
    expect((await page('/admin/config/system')).status).toBe(200);
    expect((await fetch(`${server.url}/assets/missing-abc123.js`)).status).toBe(404);
  });

  it('serves a document page a crawler can read: title, description, canonical, OpenGraph, JSON-LD and the text', async () => {
    const doc = await makeDocument(server, {
      title: '爬虫可读的文档 <b>',
      description: '一段摘要',
      pages: 3,
      content: '正文的开头部分 body text',
    });
    const res = await page(`/document/${doc.uuid}`);
    expect(res.status).toBe(200);
    expect(res.html).toContain('<title>爬虫可读的文档 &lt;b&gt; - ');
    expect(res.html).toContain('<meta name="description" content="一段摘要">');
    expect(res.html).toMatch(new RegExp(`<link rel="canonical" href="http://[^"]+/document/${doc.uuid}">`));
    expect(res.html).toContain('<meta property="og:type" content="article">');
    expect(res.html).toContain('正文的开头部分 body text');
    const ld = [...res.html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1] ?? '{}'),
    );
    expect(ld[0]).toMatchObject({ '@type': 'DigitalDocument', name: '爬虫可读的文档 <b>', numberOfPages: 3 });
    expect(ld[1]['@type']).toBe('BreadcrumbList');
    // The raw `<b>` never appears unescaped, even inside the JSON-LD.
    expect(res.html).not.toContain('文档 <b>');
    expect((await page('/document/ffffffffffffffff')).status).toBe(404);
  });

  it('serves an article page with its sanitized content and Article JSON-LD, and robots.txt', async () => {
    const res = await page('/article/about');
    expect(res.status).toBe(200);
    expect(res.html).toContain('<title>关于我们 - ');
    expect(res.html).toContain('请输入【关于我们】的内容');
    expect(res.html).toContain('"@type":"Article"');
    expect((await page('/article/no-such-page')).status).toBe(404);
    const robots = await fetch(`${server.url}/robots.txt`);
    const text = await robots.text();
    expect(text).toContain('Disallow: /admin');
    expect(text).toMatch(/Sitemap: http:\/\/[^\s]+\/sitemap\.xml/);
  });

  it('escapes what members write', async () => {
    const { client, id } = await server.api.registerMember('xss');
    await client.put('/user/profile', { signature: '<script>alert(1)</script>' });
    const html = (await page(`/user/${id}`)).html;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;');
  });

  it('keeps only the head when server-side text is turned off', async () => {
    await setSsr('enable', 'false');
    const home = await page('/');
    expect(home.html).toContain('<div id="root"></div>');
    await setSsr('enable', 'true');
  });
});
