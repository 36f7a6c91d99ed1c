import { DocumentStatus } from '@wenku/shared';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeComment, makeDocument } from './testing/factories.ts';
import { type RestClient, startTestServer, type TestServer } from './testing/harness.ts';

/** Issue 15 item 13: another member's activity feed tells only of what anyone may open. */
let server: TestServer;
let admin: RestClient;

beforeAll(async () => {
  server = await startTestServer({ databaseUrl: inject('databaseUrl') });
  admin = await server.api.admin();
});
afterAll(() => server.close());

/** A member whose uploads wait for review. */
async function reviewedUploader() {
  const group = await admin.post<{ id: number }>('/group', {
    title: `动态审核${Date.now().toString(36)}`,
    enable_upload: true,
    enable_document_review: true,
  });
  const m = await server.api.registerMember('feed');
  await admin.put('/user', { id: m.id, group_id: [group.body.id] });
  return m;
}

/** Uploads a document as `client` (the file as already stored, an attachment of the member). */
async function upload(client: RestClient, userId: number, title: string) {
  const [file] = await server.sql<{ id: number }>(
    `insert into attachment (hash, user_id, type, path, name, size, ext)
     values (md5(random()::text), ?, 2, '/documents/x.pdf', 'x.pdf', 10, '.pdf') returning id`,
    [userId],
  );
  const res = await client.post<{ document: { id: number; status: number }[] }>('/document', {
    category_id: [],
    document: [{ title, attachment_id: file?.id }],
  });
  expect(res.status).toBe(200);
  return res.body.document[0] as { id: number; status: number };
}

describe('another member’s activity feed', () => {
  it('shows an upload line only while its document is public; its owner always sees it', async () => {
    const m = await reviewedUploader();
    const title = `待审核的秘密${Date.now()}`;
    const doc = await upload(m.client, m.id, title);
    expect(doc.status).toBe(6);
    const visitor = await server.api.registerMember('visit');
    const seenBy = async (client: RestClient) =>
      (await client.get<{ total: number; dynamic: { content: string }[] }>('/user/dynamic', { user_id: m.id })).body;
    const lines = (feed: { dynamic: { content: string }[] }) => feed.dynamic.filter((d) => d.content.includes(title));

    for (const client of [server.api, visitor.client]) {
      expect(await seenBy(client)).toEqual({ total: 0, dynamic: [] });
    }
    const own = await m.client.get<{ dynamic: { content: string }[] }>('/user/dynamic');
    expect(lines(own.body)).toHaveLength(1);

    // Approved: public, and so is its line.
    expect((await admin.put('/document/check', { id: [doc.id], status: 0 })).status).toBe(200);
    expect(lines(await seenBy(server.api))).toHaveLength(1);
    // Rejected, disabled or deleted later: the line goes with it.
    for (const status of [7, 4]) {
      await server.sql('update document set status = ? where id = ?', [status, doc.id]);
      expect(await seenBy(visitor.client), `status ${status}`).toEqual({ total: 0, dynamic: [] });
    }
    await server.sql('update document set status = 2 where id = ?', [doc.id]);
    expect(lines(await seenBy(visitor.client))).toHaveLength(1);
    expect((await m.client.delete('/document', { id: [doc.id] })).status).toBe(200);
    expect(lines(await seenBy(visitor.client))).toHaveLength(0);
  });

  it('names a commented item to others only while it is public', async () => {
    const owner = await reviewedUploader();
    const commenter = await server.api.registerMember('cmt');
    const doc = await makeDocument(server, { title: '公开的标题', userId: owner.id });
    await makeComment(server, { documentId: doc.id, userId: commenter.id, content: '好文档' });
    const titles = async (client: RestClient) =>
      (
        await client.get<{ comment: { document_title: string }[] }>('/comment/list', {
          user_id: commenter.id,
          with_document_title: true,
        })
      ).body.comment.map((c) => c.document_title);
    expect(await titles(server.api)).toEqual(['公开的标题']);
    // Its owner's edit waits for review: the new title is nobody else's to read yet.
    await server.sql("update document set status = ?, title = '未审核的标题' where id = ?", [
      DocumentStatus.PendingReview,
      doc.id,
    ]);
    expect(await titles(server.api)).toEqual(['']);
    expect(await titles(commenter.client)).toEqual(['']);
    expect(await titles(admin)).toEqual(['未审核的标题']);
  });

  it('lists the comment thread of a hidden item to its owner and comment administrators only', async () => {
    const owner = await reviewedUploader();
    const commenter = await server.api.registerMember('thr');
    const doc = await makeDocument(server, { title: '讨论', userId: owner.id });
    await makeComment(server, { documentId: doc.id, userId: commenter.id, content: '线程里的评论' });
    const thread = async (client: RestClient) =>
      (await client.get<{ total: number }>('/comment/list', { document_id: doc.id, type: 0 })).body.total;
    expect(await thread(server.api)).toBe(1);
    await server.sql('update document set status = ? where id = ?', [DocumentStatus.PendingReview, doc.id]);
    expect(await thread(server.api)).toBe(0);
    expect(await thread(commenter.client)).toBe(0);
    expect(await thread(owner.client)).toBe(1);
    expect(await thread(admin)).toBe(1);
  });
});
