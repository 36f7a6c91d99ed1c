import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { officeFiles } from '../../../packages/converter/src/testing/office-files.ts';
import { type RestClient, startTestServer, type TestServer, uniqueAddress } from './testing/harness.ts';

let server: TestServer;
let admin: RestClient;
const dir = mkdtempSync(join(tmpdir(), 'wenku-docs-'));

const uploadFile = (client: RestClient, path: string, name: string) =>
  client.upload<{ data?: { id: number; hash: string }; message?: string }>('document', readFileSync(path), name);

interface Doc {
  id: number;
  uuid: string;
  status: number;
  pages: number;
  preview: number;
  preview_ext: string;
  content?: string;
  convert_error?: string;
  cover: string;
  price: number;
}

async function waitForStatus(client: RestClient, id: number, statuses: number[], ms = 120_000): Promise<Doc> {
  const until = Date.now() + ms;
  for (;;) {
    const res = await client.get<Doc>('/document', { id });
    if (res.status === 200 && statuses.includes(res.body.status)) return res.body;
    if (Date.now() > until) throw new Error(`document ${id} still ${res.body.status} ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let pdfPath: string;
let docxPath: string;
let uniquePath: string;
let category: number;

beforeAll(async () => {
  // Real files made by LibreOffice from text (Chinese included) while the server starts (officeFiles: one
  // LibreOffice start per format, side by side, kept for the run).
  const [made, started] = await Promise.all([
    officeFiles({
      book: { text: `Wenku 测试文档\n${'中华人民共和国成立于1949年。 The quick brown fox.\n'.repeat(120)}`, to: 'pdf' },
      report: { text: '年度报告 Annual Report\n第二段内容 second paragraph\n', to: 'docx' },
      // A file of this run only, for the purge test (made with the book: no LibreOffice start of its own).
      unique: { text: `独一无二 ${Date.now()}`, to: 'pdf' },
    }),
    startTestServer({ databaseUrl: inject('databaseUrl'), worker: true }),
  ]);
  server = started;
  pdfPath = made.book;
  docxPath = made.report;
  uniquePath = made.unique;
  admin = await server.api.admin();
  category = (await admin.post<{ category: { id: number }[] }>('/category', { title: `文档测试${Date.now()}` })).body
    .category[0]!.id;
}, 240_000);
afterAll(() => server.close());

describe('upload, convert and read', () => {
  let doc: Doc;

  it("converts an administrator's PDF without review: pages, previews, cover and text", async () => {
    const up = await uploadFile(admin, pdfPath, '测试手册.pdf');
    expect(up.status).toBe(200);
    const created = await admin.post<{ document: Doc[] }>('/document', {
      category_id: [category],
      document: [{ title: '测试手册', attachment_id: up.body.data!.id, price: 2 }],
    });
    expect(created.status).toBe(200);
    expect(created.body.document[0]!.status).toBe(0);
    doc = await waitForStatus(admin, created.body.document[0]!.id, [2, 3]);
    expect(doc.convert_error).toBe('');
    expect(doc.status).toBe(2);
    expect(doc.pages).toBeGreaterThanOrEqual(2);
    expect(doc.preview).toBe(Math.min(doc.pages, 12));
    expect(doc.content).toContain('中华人民共和国成立于');
    const pages = await server.booted.db.orm.em
      .fork()
      .getConnection()
      .execute<{ page: number; content: string; lines: { t: string; b: number[] }[] }[]>(
        'select page, content, lines from document_page where hash = (select hash from document where id = ?) order by page',
        [doc.id],
      );
    expect(pages.length).toBe(doc.pages);
    expect(pages[0]?.content).toContain('Wenku');
    expect(pages[0]?.lines[0]?.t).toContain('Wenku');
    expect(pages[0]?.lines[0]?.b).toHaveLength(4);
    const page = await fetch(`${server.url}/view/page/${doc.id}/1${doc.preview_ext}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('image/webp');
    expect((await fetch(`${server.url}${doc.cover}`)).status).toBe(200);
    expect((await fetch(`${server.url}/view/page/${doc.id}/${doc.preview + 1}${doc.preview_ext}`)).status).toBe(404);
    const cats = await server.api.get<{ category: { id: number; doc_count: number }[] }>('/category/list', {});
    expect(cats.body.category.find((c) => c.id === category)?.doc_count).toBe(1);
  }, 180_000);

  it("puts a member's upload under review: hidden from others until approved, then converted (docx with Chinese)", async () => {
    const member = await server.api.registerMember('up');
    const up = await uploadFile(member.client, docxPath, '年度报告.docx');
    expect(up.status).toBe(200);
    const created = await member.client.post<{ document: Doc[] }>('/document', {
      category_id: [category],
      document: [{ title: '年度报告', attachment_id: up.body.data!.id }],
    });
    const id = created.body.document[0]!.id;
    expect(created.body.document[0]!.status).toBe(6);
    expect((await server.api.get('/document', { id })).status).toBe(404);
    expect((await member.client.get('/document', { id })).status).toBe(200);
    const me = await member.client.get<{ credit_count: number }>('/user');
    expect(me.body.credit_count).toBe(15);
    expect((await admin.put('/document/check', { id: [id], status: 0 })).status).toBe(200);
    const converted = await waitForStatus(member.client, id, [2, 3]);
    expect(converted.status, converted.convert_error).toBe(2);
    expect(converted.content).toContain('年度报告');
    expect((await server.api.get('/document', { id })).status).toBe(200);
  }, 180_000);

  it('refuses bad files with a clear message and keeps nothing', async () => {
    const member = await server.api.registerMember('bad');
    const exe = join(dir, 'evil.pdf');
    writeFileSync(exe, Buffer.concat([Buffer.from('MZ'), Buffer.alloc(2000, 1)]));
    const renamed = await uploadFile(member.client, exe, 'evil.pdf');
    expect(renamed.status).toBe(400);
    expect(renamed.body.message).toBe('文件内容与扩展名不符');
    const empty = join(dir, 'empty.docx');
    writeFileSync(empty, '');
    expect((await uploadFile(member.client, empty, 'empty.docx')).status).toBe(400);
    const unsupported = await uploadFile(member.client, pdfPath, 'book.exe');
    expect(unsupported.body.message).toBe('不支持的文档类型');
    expect((await uploadFile(server.api, pdfPath, 'book.pdf')).status).toBe(401);
    const attachments = await admin.get<{ attachment: { user_id: number }[] }>('/attachment/list', {
      type: 2,
      size: 100,
    });
    expect(attachments.body.attachment.filter((a) => a.user_id === member.id)).toEqual([]);
  });

  it('ends a truncated PDF in status 3 with a reason, and the worker keeps working', async () => {
    const bytes = readFileSync(pdfPath);
    const broken = join(dir, 'broken.pdf');
    writeFileSync(broken, Buffer.concat([bytes.subarray(0, 900), Buffer.from('garbage'.repeat(50))]));
    const up = await uploadFile(admin, broken, 'broken.pdf');
    const created = await admin.post<{ document: Doc[] }>('/document', {
      category_id: [],
      document: [{ title: '坏文件', attachment_id: up.body.data!.id }],
    });
    const failed = await waitForStatus(admin, created.body.document[0]!.id, [2, 3]);
    expect(failed.status).toBe(3);
    expect(failed.convert_error).toBeTruthy();
  }, 120_000);

  it('lists converted documents in the site map, rebuilt on request', async () => {
    const built = await admin.put<{ urls: number }>('/sitemap');
    expect(built.status).toBe(200);
    expect(built.body.urls).toBeGreaterThanOrEqual(2);
    const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(xml).toContain(`/document/${doc.uuid}</loc>`);
    expect(xml).toContain('<urlset');
    expect((await fetch(`${server.url}/sitemap/evil.xml`)).status).toBe(404);
  });

  describe('download', () => {
    it('charges the buyer, pays the uploader, serves the file and refuses without enough credits', async () => {
      const buyer = await server.api.registerMember('buy');
      const adminBefore = (await admin.get<{ credit_count: number }>('/user')).body.credit_count;
      // An address of its own: the suite's other files download from 127.0.0.1 under the daily limit per address.
      const link = await buyer.client
        .fromAddress(uniqueAddress())
        .get<{ url: string }>('/document/download', { id: doc.id });
      expect(link.status).toBe(200);
      const file = await fetch(`${server.url}${link.body.url}`);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-disposition')).toContain('attachment');
      expect(Buffer.from(await file.arrayBuffer()).equals(readFileSync(pdfPath))).toBe(true);
      expect((await buyer.client.get<{ credit_count: number }>('/user')).body.credit_count).toBe(8);
      expect((await admin.get<{ credit_count: number }>('/user')).body.credit_count).toBe(adminBefore + 2);
      expect((await server.api.get('/document/download', { id: doc.id })).status).toBe(401);
      const mine = await buyer.client.get<{
        total: number;
        download: { document: { id: number } | null; is_pay: boolean }[];
      }>('/user/download');
      expect(mine.body.total).toBe(1);
      expect(mine.body.download[0]).toMatchObject({ is_pay: true, document: { id: doc.id } });
      expect((await buyer.client.get<{ allowed: boolean }>('/user/caniuploaddocument')).body.allowed).toBe(true);
      const related = await server.api.get<{ document: { id: number }[] }>('/document/related', { id: doc.id });
      expect(related.status).toBe(200);
      expect(related.body.document.map((d) => d.id)).not.toContain(doc.id);
      expect((await fetch(`${server.url}/download/not-a-token`)).status).toBe(404);
    });

    it('charges once under parallel downloads: a purchase is a purchase, and the balance equals the ledger', async () => {
      await admin.put('/config', {
        config: [
          { category: 'download', name: 'times_every_day', value: '1000' },
          { category: 'download', name: 'times_every_ip', value: '100000' },
        ],
      });
      const buyer = await server.api.registerMember('par');
      const before = (await buyer.client.get<{ credit_count: number }>('/user')).body.credit_count;
      const price = (await server.api.get<{ price: number }>('/document', { id: doc.id })).body.price;
      expect(price).toBeGreaterThan(0);
      const results = await Promise.all(
        Array.from({ length: 20 }, () => buyer.client.get('/document/download', { id: doc.id })),
      );
      // The first download buys the document; the others, in parallel, download the purchase free.
      expect(results.filter((r) => r.status === 200).length).toBe(20);
      const me = await buyer.client.get<{ credit_count: number; id: number }>('/user');
      expect(me.body.credit_count).toBe(before - price);
      const ledger = await server.booted.db.orm.em
        .fork()
        .getConnection()
        .execute('select coalesce(sum(delta), 0)::int s from credit_log where user_id = ?', [me.body.id]);
      expect(ledger[0]?.s).toBe(me.body.credit_count);
    });
  });

  it('moves documents with their category, keeping counts exact on both sides', async () => {
    const a = (await admin.post<{ category: { id: number }[] }>('/category', { title: `甲根${Date.now()}` })).body
      .category[0]!.id;
    const b = (await admin.post<{ category: { id: number }[] }>('/category', { title: `乙根${Date.now()}` })).body
      .category[0]!.id;
    const leaf = (
      await admin.post<{ category: { id: number; title: string }[] }>('/category', { title: '叶子', parent_id: a })
    ).body.category[0]!;
    const put = await admin.put<{ category_id: number[] }>('/document', { id: doc.id, category_id: [a, leaf.id] });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.category_id.sort()).toEqual([a, leaf.id].sort());
    const count = async (id: number) =>
      (await admin.get<{ category: { id: number; doc_count: number }[] }>('/category/list', {})).body.category.find(
        (c) => c.id === id,
      )?.doc_count;
    expect(await count(a)).toBe(1);
    expect((await admin.put('/category', { id: leaf.id, title: leaf.title, parent_id: b })).status).toBe(200);
    expect(await count(a)).toBe(0);
    expect(await count(b)).toBe(1);
    expect(await count(leaf.id)).toBe(1);
    const d = await admin.get<{ category_id: number[] }>('/document', { id: doc.id });
    expect(d.body.category_id.sort()).toEqual([b, leaf.id].sort());
  });

  it('awards upload credits within the daily limit and reuses the conversion of the same file', async () => {
    await admin.put('/group', { id: 2, title: '普通用户', enable_document_review: false });
    try {
      const member = await server.api.registerMember('lim');
      // A file new to the library (the award pays for new files only): the book with a trailing comment.
      const fresh = join(dir, `fresh${Date.now()}.pdf`);
      writeFileSync(fresh, Buffer.concat([readFileSync(pdfPath), Buffer.from(`\n%${Date.now()}\n`)]));
      const up1 = await uploadFile(member.client, fresh, 'a.pdf');
      const up2 = await uploadFile(member.client, fresh, 'b.pdf');
      await member.client.post('/document', {
        category_id: [],
        document: [
          { title: '同一文件一', attachment_id: up1.body.data!.id },
          { title: '同一文件二', attachment_id: up2.body.data!.id },
        ],
      });
      // score.upload_document 5, limit 1 a day: 10 from registering + 5 once.
      expect((await member.client.get<{ credit_count: number }>('/user')).body.credit_count).toBe(15);
      const mine = await member.client.get<{ document: Doc[] }>('/document/list', { user_id: [member.id] });
      for (const d of mine.body.document) {
        const converted = await waitForStatus(member.client, d.id, [2, 3]);
        expect(converted.status).toBe(2);
        expect(converted.pages).toBe(doc.pages);
      }
    } finally {
      await admin.put('/group', { id: 2, title: '普通用户', enable_document_review: true });
    }
  }, 120_000);

  it('awards exactly the daily limit under parallel uploads, the balance equal to the ledger', async () => {
    await admin.put('/config', { config: [{ category: 'score', name: 'upload_document_limit', value: '10' }] });
    try {
      const member = await server.api.registerMember('pup');
      // Thirty files new to the library (each a distinct variant of the book), created in parallel.
      const book = readFileSync(pdfPath);
      const ids: number[] = [];
      for (let i = 0; i < 30; i++) {
        const variant = join(dir, `variant${i}-${Date.now()}.pdf`);
        writeFileSync(variant, Buffer.concat([book, Buffer.from(`\n%variant ${i} ${Date.now()}\n`)]));
        ids.push((await uploadFile(member.client, variant, `v${i}.pdf`)).body.data!.id);
      }
      const results = await Promise.all(
        ids.map((id, i) =>
          member.client.post('/document', {
            category_id: [],
            document: [{ title: `并发上传${i}`, attachment_id: id }],
          }),
        ),
      );
      expect(results.filter((r) => r.status !== 200)).toEqual([]);
      const me = await member.client.get<{ credit_count: number; doc_count: number }>('/user');
      expect(me.body.credit_count).toBe(10 + 10 * 5);
      expect(me.body.doc_count).toBe(30);
      const ledger = await server.booted.db.orm.em
        .fork()
        .getConnection()
        .execute('select coalesce(sum(delta), 0)::int s from credit_log where user_id = ?', [member.id]);
      expect(ledger[0]?.s).toBe(me.body.credit_count);
    } finally {
      await admin.put('/config', { config: [{ category: 'score', name: 'upload_document_limit', value: '1' }] });
    }
  }, 120_000);

  describe('recycle bin', () => {
    it('deletes with a one-time credit deduction and restores counters without a refund', async () => {
      const member = await server.api.registerMember('del');
      await admin.put('/group', { id: 2, title: '普通用户', enable_document_review: false });
      const up = await uploadFile(member.client, docxPath, 'mine.docx');
      const created = await member.client.post<{ document: Doc[] }>('/document', {
        category_id: [category],
        document: [{ title: '我的文档', attachment_id: up.body.data!.id }],
      });
      await admin.put('/group', { id: 2, title: '普通用户', enable_document_review: true });
      const id = created.body.document[0]!.id;
      const count = async () =>
        (await admin.get<{ category: { id: number; doc_count: number }[] }>('/category/list', {})).body.category.find(
          (c) => c.id === category,
        )?.doc_count;
      const before = await count();
      const credits = async () => (await member.client.get<{ credit_count: number }>('/user')).body.credit_count;
      const c0 = await credits();
      expect((await member.client.delete('/document', { id })).status).toBe(200);
      expect(await count()).toBe((before ?? 0) - 1);
      expect(await credits()).toBe(c0 - 1);
      expect((await admin.put('/document/recycle', { id: [id] })).status).toBe(200);
      expect(await count()).toBe(before);
      expect(await credits()).toBe(c0 - 1);
      expect((await member.client.delete('/document', { id })).status).toBe(200);
      expect(await credits()).toBe(c0 - 1);
      // A moderator holding only the recycle-bin permission sees the bin, with who deleted each document.
      const perms = await admin.get<{ permission: { id: number; path: string }[] }>('/permission/list', {
        wd: 'ListRecycleDocument',
      });
      const role = await admin.post<{ id: number }>('/group', { title: `回收站管理员${Date.now()}` });
      await admin.put('/group/permission', {
        group_id: role.body.id,
        permission_id: perms.body.permission.map((p) => p.id),
      });
      const moderator = await server.api.registerMember('mod');
      await admin.put('/user', { id: moderator.id, group_id: [role.body.id] });
      const bin = await moderator.client.get<{ document: { id: number; deleted_username?: string }[] }>(
        '/document/recycle',
        { size: 100 },
      );
      expect(bin.status).toBe(200);
      expect(bin.body.document.find((d) => d.id === id)?.deleted_username).toBe(member.username);
      const other = await server.api.registerMember('oth');
      expect((await other.client.delete('/document', { id: doc.id })).status).toBe(404);
    }, 60_000);

    it('removes the file once a document is deleted for good and the retention time has passed', async () => {
      const up = await uploadFile(admin, uniquePath, 'unique.pdf');
      const created = await admin.post<{ document: Doc[] }>('/document', {
        category_id: [],
        document: [{ title: '将被清除', attachment_id: up.body.data!.id }],
      });
      const id = created.body.document[0]!.id;
      await waitForStatus(admin, id, [2, 3]);
      const hash = up.body.data!.hash;
      expect((await fetch(`${server.url}/view/cover/${hash}`)).status).toBe(200);
      await admin.delete('/document', { id });
      expect((await admin.delete('/document/recycle', { id })).status).toBe(200);
      await admin.put('/config', {
        config: [{ category: 'security', name: 'attachment_retention_minute', value: '0' }],
      });
      try {
        const { purgeAttachments } = await import('@wenku/domain');
        const r = await purgeAttachments({
          em: server.booted.db.orm.em.fork(),
          runtime: server.booted.runtime,
          actor: null,
          ip: '',
        });
        expect(r.purged).toBeGreaterThanOrEqual(1);
      } finally {
        await admin.put('/config', {
          config: [{ category: 'security', name: 'attachment_retention_minute', value: '1440' }],
        });
      }
      expect((await fetch(`${server.url}/view/cover/${hash}`)).status).toBe(404);
      expect((await uploadFile(admin, uniquePath, 'again.pdf')).status).toBe(200);
    }, 120_000);
  });
});
