import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { convertDocument, documentFileKey, type Storage } from '@wenku/domain';
import { DocumentStatus } from '@wenku/shared';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeDocument } from './testing/factories.ts';
import { type RestClient, startTestServer, type TestServer } from './testing/harness.ts';

/**
 * Issue 15 item 8: an author's edit of what the public reads goes through review where the author's group reviews,
 * and a member barred from uploading or publishing cannot edit either.
 */

let server: TestServer;
let admin: RestClient;
let category: number;
let articleCategory: number;

const sql = <T>(q: string, params: unknown[] = []) => server.sql<T>(q, params);

beforeAll(async () => {
  server = await startTestServer({ databaseUrl: inject('databaseUrl') });
  admin = await server.api.admin();
  const suffix = Date.now().toString(36);
  category = (await admin.post<{ category: { id: number }[] }>('/category', { title: `审核编辑${suffix}` })).body
    .category[0]!.id;
  articleCategory = (
    await admin.post<{ category: { id: number }[] }>('/category', { title: `审核文章${suffix}`, type: 1 })
  ).body.category[0]!.id;
});
afterAll(() => server.close());

/** A document of `userId` as if uploaded, approved and converted (or in `status`), in the test category. */
async function publicDocument(userId: number, status: DocumentStatus = DocumentStatus.Converted, hash?: string) {
  const converted = status === DocumentStatus.Converted;
  const doc = await makeDocument(server, {
    title: '原来的标题',
    description: '原来的摘要',
    userId,
    status,
    hash,
    preview: converted ? 1 : 0,
    pages: converted ? 1 : 0,
    categoryIds: [category],
  });
  return doc.id;
}

const publicView = (id: number) => server.api.get<{ title: string; status: number }>('/document', { id });

/** A group with the given review switches, and a member in it. */
async function memberOfGroup(flags: Record<string, boolean>) {
  const group = await admin.post<{ id: number }>('/group', {
    title: `编辑审核${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
    enable_upload: true,
    enable_article: true,
    ...flags,
  });
  const m = await server.api.registerMember('grp');
  await admin.put('/user', { id: m.id, group_id: [group.body.id] });
  return m;
}

/** A group whose uploads and articles wait for review, like the seeded 普通用户. */
const REVIEWED = { enable_document_review: true, enable_article_approval: true };

describe('documents edited by their author', () => {
  it('go back to review, hidden, when the author’s uploads are reviewed; approval shows the edit', async () => {
    const m = await memberOfGroup(REVIEWED);
    const id = await publicDocument(m.id);
    expect((await publicView(id)).status).toBe(200);
    const edited = await m.client.put<{ status: number; title: string }>('/document', { id, title: '改过的标题' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ status: 6, title: '改过的标题' });
    expect((await publicView(id)).status).toBe(404);
    const listed = await server.api.get<{ document: { id: number }[] }>('/document/list', { category_id: category });
    expect(listed.body.document.map((d) => d.id)).not.toContain(id);
    // Its author still sees it, with the state it is in.
    expect((await m.client.get<{ status: number }>('/document', { id })).body.status).toBe(6);
    // Approving an edit needs no second conversion: the pages are there.
    expect((await admin.put('/document/check', { id: [id], status: 0 })).status).toBe(200);
    expect((await publicView(id)).body).toMatchObject({ status: 2, title: '改过的标题' });
  });

  it('go back to review for new keywords, summary or categories, but not for price, VIP flag, language or no change', async () => {
    const m = await memberOfGroup(REVIEWED);
    const other = (await admin.post<{ category: { id: number }[] }>('/category', { title: `另一分类${Date.now()}` }))
      .body.category[0]!.id;
    for (const change of [{ keywords: '新,关键词' }, { description: '新的摘要' }, { category_id: [other] }]) {
      const id = await publicDocument(m.id);
      const res = await m.client.put<{ status: number }>('/document', { id, ...change });
      expect(res.body.status, JSON.stringify(change)).toBe(6);
    }
    const id = await publicDocument(m.id);
    for (const change of [
      { price: 3, is_vip: true, language: 'en' },
      { title: '原来的标题', description: '原来的摘要', category_id: [category] },
    ]) {
      const res = await m.client.put<{ status: number }>('/document', { id, ...change });
      expect(res.body.status, JSON.stringify(change)).toBe(2);
    }
    expect((await publicView(id)).body).toMatchObject({ status: 2, price: 3 });
  });

  it('stay public when the author’s group does not review uploads, or the author moderates documents', async () => {
    const trusted = await memberOfGroup({ enable_document_review: false });
    const id = await publicDocument(trusted.id);
    expect((await trusted.client.put<{ status: number }>('/document', { id, title: '可信的修改' })).body.status).toBe(
      2,
    );
    const own = await admin.post<{ id: number }>('/group', { title: `文档审核员${Date.now()}` });
    const perms = await admin.get<{ permission: { id: number }[] }>('/permission/list', { wd: 'CheckDocument' });
    await admin.put('/group/permission', {
      group_id: own.body.id,
      permission_id: perms.body.permission.map((p) => p.id),
    });
    const moderator = await server.api.registerMember('dmod');
    await admin.put('/user', { id: moderator.id, group_id: [own.body.id] });
    const mine = await publicDocument(moderator.id);
    expect(
      (await moderator.client.put<{ status: number }>('/document', { id: mine, title: '审核员的修改' })).body.status,
    ).toBe(2);
  });

  it('cannot be edited at all by an author barred from uploading', async () => {
    const m = await memberOfGroup(REVIEWED);
    const id = await publicDocument(m.id);
    await admin.post('/punishment', { user_id: [m.id], type: [3], reason: '违规上传' });
    const res = await m.client.put('/document', { id, price: 5 });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/^您已被禁止上传文档，原因：违规上传/);
    expect((await publicView(id)).body).toMatchObject({ status: 2, title: '原来的标题', price: 0 });
  });

  it('sent back to review while converting stay in review when the conversion ends', async () => {
    const m = await memberOfGroup(REVIEWED);
    const dir = mkdtempSync(join(tmpdir(), 'wenku-review-'));
    const file = join(dir, 'a.pdf');
    writeFileSync(file, tinyPdf(`review ${Date.now()}`));
    const hash = `${Date.now().toString(16)}${'0'.repeat(32)}`.slice(0, 32);
    const storage = server.booted.runtime.storage;
    await storage.putFile(documentFileKey(hash, '.pdf'), file);
    // Approved and queued for conversion (status 0), as after an upload that skipped review.
    const id = await publicDocument(m.id, DocumentStatus.Pending, hash);
    let edit: Promise<{ status: number }> | null = null;
    // The author edits while the pages are being stored: in the middle of the conversion.
    const editing: Storage = new Proxy(storage, {
      get(target, prop) {
        if (prop === 'putFile')
          return async (key: string, source: string) => {
            edit ??= m.client.put<{ status: number }>('/document', { id, title: '转换中修改' }).then((r) => r.body);
            await edit;
            return target.putFile(key, source);
          };
        const value = Reflect.get(target, prop);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const ctx = {
      em: server.booted.db.orm.em.fork(),
      runtime: { ...server.booted.runtime, storage: editing },
      actor: null,
      ip: '',
    };
    const outcome = await convertDocument(ctx, id, { maxRssBytes: 1024 ** 3 });
    expect(outcome.status).toBe('converted');
    expect(await edit).toMatchObject({ status: 6 });
    const [row] = await sql<{ status: number; pages: number }>('select status, pages from document where id = ?', [id]);
    expect(row).toEqual({ status: 6, pages: 1 });
    expect((await publicView(id)).status).toBe(404);
  });
});

describe('articles edited by their author', () => {
  async function approvedArticle(client: RestClient) {
    const created = await client.post<{ id: number; identifier: string; status: number }>('/article', {
      title: '原来的文章',
      content: '<p>原来的内容</p>',
      category_id: [articleCategory],
    });
    expect(created.status).toBe(200);
    await admin.put('/article/check', { article_id: [created.body.id], status: 1 });
    return created.body;
  }
  const publicArticle = (identifier: string) =>
    server.api.get<{ content: string; status: number }>('/article', { identifier });

  it('go back to review, hidden, when the author’s articles need approval; approval shows the edit', async () => {
    const m = await memberOfGroup(REVIEWED);
    const a = await approvedArticle(m.client);
    expect((await publicArticle(a.identifier)).status).toBe(200);
    for (const change of [{ content: '<p>广告内容</p>' }, { cover: '/uploads/x.png' }, { title: '新标题' }]) {
      await admin.put('/article/check', { article_id: [a.id], status: 1 });
      const res = await m.client.put<{ status: number }>('/article', { id: a.id, ...change });
      expect(res.status).toBe(200);
      expect(res.body.status, JSON.stringify(change)).toBe(0);
      expect((await publicArticle(a.identifier)).status).toBe(404);
    }
    await admin.put('/article/check', { article_id: [a.id], status: 1 });
    expect((await publicArticle(a.identifier)).body.content).toContain('广告内容');
    // Saving what is already there changes nothing the public reads.
    const same = await m.client.put<{ status: number }>('/article', { id: a.id, title: '新标题' });
    expect(same.body.status).toBe(1);
  });

  it('stay public when the author’s group publishes without approval', async () => {
    const trusted = await memberOfGroup({ enable_article_approval: false });
    const a = await approvedArticle(trusted.client);
    expect((await trusted.client.put<{ status: number }>('/article', { id: a.id, title: '可信' })).body.status).toBe(1);
  });

  it('cannot be edited at all by an author barred from publishing articles', async () => {
    const m = await memberOfGroup(REVIEWED);
    const a = await approvedArticle(m.client);
    await admin.post('/punishment', { user_id: [m.id], type: [6], reason: '违规文章' });
    const res = await m.client.put('/article', { id: a.id, content: '<p>广告</p>' });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/^您已被禁止发布文章，原因：违规文章/);
    expect((await publicArticle(a.identifier)).body).toMatchObject({ status: 1, content: '<p>原来的内容</p>' });
  });
});

/** A one-page PDF with `text` on it, its cross-reference table computed. */
function tinyPdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 20 100 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const at = out.length;
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const at of offsets) out += `${String(at).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
