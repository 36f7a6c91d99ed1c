import * as mupdf from 'mupdf';
import sharp from 'sharp';
import type { RestClient } from './harness.ts';

/** A PDF of `pages` text pages made with MuPDF (fast, no LibreOffice): `label` makes its bytes (and hash) unique. */
export function makePdf(pages: number, label = `${Date.now()}-${Math.random()}`): Buffer {
  const doc = new mupdf.PDFDocument();
  const font = doc.addSimpleFont(new mupdf.Font('Times-Roman'));
  const resources = doc.addObject({ Font: { F1: font } });
  for (let i = 0; i < pages; i++) {
    const lines = Array.from({ length: 40 }, (_, j) => `(line ${j} of page ${i + 1} ${label}) Tj 0 -16 Td`).join(' ');
    doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, resources, `BT /F1 12 Tf 56 790 Td ${lines} ET`));
  }
  const out = Buffer.from(doc.saveToBuffer('compress').asUint8Array());
  doc.destroy();
  return out;
}

/** A PNG of one colour, `width` × `height` pixels. */
export const makePng = (width: number, height: number, background: string): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** Uploads a document file through `base` (a web process) and publishes it; returns the document's id and hash. */
export async function publishDocument(
  base: string,
  client: RestClient,
  file: Buffer,
  title: string,
): Promise<{ id: number; hash: string; attachmentId: number }> {
  const { status, body: up } = await client
    .withBase(base)
    .upload<{ data?: { id: number; hash: string }; message?: string }>('document', file, `${title}.pdf`);
  if (status !== 200 || !up.data) throw new Error(`upload: ${status} ${JSON.stringify(up)}`);
  const created = await client.withBase(base).post<{ document: { id: number }[] }>('/document', {
    category_id: [],
    document: [{ title, attachment_id: up.data.id }],
  });
  if (created.status !== 200) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
  return { id: created.body.document[0]!.id, hash: up.data.hash, attachmentId: up.data.id };
}

export interface DocumentState {
  status: number;
  pages: number;
  preview: number;
  preview_ext: string;
}

/** Polls a document until its status is one of `statuses` (conversion runs in a worker); throws after `ms`. */
export async function waitForDocument(
  client: RestClient,
  id: number,
  statuses: number[],
  ms = 120_000,
): Promise<DocumentState> {
  const until = Date.now() + ms;
  for (;;) {
    const res = await client.get<DocumentState>('/document', { id });
    if (res.status === 200 && statuses.includes(res.body.status)) return res.body;
    if (Date.now() > until) throw new Error(`document ${id} still ${res.status} ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}
