import { DocumentStatus } from '@wenku/shared';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeDocument, makeDownload } from './testing/factories.ts';
import { type RestClient, startTestServer, type TestServer } from './testing/harness.ts';

/**
 * Issue 16: what the MOREDOC Pro front end sends and reads, call by call, where Wenku answered with the wrong meaning
 * or shape. Every document and article carries this run's marker word, so other tests' data never counts.
 */
let server: TestServer;
let admin: RestClient;
let restoreConfig: () => Promise<void>;
const marker = `mc${Date.now().toString(36)}`;

interface Member {
  client: RestClient;
  username: string;
  password: string;
  id: number;
}
let owner: Member;
let category: number;

/** A document row as the converter would leave it, with its extracted text; returns its id. */
async function insertDocument(d: {
  userId: number;
  title: string;
  content?: string;
  status?: DocumentStatus;
  language?: string;
  price?: number;
}): Promise<{ id: number; uuid: string }> {
  const row = await makeDocument(server, {
    ...d,
    content: d.content ?? d.title,
    pages: 3,
    preview: 3,
    size: 1234,
    categoryIds: [category],
  });
  await server.sql('update "user" set doc_count = doc_count + 1 where id = ?', [d.userId]);
  return row;
}

/** A request with headers of its own (language, a bad token) outside the harness client. */
async function raw(path: string, init: RequestInit = {}) {
  const res = await fetch(`${server.url}${path}`, init);
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text);
  } catch {
    body = { text };
  }
  return { status: res.status, body, contentType: res.headers.get('content-type') ?? '' };
}

beforeAll(async () => {
  server = await startTestServer({ databaseUrl: inject('databaseUrl') });
  restoreConfig = await server.snapshotConfig();
  admin = await server.api.admin();
  owner = await server.api.registerMember('mco');
  const cat = await admin.post<{ category: { id: number }[] }>('/category', { title: `兼容${marker}` });
  category = cat.body.category[0]!.id;
});
afterAll(async () => {
  await restoreConfig();
  await server.close();
});

describe('1. search with language=all', () => {
  it('treats language=all and an empty language as no filter (the Pro search page always sends one)', async () => {
    await insertDocument({ userId: owner.id, title: `${marker} 语言测试`, language: 'zh-CN' });
    expect((await admin.put('/document/index')).status).toBe(200);
    for (const language of ['all', '']) {
      for (const path of ['/search', '/document/search']) {
        const res = await server.api.get<{ total: number; document: { title: string }[] }>(path, {
          wd: marker,
          language,
        });
        expect(res.status, `${path} language=${language}`).toBe(200);
        expect(res.body.total, `${path} language=${language}`).toBeGreaterThan(0);
      }
      const list = await server.api.get<{ total: number }>('/document/list', {
        category_id: category,
        language,
      });
      expect(list.body.total, `/document/list language=${language}`).toBeGreaterThan(0);
    }
    const other = await server.api.get<{ total: number }>('/search', { wd: marker, language: 'en' });
    expect(other.body.total).toBe(0);
  });
});

describe('2. the document page by numeric id', () => {
  it('finds a document from id=N&uuid=N, and still by its uuid', async () => {
    const doc = await insertDocument({ userId: owner.id, title: `${marker} 数字ID` });
    const byId = await server.api.get<{ id: number }>('/document', { id: doc.id, uuid: String(doc.id) });
    expect(byId.status).toBe(200);
    expect(byId.body.id).toBe(doc.id);
    const byUuid = await server.api.get<{ id: number }>('/document', { uuid: doc.uuid });
    expect(byUuid.body.id).toBe(doc.id);
    const both = await server.api.get<{ id: number }>('/document', { id: doc.uuid, uuid: doc.uuid });
    expect(both.status).toBe(200);
    expect(both.body.id).toBe(doc.id);
  });
});

describe('3. uploader and author cards', () => {
  const counters = ['doc_count', 'follow_count', 'fans_count', 'favorite_count', 'comment_count', 'article_count'];

  it('GET /document?with_author=true carries the uploader as a user object with its counters', async () => {
    const doc = await insertDocument({ userId: owner.id, title: `${marker} 作者` });
    const res = await server.api.get<{ user?: Record<string, unknown> }>('/document', {
      id: doc.id,
      with_author: true,
    });
    expect(res.body.user).toMatchObject({ id: owner.id, username: owner.username });
    expect(typeof res.body.user?.avatar).toBe('string');
    expect(typeof res.body.user?.signature).toBe('string');
    for (const k of counters) expect(typeof res.body.user?.[k], k).toBe('number');
    expect(res.body.user?.doc_count).toBeGreaterThan(0);
  });

  it("an article's user carries the counters the user card shows", async () => {
    const created = await admin.post<{ id: number; identifier: string }>('/article', {
      title: `${marker} 文章作者`,
      content: '<p>内容</p>',
    });
    const res = await server.api.get<{ user?: Record<string, unknown> }>('/article', {
      identifier: created.body.identifier,
    });
    for (const k of counters) expect(typeof res.body.user?.[k], k).toBe('number');
    const list = await server.api.get<{ article: { user?: Record<string, unknown> }[] }>('/article/list', {
      wd: marker,
    });
    for (const a of list.body.article) expect(typeof a.user?.doc_count).toBe('number');
  });
});

describe('4. settings leave out empty values (omitempty)', () => {
  it('sends no empty list, empty text, false or zero in any group, so a present list always means something', async () => {
    await admin.putConfig({ 'security.document_allowed_ext': '', 'system.recommend_words': '' });
    const res = await server.api.get<Record<string, unknown>>('/settings');
    expect(res.status).toBe(200);
    const security = res.body.security as Record<string, unknown>;
    expect('document_allowed_ext' in security).toBe(false);
    expect('recommend_words' in (res.body.system as Record<string, unknown>)).toBe(false);
    for (const [group, values] of Object.entries(res.body)) {
      if (Array.isArray(values)) continue;
      for (const [key, v] of Object.entries(values as Record<string, unknown>)) {
        const empty = v === '' || v === false || v === 0 || v === null || (Array.isArray(v) && v.length === 0);
        expect(empty, `${group}.${key} = ${JSON.stringify(v)}`).toBe(false);
      }
    }
    await admin.putConfig({ 'security.document_allowed_ext': '.pdf,.docx', 'system.recommend_words': '文库, 资料' });
    const set = await server.api.get<{ security: Record<string, unknown>; system: Record<string, unknown> }>(
      '/settings',
    );
    expect(set.body.security.document_allowed_ext).toEqual(['.pdf', '.docx']);
    expect(set.body.system.recommend_words).toEqual(['文库', '资料']);
  });
});

describe('5. owners edit their documents', () => {
  it('accepts the unchanged status the edit form re-sends; a real change stays for administrators', async () => {
    const doc = await insertDocument({ userId: owner.id, title: `${marker} 编辑` });
    const edit = await owner.client.put<{ title: string; status: number }>('/document', {
      id: doc.id,
      title: `${marker} 已编辑`,
      status: 2,
      category_id: [category],
    });
    expect(edit.status).toBe(200);
    expect(edit.body.title).toBe(`${marker} 已编辑`);
    const disable = await owner.client.put('/document', { id: doc.id, status: 4 });
    expect(disable.status).toBe(403);
  });
});

describe('6. category objects in admin lists', () => {
  it('document and article lists and recycle bins carry category[{id,title}] beside category_id', async () => {
    const doc = await insertDocument({ userId: owner.id, title: `${marker} 分类列` });
    const gone = await insertDocument({ userId: owner.id, title: `${marker} 回收` });
    expect((await admin.delete('/document', { id: gone.id })).status).toBe(200);
    const articleCat = await admin.post<{ category: { id: number }[] }>('/category', {
      title: `文章分类${marker}`,
      type: 1,
    });
    const articleCategory = articleCat.body.category[0]!.id;
    const a1 = await admin.post<{ id: number }>('/article', {
      title: `${marker} 列表`,
      content: '<p>x</p>',
      category_id: [articleCategory],
    });
    const a2 = await admin.post<{ id: number }>('/article', {
      title: `${marker} 回收`,
      content: '<p>x</p>',
      category_id: [articleCategory],
    });
    expect((await admin.delete('/article', { id: a2.body.id })).status).toBe(200);
    type Row = { id: number; category?: { id: number; title: string }[] };
    const lists: [string, string, number, number][] = [
      ['/document/list', 'document', doc.id, category],
      ['/document/recycle', 'document', gone.id, category],
      ['/article/list', 'article', a1.body.id, articleCategory],
      ['/article/recycle/list', 'article', a2.body.id, articleCategory],
    ];
    for (const [path, key, id, cat] of lists) {
      const res = await admin.get<Record<string, Row[]>>(path, { wd: marker, size: 100 });
      const row = res.body[key]?.find((r) => r.id === id);
      expect(
        row?.category?.map((c) => c.id),
        path,
      ).toEqual([cat]);
      expect(typeof row?.category?.[0]?.title, path).toBe('string');
    }
  });
});

describe('7. sessions', () => {
  it('a password change keeps the session that made it and ends every other', async () => {
    const m = await server.api.registerMember('mcp');
    const other = await server.api.login(m.username, m.password);
    const res = await m.client.put<{ token?: string }>('/user/password', {
      old_password: m.password,
      new_password: 'changed-456',
    });
    expect(res.status).toBe(200);
    expect((await m.client.get('/user')).status).toBe(200);
    expect((await m.client.get('/user/sign')).status).not.toBe(401);
    expect((await other.get('/user')).status).toBe(401);
    if (res.body.token) expect((await m.client.withToken(res.body.token).get('/user')).status).toBe(200);
    // A later reset by an administrator ends the kept session too.
    expect((await admin.put('/user', { id: m.id, password: 'reset-789' })).status).toBe(200);
    expect((await m.client.get('/user')).status).toBe(401);
  });

  it('GET /user with an invalid or revoked token answers 401, so clients sign in again', async () => {
    expect((await server.api.withToken('not-a-token').get('/user')).status).toBe(401);
    const m = await server.api.registerMember('mcl');
    expect((await m.client.delete('/user/logout')).status).toBe(200);
    const revoked = await m.client.get<{ code: string; message: string }>('/user');
    expect(revoked.status).toBe(401);
    expect(revoked.body.code).toBe('UNAUTHENTICATED');
    // Another member's public card needs no sign-in.
    expect((await server.api.get('/user', { id: owner.id })).status).toBe(200);
  });
});

describe('8. review download and language calls', () => {
  it('GET /document/download/bereviewed gives administrators a link to a pending document', async () => {
    const pending = await insertDocument({
      userId: owner.id,
      title: `${marker} 待审`,
      status: DocumentStatus.PendingReview,
    });
    const res = await admin.get<{ url: string }>('/document/download/bereviewed', { id: pending.id });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^\/download\//);
    expect((await owner.client.get('/document/download/bereviewed', { id: pending.id })).status).toBe(403);
    const converted = await insertDocument({ userId: owner.id, title: `${marker} 已转换` });
    expect((await admin.get('/document/download/bereviewed', { id: converted.id })).status).toBe(404);
  });

  it('PUT /document/detect/language detects languages from the text; PUT /document/language takes the Pro shape', async () => {
    const en = await insertDocument({
      userId: owner.id,
      title: `${marker} english`,
      content: 'The quick brown fox jumps over the lazy dog. This is an English document about libraries and books.',
    });
    const zh = await insertDocument({
      userId: owner.id,
      title: `${marker} 中文`,
      content: '这是一份中文文档，讲述图书馆的历史和现在的发展，以及人们如何阅读和分享知识。',
    });
    const res = await admin.put<{ document: { id: number; title: string; language: string }[] }>(
      '/document/detect/language',
      { document_id: [en.id, zh.id] },
    );
    expect(res.status).toBe(200);
    const byId = new Map(res.body.document.map((d) => [d.id, d]));
    expect(byId.get(en.id)?.language).toBe('en');
    expect(byId.get(zh.id)?.language).toBe('zh-CN');
    expect(typeof byId.get(en.id)?.title).toBe('string');
    const set = await admin.put('/document/language', {
      document: [
        { id: en.id, language: 'fr' },
        { id: zh.id, language: 'zh-TW' },
      ],
    });
    expect(set.status).toBe(200);
    expect((await admin.get<{ language: string }>('/document', { id: en.id })).body.language).toBe('fr');
    expect((await admin.get<{ language: string }>('/document', { id: zh.id })).body.language).toBe('zh-TW');
    const legacy = await admin.put('/document/language', { document_id: [en.id], language: 'ja' });
    expect(legacy.status).toBe(200);
    expect((await admin.get<{ language: string }>('/document', { id: en.id })).body.language).toBe('ja');
  });
});

describe('9. article search and my downloads', () => {
  it('GET /article/search answers article[]', async () => {
    await admin.post('/article', { title: `${marker} 可搜索文章`, content: `<p>${marker} 正文</p>` });
    const res = await server.api.get<{ total: number; article?: { identifier: string; title: string }[] }>(
      '/article/search',
      { wd: marker },
    );
    expect(res.status).toBe(200);
    expect(res.body.article?.length).toBeGreaterThan(0);
    expect(typeof res.body.article?.[0]?.identifier).toBe('string');
    expect(res.body).not.toHaveProperty('document');
  });

  it('GET /user/download rows carry the title and sizes flat, as the download list reads them', async () => {
    const m = await server.api.registerMember('mcd');
    const doc = await insertDocument({ userId: owner.id, title: `${marker} 下载过` });
    await makeDownload(server, { userId: m.id, documentId: doc.id });
    const res = await m.client.get<{ download: Record<string, unknown>[] }>('/user/download', { page: 1, size: 20 });
    const row = res.body.download[0]!;
    expect(row).toMatchObject({ document_id: doc.id, title: `${marker} 下载过`, ext: '.pdf', pages: 3, size: 1234 });
    expect(typeof row.document_uuid).toBe('string');
    expect(typeof row.score).toBe('number');
  });
});

describe('10. admin advertisement list by position', () => {
  it('lists disabled ads of the position for administrators', async () => {
    const off = await admin.post<{ id: number }>('/advertisement', {
      position: 'search_right',
      title: `${marker} 停用`,
      enable: false,
    });
    const res = await admin.get<{ advertisement: { id: number }[] }>('/advertisement/list', {
      position: ['search_right'],
      size: 100,
    });
    expect(res.body.advertisement.map((a) => a.id)).toContain(off.body.id);
  });
});

describe('11. small gaps', () => {
  it('settings.payment carries the official account appid once the official account is configured', async () => {
    await admin.putConfig({
      'oauthOfficialAccount.client_id': 'wx-official-1',
      'oauthOfficialAccount.client_secret': 'secret',
    });
    const res = await server.api.get<{ payment: Record<string, unknown> }>('/settings');
    expect(res.body.payment.official_account_appid).toBe('wx-official-1');
  });

  it('articles keep their source and source_url', async () => {
    const created = await admin.post<{ identifier: string }>('/article', {
      title: `${marker} 来源`,
      content: '<p>x</p>',
      source: '示例网',
      source_url: 'https://example.com/a/1',
    });
    expect(created.status).toBe(200);
    const res = await server.api.get<{ source?: string; source_url?: string }>('/article', {
      identifier: created.body.identifier,
    });
    expect(res.body).toMatchObject({ source: '示例网', source_url: 'https://example.com/a/1' });
  });

  it('orders carry updated_at', async () => {
    const doc = await insertDocument({ userId: owner.id, title: `${marker} 付费`, price: 3 });
    const m = await server.api.registerMember('mco');
    const order = await m.client.post<{ order_no: string }>('/order', { order_type: 1, product_id: doc.id });
    expect(order.status).toBe(200);
    const res = await m.client.get<{ updated_at?: string }>('/order', { order_no: order.body.order_no });
    expect(typeof res.body.updated_at).toBe('string');
  });

  it("a member's own account carries last_login_ip", async () => {
    const res = await owner.client.get<{ last_login_ip?: string }>('/user');
    expect(typeof res.body.last_login_ip).toBe('string');
    const others = await server.api.get<Record<string, unknown>>('/user', { id: owner.id });
    expect(others.body).not.toHaveProperty('last_login_ip');
  });

  it('GET /license answers the licensed type 1 (the dashboard shows 试用 otherwise)', async () => {
    const res = await admin.get<{ type: unknown }>('/license');
    expect(res.body.type).toBe(1);
  });

  it('GET /release leaves out an empty tag_name (no phantom new version)', async () => {
    await server.sql(`update config set value = '' where category = 'release' and name = 'tag_name'`);
    server.booted.runtime.settings.invalidate();
    const res = await admin.get<Record<string, unknown>>('/release');
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('tag_name');
  });
});

describe('errors a MOREDOC client shows', () => {
  const bad: [string, string, Record<string, unknown>?][] = [
    ['GET', '/document/list?size=0'],
    ['GET', '/category/list?type=abc'],
    ['GET', '/comment/list?page=0'],
    ['POST', '/comment', { document_id: 'x' }],
    ['PUT', '/document/recommend', { id: [1], type: 9 }],
    ['GET', '/search?size=1000&wd=x'],
  ];

  it('validation messages are Chinese by default and English when the client asks', async () => {
    // A schema's own wording (the spec's texts) is Chinese by default and English when asked (issue 21: by reason).
    const own = await raw('/api/v1/document?id=-3', { headers: { 'accept-language': 'en' } });
    expect(own.body).toMatchObject({ message: 'The document ID is required', reason: 'documents.id_required' });
    const ownZh = await raw('/api/v1/document?id=-3');
    expect(ownZh.body.message).toBe('文档ID不能为空');
    const token = admin.token;
    for (const [method, path, body] of bad) {
      for (const lang of ['zh-CN,zh;q=0.9', 'en-US,en;q=0.9']) {
        const res = await raw(`/api/v1${path}`, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            'accept-language': lang,
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
        expect(res.status, `${method} ${path}`).toBe(400);
        expect(res.body.code).toBe('VALIDATION_FAILED');
        const message = String(res.body.message);
        if (lang.startsWith('zh')) {
          expect(message, `${method} ${path}`).toMatch(/[\u4e00-\u9fff]/);
          expect(message, `${method} ${path}`).not.toMatch(/expected|Invalid|Too (small|big)/);
        } else {
          expect(message, `${method} ${path}`).not.toMatch(/[\u4e00-\u9fff]/);
        }
      }
    }
  });

  it('answers an over-long URL with a {code, message} body', async () => {
    const res = await raw(`/api/v1/document/list?wd=${'x'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(res.contentType).toContain('application/json');
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(String(res.body.message)).toMatch(/[\u4e00-\u9fff]/);
  });

  it('answers a broken JSON body with {code, message}', async () => {
    const res = await raw('/api/v1/user/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username":',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('GET /envs', () => {
  it('measures the tools once and answers later calls from the cache', async () => {
    const first = await admin.get<{ envs: { name: string; checked_at: string }[] }>('/envs');
    expect(first.status).toBe(200);
    const second = await admin.get<{ envs: { name: string; checked_at: string }[] }>('/envs');
    expect(second.body.envs.map((e) => e.checked_at)).toEqual(first.body.envs.map((e) => e.checked_at));
  }, 120_000);
});
