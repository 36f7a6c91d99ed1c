import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { officeFiles } from '../../../packages/converter/src/testing/office-files.ts';
import { makeScannedPdf } from '../../../packages/converter/src/testing/scanned-pdf.ts';
import { type RestClient, startTestServer, type TestServer } from './testing/harness.ts';

// Issue 18: scanned pages become searchable (OCR), full-width letters are found, and near duplicates are flagged.
let server: TestServer;
let admin: RestClient;
let category: number;
const marker = Math.random().toString(36).slice(2, 8);

interface Doc {
  id: number;
  uuid: string;
  title: string;
  status: number;
  convert_error?: string;
  ocr_status?: number;
  ocr_pages?: number;
  ocr_done?: number;
  duplicate_of?: { id: number; uuid: string; title: string; similarity: number } | null;
}

async function upload(client: RestClient, data: Buffer, name: string, title: string): Promise<number> {
  const { status, body } = await client.upload<{ data?: { id: number }; message?: string }>('document', data, name);
  if (!body.data) throw new Error(`upload ${name}: ${status} ${body.message}`);
  const created = await client.post<{ document: Doc[] }>('/document', {
    category_id: [category],
    document: [{ title, attachment_id: body.data.id }],
  });
  return created.body.document[0]!.id;
}

async function waitFor(id: number, done: (d: Doc) => boolean, ms = 120_000): Promise<Doc> {
  const until = Date.now() + ms;
  for (;;) {
    const res = await admin.get<Doc>('/document', { id });
    if (res.status === 200 && done(res.body)) return res.body;
    if (Date.now() > until) throw new Error(`document ${id}: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  server = await startTestServer({ databaseUrl: inject('databaseUrl'), worker: true });
  admin = await server.api.admin();
  category = (await admin.post<{ category: { id: number }[] }>('/category', { title: `扫描${marker}` })).body
    .category[0]!.id;
}, 240_000);
afterAll(() => server.close());

describe('OCR of scanned pages', () => {
  it('a scanned PDF becomes searchable: site search, in-document search, the text layer, progress for admins', async () => {
    // Letters OCR cannot confuse (no l/1/I, o/0, rn/m), so the marker reads back exactly.
    const word = `zebra${[...marker].map((c) => 'acekmsuwxz'[Number.parseInt(c, 36) % 10]).join('')}`;
    const pdf = await makeScannedPdf([[`Quarterly ${word} survey`, '扫描文档的文字识别测试']]);
    const id = await upload(admin, pdf, 'scan.pdf', `扫描件${marker}`);
    const done = await waitFor(id, (d) => d.status === 2 && d.ocr_status === 2);
    expect(done).toMatchObject({ ocr_pages: 1, ocr_done: 1 });
    const found = await server.api.get<{ document: { id: number }[] }>('/search', { wd: word });
    expect(found.body.document.map((d) => d.id)).toContain(id);
    const inside = await server.api.get<{ total: number; pages: { page: number; boxes: number[][] }[] }>(
      '/document/find',
      { id, wd: word },
    );
    expect(inside.body.total).toBe(1);
    expect(inside.body.pages[0]?.boxes[0]?.[2]).toBeGreaterThan(0);
    const layer = await server.api.get<{ lines: { t: string }[] }>('/document/page/text', { id, page: 1 });
    expect(layer.body.lines.map((l) => l.t).join('\n')).toContain('文字识别');
    // Members and visitors see no OCR or duplicate details.
    const shown = await server.api.get<Doc>('/document', { id });
    expect(shown.body.ocr_status).toBeUndefined();
    expect(shown.body.duplicate_of).toBeUndefined();
  }, 180_000);

  it('no OCR when the setting is off', async () => {
    const restore = await server.snapshotConfig();
    try {
      await admin.putConfig({ 'converter.enable_ocr': 'false' });
      const id = await upload(admin, await makeScannedPdf([[`Disabled ${marker} page`]]), 'off.pdf', `关闭${marker}`);
      const done = await waitFor(id, (d) => d.status === 2);
      expect(done).toMatchObject({ ocr_status: 0, ocr_pages: 0 });
    } finally {
      await restore();
    }
  }, 120_000);
});

describe('in-document search', () => {
  it('finds full-width letters with a plain query (NFKC on both sides)', async () => {
    const id = await upload(
      admin,
      Buffer.from(`全角测试 ＷＥＮＫＵ${marker.toUpperCase()} 文库\n`),
      'fw.txt',
      `全角${marker}`,
    );
    await waitFor(id, (d) => d.status === 2);
    const inside = await server.api.get<{ total: number; pages: { snippets: string[] }[] }>('/document/find', {
      id,
      wd: `wenku${marker}`,
    });
    expect(inside.body.total).toBe(1);
    expect(inside.body.pages[0]?.snippets[0]).toContain(`<mark>ＷＥＮＫＵ`);
  }, 60_000);
});

describe('near duplicates', () => {
  const words = Array.from({ length: 120 }, (_, i) => `${marker}${(i * 7919).toString(36)}`).join(' ');
  const text = `年度报告 ${marker}\n本文档用于检测重复上传的相同内容。${words}\n我们将继续改进文档转换的质量。\n`;

  it('the same text uploaded as DOCX and as PDF is flagged to reviewers with a link and the similarity', async () => {
    // The files LibreOffice makes from the text, as a member's word processor would (officeFiles: both at once).
    const made = await officeFiles({ docx: { text, to: 'docx' }, pdf: { text, to: 'pdf' } });
    const first = await upload(admin, readFileSync(made.docx), 'report.docx', `原文${marker}`);
    const original = await waitFor(first, (d) => d.status === 2);
    expect(original.duplicate_of).toBeNull();
    const member = await server.api.registerMember('dup');
    const second = await upload(member.client, readFileSync(made.pdf), 'report.pdf', `副本${marker}`);
    // Waiting for review: the text is extracted meanwhile, so the review list can already tell.
    const flagged = await waitFor(second, (d) => !!d.duplicate_of);
    expect(flagged.status).toBe(6);
    expect(flagged.duplicate_of).toMatchObject({ id: first, uuid: original.uuid, title: `原文${marker}` });
    expect(flagged.duplicate_of!.similarity).toBeGreaterThanOrEqual(90);
    const review = await admin.get<{ document: Doc[] }>('/document/list', { status: 6, wd: `副本${marker}` });
    expect(review.body.document.find((d) => d.id === second)?.duplicate_of?.id).toBe(first);
    // Only reviewers see it: the uploader's own view carries no hint.
    expect((await member.client.get<Doc>('/document', { id: second })).body.duplicate_of).toBeUndefined();
  }, 240_000);

  it('disable_upload_exist_document refuses near-identical content of another file', async () => {
    const restore = await server.snapshotConfig();
    try {
      await admin.putConfig({ 'security.disable_upload_exist_document': 'true' });
      const member = await server.api.registerMember('dup2');
      // The same text as a plain text file: another MD5, so the file rule lets it in; the fingerprint does not.
      const id = await upload(member.client, Buffer.from(`${text}\n`), 'copy.txt', `再次${marker}`);
      const refused = await waitFor(id, (d) => d.status === 3);
      const reason = new RegExp(`与已有文档《原文${marker}》内容几乎相同（相似度 \\d+%）`);
      expect(refused.convert_error).toMatch(reason);
      // An administrator's upload skips review: its conversion refuses it once the text is known.
      const own = await upload(admin, Buffer.from(`${text}\n\n`), 'copy2.txt', `管理员副本${marker}`);
      expect((await waitFor(own, (d) => d.status === 3, 40_000)).convert_error).toMatch(reason);
    } finally {
      await restore();
    }
  }, 120_000);
});
