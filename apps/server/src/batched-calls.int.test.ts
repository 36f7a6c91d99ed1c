import type { AddressInfo } from 'node:net';
import { Config, User } from '@wenku/db';
import { getArticle } from '@wenku/domain/articles';
import { getDocument } from '@wenku/domain/documents';
import { loadSettings } from '@wenku/domain/settings';
import express from 'express';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { publicProcedure, router } from '../../../packages/api/src/trpc.ts';
import { makeArticle, makeDocument } from './testing/factories.ts';
import { startTestServer, type TestServer } from './testing/harness.ts';
import { createTrpcHandler } from './trpc.ts';

// The web app's httpBatchLink sends the queries of a page in one request, and tRPC runs them side by side. They
// shared the request's entity manager: one call's flush (an automatic one included) put that entity manager into the
// flush's transaction for a moment, and a query of another call issued then ran on it, or failed once it had
// committed ("Transaction query already complete", the 500 of /document/3 in Lighthouse). Each call now has its own.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ databaseUrl: inject('databaseUrl') });
});
afterAll(() => server?.close());

const batchUrl = (base: string, calls: [path: string, input?: unknown][]) =>
  `${base}/api/trpc/${calls.map(([path]) => path).join(',')}?batch=1&input=${encodeURIComponent(
    JSON.stringify(Object.fromEntries(calls.map(([, input], i) => [i, input]))),
  )}`;

/** `rounds` times `parallel` batched requests at once; the answers that were not all 200. */
async function hammer(url: string, rounds: number, parallel: number) {
  const failures: string[] = [];
  for (let r = 0; r < rounds; r++) {
    const answers = await Promise.all(
      Array.from({ length: parallel }, async () => {
        const res = await fetch(url);
        return { status: res.status, body: await res.text() };
      }),
    );
    for (const a of answers) if (a.status !== 200) failures.push(`${a.status} ${a.body.slice(0, 200)}`);
  }
  return failures;
}

describe('batched calls each have their own unit of work', () => {
  it('a reading page: every view counted, no 500, and reading never rewrites the document row', async () => {
    const doc = await makeDocument(server, { title: '批量阅读', content: '正文内容' });
    await Promise.all(
      Array.from({ length: 4 }, (_, i) => makeDocument(server, { title: `相关 ${i}`, content: '正文' })),
    );
    const [before] = await server.sql<{ updated_at: Date }>('select updated_at from document where id = ?', [doc.id]);
    // What the page sends once hydrated: the counted view beside the related list and the page's own query.
    const url = batchUrl(server.url, [
      ['document.get', { id: doc.id, with_author: true }],
      ['document.related', { id: doc.id }],
      ['document.get', { id: doc.id }],
    ]);
    const rounds = 40;
    const parallel = 4;
    expect(await hammer(url, rounds, parallel)).toEqual([]);
    const [after] = await server.sql<{ view_count: number; updated_at: Date }>(
      'select view_count, updated_at from document where id = ?',
      [doc.id],
    );
    expect(after?.view_count).toBe(rounds * parallel);
    expect(after?.updated_at).toEqual(before?.updated_at);
  });

  it('a counted view leaves no unsaved change behind that a later flush would write over other views', async () => {
    const doc = await makeDocument(server, { title: '计数文档' });
    const article = await makeArticle(server, { title: '计数文章' });
    const ctx = () => ({ em: server.booted.db.orm.em.fork(), runtime: server.booted.runtime, actor: null, ip: '' });
    const reader = ctx();
    await getDocument(reader, { id: doc.id, with_author: true });
    await getArticle(reader, { identifier: article.identifier });
    // Another visit of each, counted meanwhile by another request.
    await getDocument(ctx(), { id: doc.id, with_author: true });
    await getArticle(ctx(), { identifier: article.identifier });
    // The first request's entity manager is flushed later (any write of the same request would do it).
    await reader.em.flush();
    const [d] = await server.sql<{ view_count: number }>('select view_count from document where id = ?', [doc.id]);
    const [a] = await server.sql<{ view_count: number }>('select view_count from article where id = ?', [article.id]);
    expect([d?.view_count, a?.view_count]).toEqual([2, 2]);
  });

  it("a call never sees, nor flushes, another call's unsaved changes", async () => {
    const member = await server.api.registerMember('batch');
    // Two queries of one batch: `change` edits the member's row without saving it; `look` reads the row a moment later.
    const probe = router({
      change: publicProcedure.query(async ({ ctx }) => {
        const user = await ctx.em.findOneOrFail(User, { id: member.id });
        user.remark = 'unsaved';
        await new Promise((r) => setTimeout(r, 200));
        return user.remark;
      }),
      look: publicProcedure.query(async ({ ctx }) => {
        await new Promise((r) => setTimeout(r, 50));
        return (await ctx.em.findOneOrFail(User, { id: member.id })).remark;
      }),
    });
    const app = express();
    app.use('/api/trpc', createTrpcHandler(server.booted, probe));
    const listener = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    try {
      const base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
      const res = await fetch(batchUrl(base, [['change'], ['look']]));
      expect(res.status).toBe(200);
      const body = (await res.json()) as { result: { data: string } }[];
      expect(body.map((b) => b.result.data)).toEqual(['unsaved', '']);
      // Nothing of `change` was written: no procedure saved it.
      const [row] = await server.sql<{ remark: string }>('select remark from "user" where id = ?', [member.id]);
      expect(row?.remark).toBe('');
    } finally {
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    }
  });

  it("the settings load shared by every caller runs on its own entity manager, never flushing a caller's changes", async () => {
    const restore = await server.snapshotConfig();
    try {
      const em = server.booted.db.orm.em.fork();
      const row = await em.findOneOrFail(Config, { category: 'system', name: 'sitename' });
      const stored = row.value;
      row.value = `${stored} (unsaved)`;
      // No fresh snapshot: this caller starts the load every other caller then waits for.
      server.booted.runtime.settings.invalidate();
      const s = await loadSettings({ em, runtime: server.booted.runtime, actor: null, ip: '' });
      expect(s.str('system.sitename')).toBe(stored);
      const [saved] = await server.sql<{ value: string }>(
        "select value from config where category = 'system' and name = 'sitename'",
      );
      expect(saved?.value).toBe(stored);
    } finally {
      await restore();
    }
  });
});
