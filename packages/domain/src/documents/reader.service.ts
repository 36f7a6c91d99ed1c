import { buffer } from 'node:stream/consumers';
import { linesFromBoxes, resizePageImage, structurePages, type TextBlock } from '@wenku/converter';
import { Document, DocumentPage, ReadingPosition } from '@wenku/db';
import { DocumentStatus } from '@wenku/shared';
import type { DomainContext } from '../context.ts';
import { invalid, notFound } from '../errors.ts';
import { isVisibleTo } from '../policies/document-visibility.ts';
import { loadSettings } from '../settings/settings.service.ts';
import { previewPageFile } from './document.service.ts';
import { reconvertDocuments } from './document-admin.service.ts';
import { PAGE_WIDTHS } from './page-sizes.ts';

/**
 * The reader (issue 20): page images in the widths a phone needs, the text mode's headings and paragraphs, and where a
 * member stopped reading. Every answer stays within the pages a visitor may preview (`document.preview`), like the
 * page images themselves.
 */

export { PAGE_WIDTHS } from './page-sizes.ts';

/** Variants being made in this process, so a burst of requests for one makes it once. */
const making = new Map<string, Promise<void>>();

/**
 * The stored page image to send for `/view/page/{id}/{n}{ext}?w=`: the same access check as the page itself, then a
 * resized copy kept beside the page (`w{width}/{n}{ext}`, removed with the previews), made on first request. Vector
 * pages (SVG) scale by themselves and are sent whole.
 */
export async function previewPageVariant(ctx: DomainContext, idOrHash: string, page: number, width: number | null) {
  const file = await previewPageFile(ctx, idOrHash, page);
  if (width === null || file.key.endsWith('.svg')) return file;
  if (!(PAGE_WIDTHS as readonly number[]).includes(width))
    throw invalid({ key: 'documents.page_width_invalid', params: { widths: PAGE_WIDTHS.join('、') } }, 'w');
  const slash = file.key.lastIndexOf('/');
  const key = `${file.key.slice(0, slash)}/w${width}${file.key.slice(slash)}`;
  const storage = ctx.runtime.storage;
  if (!(await storage.exists(key))) {
    let job = making.get(key);
    if (!job) {
      job = (async () => {
        if (!(await storage.exists(file.key))) throw notFound('documents.page_not_found');
        const original = await buffer(storage.read(file.key));
        const ext = file.key.slice(file.key.lastIndexOf('.'));
        await storage.put(key, await resizePageImage(original, width, ext));
      })().finally(() => making.delete(key));
      making.set(key, job);
    }
    await job;
  }
  return { ...file, key };
}

async function readableDocument(ctx: DomainContext, id: number) {
  const doc = await ctx.em.findOne(Document, { id, deletedAt: null });
  if (!doc || !isVisibleTo(ctx.actor, doc)) throw notFound('documents.not_found');
  return doc;
}

/** Pages of text the text mode fetches at once at most. */
export const TEXT_PAGES_PER_REQUEST = 10;

/**
 * The text mode: headings and paragraphs of `count` pages from `from`, only of pages a visitor may preview; pages past
 * the preview come back as nothing, with `readable` telling how far one may read. Pages converted before the structure
 * was kept (and pages read by OCR) are structured from their line boxes.
 */
export async function documentReadingText(ctx: DomainContext, input: { id: number; from: number; count?: number }) {
  const doc = await readableDocument(ctx, input.id);
  const readable = Math.max(0, doc.preview);
  const from = Math.max(1, input.from);
  const to = Math.min(readable, from + Math.min(TEXT_PAGES_PER_REQUEST, Math.max(1, input.count ?? 5)) - 1);
  const rows =
    to >= from
      ? await ctx.em.find(
          DocumentPage,
          { hash: doc.hash, page: { $gte: from, $lte: to } },
          { orderBy: { page: 'asc' }, fields: ['page', 'blocks', 'lines'] },
        )
      : [];
  const old = rows.filter((r) => !r.blocks || (r.blocks.length === 0 && r.lines.length > 0));
  const derived = structurePages(old.map((r) => linesFromBoxes(r.lines)));
  const byPage = new Map<number, TextBlock[]>();
  for (const r of rows) byPage.set(r.page, r.blocks ?? []);
  for (const [i, r] of old.entries()) byPage.set(r.page, derived[i] ?? []);
  const pages: { page: number; blocks: TextBlock[] }[] = [];
  for (let page = from; page <= to; page++) pages.push({ page, blocks: byPage.get(page) ?? [] });
  // As the text layer: copying is allowed unless the site turns it off for paid documents.
  const s = await loadSettings(ctx);
  const copyable =
    ctx.actor?.user.id === doc.userId || doc.price === 0 || !s.bool('display.disable_copy_paid_document', false);
  return { pages, readable, total: doc.pages, copyable };
}

/** Where the member stopped reading a document (0 when never, or on its first page). */
export async function readingPosition(ctx: DomainContext, documentId: number) {
  const actor = ctx.actor;
  if (!actor) return { page: 0 };
  const doc = await readableDocument(ctx, documentId);
  const row = await ctx.em.findOne(ReadingPosition, { userId: actor.user.id, documentId });
  return { page: row ? Math.min(row.page, Math.max(1, doc.preview)) : 0 };
}

/** Keeps where the member is reading, within the pages they may read. */
export async function saveReadingPosition(ctx: DomainContext, documentId: number, page: number) {
  const actor = ctx.actor;
  if (!actor) throw notFound('documents.not_found');
  const doc = await readableDocument(ctx, documentId);
  if (page < 1 || page > Math.max(1, doc.preview)) throw invalid('documents.page_out_of_range', 'page');
  await ctx.em.upsert(
    ReadingPosition,
    { userId: actor.user.id, documentId, page },
    { onConflictFields: ['userId', 'documentId'], onConflictMergeFields: ['page', 'updatedAt'] },
  );
  return { page };
}

/**
 * `npm run cli -- reconvert --text-structure`: queues the published documents whose pages were converted before the
 * text mode's structure was kept, so that they get MuPDF's font-based headings instead of the line-box estimate.
 */
export async function reconvertWithoutStructure(ctx: DomainContext) {
  const rows = await ctx.em.execute<{ id: number }[]>(
    `select d.id from document d
      where d.status = ? and d.deleted_at is null
        and exists (select 1 from document_page p where p.hash = d.hash and p.blocks is null)
      order by d.id`,
    [DocumentStatus.Converted],
  );
  if (rows.length === 0) return { count: 0 };
  return reconvertDocuments(
    ctx,
    rows.map((r) => r.id),
  );
}
