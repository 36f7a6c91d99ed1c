import os from 'node:os';
import { ArticleStatus, DocumentStatus } from '@wenku/shared';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeArticle, makeDocument } from './testing/factories.ts';
import { startTestServer, type TestServer } from './testing/harness.ts';

/** Issue 15 item 13: the public statistics must not fingerprint the host (kernel, OS, build) for an attacker. */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ databaseUrl: inject('databaseUrl') });
});
afterAll(() => server.close());

describe('GET /stats', () => {
  it('shows the operating system and build only to holders of 查看系统信息', async () => {
    const { client: member } = await server.api.registerMember('stats');
    for (const caller of [server.api, member]) {
      const res = await caller.get<Record<string, unknown>>('/stats');
      expect(res.status).toBe(200);
      // The wire keeps moredoc's fields, blank for the public.
      expect(res.body).toMatchObject({ os: '', hash: '', build_at: '' });
      expect(JSON.stringify(res.body)).not.toContain(os.release());
      expect(res.body.user_count).toBeGreaterThanOrEqual(1);
    }
    const admin = await server.api.admin();
    const own = await admin.get<{ os: string }>('/stats');
    expect(own.body.os).toContain(os.release());
  });

  it('counts what the viewer can open: the home page and a profile agree with the lists (issue 20)', async () => {
    const admin = await server.api.admin();
    const author = await server.api.registerMember('cnt');
    const stranger = await server.api.registerMember('cnv');
    const before = (await server.api.get<{ document_count: number; article_count: number }>('/stats')).body;
    // Two converted documents and one pending review; three approved articles, one pending, one deleted.
    for (const status of [DocumentStatus.Converted, DocumentStatus.Converted, DocumentStatus.PendingReview]) {
      await makeDocument(server, { title: '计数文档', userId: author.id, status });
    }
    for (const [status, deleted] of [
      [ArticleStatus.Approved, false],
      [ArticleStatus.Approved, false],
      [ArticleStatus.Approved, false],
      [ArticleStatus.Pending, false],
      [ArticleStatus.Approved, true],
    ] as const) {
      await makeArticle(server, {
        userId: author.id,
        title: '计数文章',
        status,
        deletedAt: deleted ? new Date() : undefined,
      });
    }
    const after = (await server.api.get<{ document_count: number; article_count: number }>('/stats')).body;
    expect(after.document_count - before.document_count).toBe(2);
    expect(after.article_count - before.article_count).toBe(3);
    // Administrators count every status outside the recycle bin.
    const adminBefore = after;
    expect((await admin.get<{ document_count: number }>('/stats')).body.document_count).toBeGreaterThanOrEqual(
      adminBefore.document_count + 1,
    );

    type Counts = { doc_count: number; article_count: number };
    const seenBy = async (client: typeof server.api) => (await client.get<Counts>('/user', { id: author.id })).body;
    const listed = async (client: typeof server.api) => ({
      docs: (await client.get<{ total: number }>('/document/list', { user_id: author.id, page: 1, size: 50 })).body
        .total,
      articles: (await client.get<{ total: number }>('/article/list', { user_id: author.id, page: 1, size: 50 })).body
        .total,
    });
    for (const client of [server.api, stranger.client]) {
      expect(await seenBy(client)).toMatchObject({ doc_count: 2, article_count: 3 });
      expect(await listed(client)).toEqual({ docs: 2, articles: 3 });
    }
    // The author sees their own pending ones too, as their lists do.
    expect(await seenBy(author.client)).toMatchObject({ doc_count: 3, article_count: 4 });
    expect(await listed(author.client)).toEqual({ docs: 3, articles: 4 });
  });
});
