import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import type { AppRouter } from '@wenku/api';
import * as mupdf from 'mupdf';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makePdf, publishDocument, waitForDocument } from './testing/files.ts';
import { type RestClient, startTestServer, type TestServer } from './testing/harness.ts';

/** The reader (issue 20): page images in sizes for phones, the text mode and the reading position. */

let server: TestServer;
let admin: RestClient;
let restore: () => Promise<void>;
let doc: { id: number; preview_ext: string };
/** Documents the tests disabled: never offered to visitors. */
const hidden: number[] = [];

/** Five pages, each opening with a 26 pt heading over 11 pt body lines; `label` makes the file unique. */
function structuredPdf(label: string): Buffer {
  const pdf = new mupdf.PDFDocument();
  const font = pdf.addSimpleFont(new mupdf.Font('Times-Roman'));
  const bold = pdf.addSimpleFont(new mupdf.Font('Times-Bold'));
  const resources = pdf.addObject({ Font: { F1: font, F2: bold } });
  for (let i = 1; i <= 5; i++) {
    const body = Array.from(
      { length: 12 },
      (_, j) => `(Body text of page ${i} line ${j} reads on and on ${label}) Tj 0 -14 Td`,
    ).join(' ');
    const ops = `BT /F2 26 Tf 56 770 Td (Chapter ${i} Heading) Tj ET BT /F1 11 Tf 56 720 Td ${body} ET`;
    pdf.insertPage(-1, pdf.addPage([0, 0, 595, 842], 0, resources, ops));
  }
  const out = Buffer.from(pdf.saveToBuffer('compress').asUint8Array());
  pdf.destroy();
  return out;
}

const trpcAs = (token = '') =>
  createTRPCClient<AppRouter>({
    links: [httpLink({ url: `${server.url}/api/trpc`, headers: token ? { authorization: `Bearer ${token}` } : {} })],
  });

const pageUrl = (page: number, w?: number | string) =>
  `${server.url}/view/page/${doc.id}/${page}${doc.preview_ext}${w === undefined ? '' : `?w=${w}`}`;

beforeAll(async () => {
  server = await startTestServer({ databaseUrl: inject('databaseUrl'), worker: true });
  restore = await server.snapshotConfig();
  admin = await server.api.admin();
  await admin.putConfig({ 'converter.max_preview': '3', 'converter.extension': 'webp' });
  const { id } = await publishDocument(server.url, admin, structuredPdf(`${Date.now()}`), 'Reader test');
  const state = await waitForDocument(admin, id, [2]);
  doc = { id, preview_ext: state.preview_ext };
  expect(state.preview).toBe(3);
}, 180_000);
afterAll(async () => {
  await restore?.();
  await server?.close();
});

describe('page images in sizes for phones', () => {
  it('serves a page at a fixed smaller width, made once and kept, behind the same check as the page', async () => {
    const whole = await fetch(pageUrl(1));
    expect(whole.status).toBe(200);
    const original = (await sharp(Buffer.from(await whole.arrayBuffer())).metadata()).width ?? 0;
    expect(original).toBeGreaterThan(480);

    const small = await fetch(pageUrl(1, 480));
    expect(small.status).toBe(200);
    expect(small.headers.get('content-type')).toContain('image/webp');
    expect(small.headers.get('cache-control')).toContain('public');
    const bytes = Buffer.from(await small.arrayBuffer());
    expect((await sharp(bytes).metadata()).width).toBe(480);
    // Asked again, the kept copy answers: the same bytes.
    const again = Buffer.from(await (await fetch(pageUrl(1, 480))).arrayBuffer());
    expect(again.equals(bytes)).toBe(true);
  });

  it('drops the kept sizes when the document is converted again (a watermark or a changed page never outlives it)', async () => {
    await fetch(pageUrl(2, 720));
    const storage = server.booted.runtime.storage;
    const [row] = await server.sql<{ hash: string }>('select hash from document where id = ?', [doc.id]);
    const kept = async () => {
      const keys: string[] = [];
      for await (const f of storage.list('previews/'))
        if (f.key.includes(row?.hash ?? '?') && /\/w\d+\//.test(f.key)) keys.push(f.key);
      return keys;
    };
    expect((await kept()).length).toBeGreaterThan(0);
    await trpcAs(admin.token).document.reconvert.mutate({ id: [doc.id] });
    await waitForDocument(admin, doc.id, [2]);
    expect(await kept()).toEqual([]);
    // Asked again, made again from the new page.
    const again = await fetch(pageUrl(2, 720));
    expect(again.status).toBe(200);
    expect((await sharp(Buffer.from(await again.arrayBuffer())).metadata()).width).toBe(720);
  });

  it('refuses widths off the list in the site language and pages past the preview', async () => {
    const odd = await fetch(pageUrl(1, 500));
    expect(odd.status).toBe(400);
    expect(((await odd.json()) as { message: string }).message).toContain('图片宽度');
    expect((await fetch(pageUrl(1, 'abc'))).status).toBe(400);
    expect((await fetch(pageUrl(4, 480))).status).toBe(404);
  });

  it('keeps a disabled document’s sizes private: the public gets 404, an administrator a private copy', async () => {
    const other = await publishDocument(server.url, admin, structuredPdf(`off-${Date.now()}`), 'Reader off');
    const state = await waitForDocument(admin, other.id, [2]);
    await trpcAs(admin.token).document.update.mutate({ id: other.id, status: 4 });
    hidden.push(other.id);
    const url = `${server.url}/view/page/${other.id}/1${state.preview_ext}?w=720`;
    expect((await fetch(url)).status).toBe(404);
    const mine = await fetch(url, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect((await sharp(Buffer.from(await mine.arrayBuffer())).metadata()).width).toBe(720);
  });
});

describe('page images sent again and again (issue 19)', () => {
  /** Waits (polling) for the answer a change must bring: the process hears of it from PostgreSQL within moments. */
  async function statusSoon(url: string, expected: number, init?: RequestInit) {
    let status = 0;
    for (const until = Date.now() + 3_000; Date.now() < until; await new Promise((r) => setTimeout(r, 50))) {
      status = (await fetch(url, init)).status;
      if (status === expected) break;
    }
    return status;
  }

  it('answers from memory with the validators, 304, HEAD and ranges of a file, and honours a change of visibility or a deletion at once', async () => {
    const other = await publishDocument(server.url, admin, structuredPdf(`memo-${Date.now()}`), 'Reader memo');
    const state = await waitForDocument(admin, other.id, [2]);
    const url = `${server.url}/view/page/${other.id}/1${state.preview_ext}`;
    const first = await fetch(url);
    expect(first.status).toBe(200);
    const body = Buffer.from(await first.arrayBuffer());
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    expect(first.headers.get('content-type')).toBe('image/webp');
    expect(first.headers.get('content-length')).toBe(String(body.length));
    expect(first.headers.get('cache-control')).toBe('public, max-age=2592000, immutable');
    expect(first.headers.get('last-modified')).toBeTruthy();
    expect(first.headers.get('content-security-policy')).toContain("default-src 'none'");
    const again = await fetch(url);
    expect(Buffer.from(await again.arrayBuffer()).equals(body)).toBe(true);
    expect(again.headers.get('etag')).toBe(etag);
    // (fetch adds `cache-control: no-cache` to a conditional request unless one is given, which forbids a 304.)
    const notModified = await fetch(url, { headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' } });
    expect(notModified.status).toBe(304);
    expect((await notModified.arrayBuffer()).byteLength).toBe(0);
    const since = { 'if-modified-since': first.headers.get('last-modified') ?? '', 'cache-control': 'max-age=0' };
    expect((await fetch(url, { headers: since })).status).toBe(304);
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(body.length));
    const range = await fetch(url, { headers: { range: 'bytes=0-9' } });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer()).equals(body.subarray(0, 10))).toBe(true);

    // Disabled: refused to the public as soon as the process hears of it; its owner gets a private copy.
    await trpcAs(admin.token).document.update.mutate({ id: other.id, status: 4 });
    expect(await statusSoon(url, 404)).toBe(404);
    const mine = await fetch(url, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    // Enabled again, then deleted: public, then refused.
    await trpcAs(admin.token).document.update.mutate({ id: other.id, status: 2 });
    expect(await statusSoon(url, 200)).toBe(200);
    await trpcAs(admin.token).document.delete.mutate({ id: [other.id] });
    expect(await statusSoon(url, 404)).toBe(404);
    expect((await fetch(url, { headers: { authorization: `Bearer ${admin.token}` } })).status).toBe(404);
  }, 120_000);

  it("answers a visitor's page ahead of the general middlewares with the general route's status, headers and bytes, and stops at once when the document turns private", async () => {
    const other = await publishDocument(server.url, admin, structuredPdf(`fast-${Date.now()}`), 'Reader fast path');
    const state = await waitForDocument(admin, other.id, [2]);
    const url = `${server.url}/view/page/${other.id}/1${state.preview_ext}`;
    // A query (any) sends the request down the general route: the door, helmet, compression and the documents router.
    const general = `${url}?general=1`;
    const seen = async (target: string, init?: RequestInit) => {
      const res = await fetch(target, init);
      const headers = Object.fromEntries(
        [...res.headers].filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name)),
      );
      return { status: res.status, headers, body: Buffer.from(await res.arrayBuffer()) };
    };
    await fetch(general);
    const fast = await seen(url);
    expect(fast.status).toBe(200);
    expect(fast.body.length).toBeGreaterThan(0);
    expect(fast).toEqual(await seen(general));
    const since = { 'if-none-match': fast.headers.etag ?? '', 'cache-control': 'max-age=0' };
    const notModified = await seen(url, { headers: since });
    expect(notModified.status).toBe(304);
    expect(notModified).toEqual(await seen(general, { headers: since }));
    const modifiedSince = { 'if-modified-since': fast.headers['last-modified'] ?? '', 'cache-control': 'max-age=0' };
    expect(await seen(url, { headers: modifiedSince })).toEqual(await seen(general, { headers: modifiedSince }));
    expect(await seen(url, { method: 'HEAD' })).toEqual(await seen(general, { method: 'HEAD' }));
    // Past the preview: refused as the general route refuses.
    const past = `${server.url}/view/page/${other.id}/${state.preview + 1}${state.preview_ext}`;
    expect(await seen(past)).toEqual(await seen(`${past}?general=1`));
    expect((await seen(past)).status).toBe(404);

    // Turned private (disabled): refused as soon as the process hears of it (its access cache is dropped).
    await trpcAs(admin.token).document.update.mutate({ id: other.id, status: 4 });
    expect(await statusSoon(url, 404)).toBe(404);
    expect((await seen(url)).status).toBe(404);
    expect(await seen(url)).toEqual(await seen(general));
  }, 120_000);
});

describe('text mode', () => {
  it('reflows previewable pages into headings and paragraphs, and nothing past the preview', async () => {
    const anon = trpcAs();
    const text = await anon.document.readingText.query({ id: doc.id, from: 1, count: 10 });
    expect(text.readable).toBe(3);
    expect(text.total).toBe(5);
    expect(text.pages.map((p) => p.page)).toEqual([1, 2, 3]);
    expect(text.pages[0]?.blocks[0]).toEqual({ k: 1, t: 'Chapter 1 Heading' });
    const body = text.pages[0]?.blocks.filter((b) => b.k === 0) ?? [];
    // The body lines, each placed on its own in the PDF, read as one paragraph.
    expect(body.length).toBe(1);
    expect(body.map((b) => b.t).join(' ')).toContain('Body text of page 1 line 11');
    // Pages past the preview give nothing away, whatever is asked.
    const past = await anon.document.readingText.query({ id: doc.id, from: 4, count: 2 });
    expect(past.pages).toEqual([]);
    expect(JSON.stringify(past)).not.toContain('page 4');
  });

  it('structures pages converted before the structure was kept from their line boxes', async () => {
    await server.sql(`update document_page set blocks = null where hash = (select hash from document where id = ?)`, [
      doc.id,
    ]);
    const text = await trpcAs().document.readingText.query({ id: doc.id, from: 2, count: 1 });
    expect(text.pages[0]?.blocks[0]).toEqual({ k: 1, t: 'Chapter 2 Heading' });
    expect(text.pages[0]?.blocks.slice(1).every((b) => b.k === 0)).toBe(true);
  });

  it('answers a hidden document as not found', async () => {
    const other = await publishDocument(server.url, admin, structuredPdf(`hid-${Date.now()}`), 'Reader hidden');
    await waitForDocument(admin, other.id, [2]);
    await trpcAs(admin.token).document.update.mutate({ id: other.id, status: 4 });
    hidden.push(other.id);
    const e = await trpcAs()
      .document.readingText.query({ id: other.id, from: 1, count: 1 })
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(TRPCClientError);
    expect((e as TRPCClientError<AppRouter>).data?.httpStatus).toBe(404);
  });
});

describe('reading position', () => {
  it('keeps where each member stopped, within the readable pages; visitors have none', async () => {
    const a = await server.api.registerMember('rd');
    const b = await server.api.registerMember('rd');
    expect(await trpcAs().document.readingPosition.query({ id: doc.id })).toEqual({ page: 0 });
    const anonSave = await trpcAs()
      .document.saveReadingPosition.mutate({ id: doc.id, page: 2 })
      .catch((x: unknown) => x);
    expect((anonSave as TRPCClientError<AppRouter>).data?.httpStatus).toBe(401);

    const ta = trpcAs(a.client.token);
    expect(await ta.document.readingPosition.query({ id: doc.id })).toEqual({ page: 0 });
    await ta.document.saveReadingPosition.mutate({ id: doc.id, page: 2 });
    await ta.document.saveReadingPosition.mutate({ id: doc.id, page: 3 });
    expect(await ta.document.readingPosition.query({ id: doc.id })).toEqual({ page: 3 });
    expect(await trpcAs(b.client.token).document.readingPosition.query({ id: doc.id })).toEqual({ page: 0 });

    const past = await ta.document.saveReadingPosition.mutate({ id: doc.id, page: 4 }).catch((x: unknown) => x);
    expect((past as TRPCClientError<AppRouter>).message).toBe('页码超出可阅读的范围');
    expect(await ta.document.readingPosition.query({ id: doc.id })).toEqual({ page: 3 });
    const rows = await server.sql<{ n: string }>(
      'select count(*) as n from reading_position where user_id = ? and document_id = ?',
      [a.id, doc.id],
    );
    expect(Number(rows[0]?.n)).toBe(1);
  });
});

describe('related documents under the reader', () => {
  it('offers the public documents alike or most downloaded, never a hidden one', async () => {
    const next = await publishDocument(server.url, admin, makePdf(2, `next-${Date.now()}`), 'Quite different');
    await waitForDocument(admin, next.id, [2]);
    await server.sql('update document set download_count = 9 where id = ?', [next.id]);
    const related = await trpcAs().document.related.query({ id: doc.id });
    const ids = related.document.map((d) => d.id);
    expect(ids).toContain(next.id);
    expect(ids).not.toContain(doc.id);
    expect(hidden.length).toBe(2);
    for (const id of hidden) expect(ids).not.toContain(id);
  });
});
