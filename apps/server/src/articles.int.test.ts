import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RestClient, startTestServer, type TestServer } from './testing/harness.ts';
import { pollUntil, totalOnce } from './testing/poll.ts';

/** Articles end to end against PostgreSQL: rights, sanitizing, review, visibility, search, recycle bin. */
let server: TestServer;
let admin: RestClient;
const marker = `za${Date.now().toString(36)}`;

interface Article {
  id: number;
  identifier: string;
  status: number;
  title: string;
  keywords: string;
  description: string;
  content?: string;
  view_count: number;
  category_id: number[];
}

/** How long the indexer may take to catch up. */
const INDEXED_MS = 20_000;
const until = <T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = INDEXED_MS) => pollUntil(fn, ok, ms);

const searchArticles = (wd: string, type = 1) =>
  server.api.get<{ total: number; document: { id: number; doc_type: number; title: string; description: string }[] }>(
    '/search',
    { wd, type },
  );

let category: number;

beforeAll(async () => {
  server = await startTestServer({ databaseUrl: inject('databaseUrl'), worker: true });
  admin = await server.api.admin();
  category = (await admin.post<{ category: { id: number }[] }>('/category', { title: `文章分类${marker}`, type: 1 }))
    .body.category[0]!.id;
}, 120_000);
afterAll(() => server.close());

describe('articles', () => {
  let article: Article;
  let member: Awaited<ReturnType<RestClient['registerMember']>>;

  it('lets a member publish for review, with the HTML sanitized and keywords and description filled in', async () => {
    member = await server.api.registerMember('art');
    const res = await member.client.post<Article>('/article', {
      title: `量子纠缠入门${marker}`,
      content:
        '<h2>第一节</h2><p onclick="steal()">量子纠缠是一种物理现象。<script>alert(1)</script>' +
        '<img src="x" onerror="alert(2)"><a href="javascript:alert(3)">链接</a><a href="https://example.com" target="_blank">外链</a></p>',
      category_id: [category],
      // Only administrators choose identifiers or notices.
      identifier: 'my-own-slug',
      notice: 5,
    });
    expect(res.status).toBe(200);
    article = res.body;
    expect(article.status).toBe(0);
    expect(article.identifier).toMatch(/^[0-9a-f]{16}$/);
    expect(article.content).toContain('<h2>第一节</h2>');
    expect(article.content).toContain('量子纠缠是一种物理现象。');
    for (const bad of ['<script', 'onclick', 'onerror', 'javascript:', 'alert'])
      expect(article.content).not.toContain(bad);
    expect(article.content).toContain('rel="noopener noreferrer nofollow"');
    expect(article.keywords).toContain('量子');
    expect(article.description.startsWith('第一节 量子纠缠是一种物理现象。')).toBe(true);
    expect(article.category_id).toEqual([category]);
  });

  it('hides a pending article from the public and from search until it is approved', async () => {
    expect((await server.api.get('/article', { identifier: article.identifier })).status).toBe(404);
    expect((await member.client.get('/article', { identifier: article.identifier })).status).toBe(200);
    const list = await server.api.get<{ article: Article[] }>('/article/list', { category_id: [category] });
    expect(list.body.article.map((a) => a.id)).not.toContain(article.id);
    expect((await searchArticles(`量子纠缠 ${marker}`)).body.total).toBe(0);
    expect((await member.client.put('/article/check', { article_id: [article.id], status: 1 })).status).toBe(403);
    expect((await admin.put('/article/check', { article_id: [article.id], status: 1 })).status).toBe(200);
    const got = await server.api.get<Article>('/article', { identifier: article.identifier });
    expect(got.status).toBe(200);
    expect(got.body.view_count).toBe(1);
    const found = await until(
      () => searchArticles(`物理现象 ${marker}`),
      (r) => r.body.total === 1,
    );
    expect(found.body.document[0]).toMatchObject({ id: article.id, doc_type: 1 });
    expect(found.body.document[0]!.description).toContain('<mark>物理现象</mark>');
    // The mixed search and moredoc's article search find it too.
    expect((await searchArticles(`物理现象 ${marker}`, -1)).body.document.map((d) => d.id)).toContain(article.id);
    const old = await server.api.get<{ total: number }>('/article/search', { wd: `物理现象 ${marker}` });
    expect(old.body.total).toBe(1);
  });

  it('guards edits: others are refused, a rejected article returns to review after its author edits it', async () => {
    const other = await server.api.registerMember('art2');
    expect((await other.client.put('/article', { id: article.id, title: '改标题' })).status).toBe(403);
    expect(
      (await admin.put('/article/check', { article_id: [article.id], status: 2, rejeact_reason: '内容太短' })).status,
    ).toBe(200);
    const rejected = await member.client.get<Article & { reject_reason: string }>('/article', { id: article.id });
    expect(rejected.body).toMatchObject({ status: 2, reject_reason: '内容太短' });
    const edited = await member.client.put<Article>('/article', { id: article.id, content: '<p>补充了内容。</p>' });
    expect(edited.status).toBe(200);
    expect(edited.body.status).toBe(0);
    expect(edited.body.identifier).toBe(article.identifier);
    // Out of search while under review again.
    expect((await searchArticles(`物理现象 ${marker}`)).body.total).toBe(0);
    expect((await admin.put('/article/check', { article_id: [article.id], status: 1 })).status).toBe(200);
  });

  it('moves to the recycle bin and back, and out of search meanwhile', async () => {
    const q = `补充 ${marker}`;
    /** The one hit, once the indexer has caught up. */
    const foundOnce = () => totalOnce(() => searchArticles(q), 1, INDEXED_MS);
    expect(await foundOnce()).toBe(1);
    expect((await member.client.delete('/article', { id: [article.id] })).status).toBe(200);
    expect((await searchArticles(q)).body.total).toBe(0);
    expect((await server.api.get('/article', { identifier: article.identifier })).status).toBe(404);
    expect((await member.client.get('/article/recycle/list')).status).toBe(403);
    const bin = await admin.get<{ article: Article[] }>('/article/recycle/list', { wd: marker });
    expect(bin.body.article.map((a) => a.id)).toContain(article.id);
    expect((await admin.post('/article/recycle/restore', { id: [article.id] })).status).toBe(200);
    expect(await foundOnce()).toBe(1);
  });

  it('offers related articles by text, seeded single pages and the index rebuild', async () => {
    const a = await admin.post<Article>('/article', {
      title: `火星探测${marker}`,
      content: '<p>火星探测器 着陆 火星表面 岩石样本 火星大气</p>',
      category_id: [category],
    });
    const b = await admin.post<Article>('/article', {
      title: `火星大气研究${marker}`,
      content: '<p>火星大气 火星表面 探测器 数据</p>',
      category_id: [category],
    });
    expect(a.body.status).toBe(1);
    await until(
      () => searchArticles(`火星 ${marker}`),
      (r) => r.body.total === 2,
    );
    const related = await server.api.get<{ article: Article[] }>('/article/related', { identifier: a.body.identifier });
    expect(related.status).toBe(200);
    expect(related.body.article[0]?.id).toBe(b.body.id);
    const pages = await admin.get<{ article: Article[] }>('/article/list', { is_page: [true], size: 100 });
    expect(pages.body.article.map((p) => p.identifier)).toEqual(expect.arrayContaining(['about', 'help']));
    expect(pages.body.article.every((p) => !/^[0-9a-f]{16}$/.test(p.identifier))).toBe(true);
    const about = await server.api.get<Article>('/article', { identifier: 'about' });
    expect(about.status).toBe(200);
    expect(about.body.title).toBe('关于我们');
    // Approved articles are in the site map; pending ones are not.
    expect((await admin.put('/sitemap')).status).toBe(200);
    const map = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(map).toContain(`/article/${a.body.identifier}</loc>`);
    expect(map).toContain('/article/about</loc>');
    const rebuild = await admin.put<{ total: number }>('/article/index');
    expect(rebuild.status).toBe(200);
    expect(rebuild.body.total).toBeGreaterThanOrEqual(3);
    expect((await member.client.put('/article/index')).status).toBe(403);
    const can = await member.client.get<{ allowed: boolean }>('/user/canipublisharticle');
    expect(can.body.allowed).toBe(true);
  });
});
