import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDocument } from './testing/factories.ts';
import { startTestServer, type TestServer } from './testing/harness.ts';

/**
 * The embedded PostgreSQL (PGlite behind a socket) serializes transactions: a query on a second connection while a
 * transaction is open waits for it, and deadlocks if the transaction itself waits on that query (ARCHITECTURE.md §5).
 * These requests mix transactions (register, create, update config) with plain reads on a pool of several
 * connections; any code that left its transaction for the global connection would hang here until the timeout.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ embedded: true });
}, 120_000);
afterAll(() => server?.close());

describe('embedded database mode', () => {
  it('runs migrations and seeds on an empty data folder', async () => {
    expect(server.booted.db.mode).toBe('embedded');
    const settings = await server.api.get<{ system: { sitename: string } }>('/settings');
    expect(settings.status).toBe(200);
    expect(settings.body.system.sitename).toBeTruthy();
    const perms = await (await server.api.admin()).get<{ total: number }>('/permission/list');
    expect(perms.body.total).toBeGreaterThan(50);
  });

  it('serves concurrent requests with transactions without deadlocking', async () => {
    const admin = await server.api.admin();
    const started = Date.now();
    const jobs: Promise<{ status: number }>[] = [];
    for (let i = 0; i < 12; i++) {
      jobs.push(server.api.registerMember(`emb${i}x`).then(() => ({ status: 200 })));
      jobs.push(admin.post('/category', { title: `并发分类${i}\n并发子类${i}`, type: i % 2 }));
      jobs.push(
        admin.put('/config', { config: [{ category: 'display', name: 'pages_per_read', value: String(5 + i) }] }),
      );
      jobs.push(server.api.get('/category/list', { type: [0, 1] }));
      jobs.push(server.api.get('/settings'));
      jobs.push(admin.post('/navigation', { title: `导航${i}`, href: `/n${i}` }));
    }
    const results = await Promise.all(jobs);
    expect(results.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    expect(Date.now() - started).toBeLessThan(60_000);
    const list = await server.api.get<{ total: number }>('/category/list', { type: [0, 1] });
    expect(list.body.total).toBeGreaterThanOrEqual(24);
  }, 90_000);

  it('never interleaves the extended-protocol messages of concurrent connections', async () => {
    const { default: pg } = await import('pg');
    const socketDir = server.booted.db.socketDir!;
    const pool = new pg.Pool({ host: socketDir, port: 5432, database: 'postgres', user: 'postgres', max: 6 });
    try {
      // Different parameter counts on the unnamed statement: an interleaved Parse/Bind pair fails loudly.
      const jobs = Array.from({ length: 300 }, (_, i) =>
        i % 2
          ? pool.query('select $1::int + $2::int + $3::int as n', [i, 1, 2]).then((r) => r.rows[0].n === i + 3)
          : pool.query('select $1::int as n', [i]).then((r) => r.rows[0].n === i),
      );
      const results = await Promise.all(jobs);
      expect(results.every(Boolean)).toBe(true);
    } finally {
      await pool.end();
    }
  }, 60_000);

  it('keeps the data across a restart of the embedded server', async () => {
    const admin = await server.api.admin();
    const created = await admin.post<{ category: { id: number }[] }>('/category', { title: '重启后仍在' });
    expect(created.status).toBe(200);
    const rows = await server.booted.db.orm.em
      .fork()
      .getConnection()
      .execute("select count(*)::int as n from category where title = '重启后仍在'");
    expect(rows[0]?.n).toBe(1);
  });
});

describe('search on the embedded database', () => {
  it('indexes, finds with facets and highlights like the server', async () => {
    const admin = await server.api.admin();
    const doc = await makeDocument(server, {
      title: '嵌入式数据库手册',
      content: '这里介绍全文检索与中文分词 jieba segmentation。',
    });
    // Without a worker the rebuild drains the queue in the request.
    expect((await admin.put('/document/index')).status).toBe(200);
    const until = Date.now() + 30_000;
    let found: { total: number; document: { id: number; description: string }[]; agg_ext: { ext: string }[] };
    do {
      found = (await server.api.get<typeof found>('/search', { wd: '中文分词 jieba' })).body;
      if (found.total > 0) break;
      await new Promise((r) => setTimeout(r, 300));
    } while (Date.now() < until);
    expect(found.document.map((d) => d.id)).toEqual([doc.id]);
    expect(found.document[0]!.description).toContain('<mark>中文分词</mark>');
    expect(found.agg_ext).toEqual([{ ext: '.pdf', count: 1 }]);
  });
});
