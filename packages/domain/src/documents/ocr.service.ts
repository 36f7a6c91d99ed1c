import { createWriteStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createScratch, flattenText, removeScratch, runOcr } from '@wenku/converter';
import { AttachmentContent, Document, DocumentPage, type EntityManager } from '@wenku/db';
import { DocumentStatus } from '@wenku/shared';
import type { DomainContext } from '../context.ts';
import { indexDocuments } from '../search/indexer.service.ts';
import type { Settings } from '../settings/settings.cache.ts';
import { loadSettings } from '../settings/settings.service.ts';
import { documentFileKey, previewDir } from './document.service.ts';
import { textFingerprint } from './fingerprint.ts';

export const OCR_QUEUE = 'ocr-document';

/** spec-free addition (issue 18): 0 none, 1 waiting or running, 2 done, 3 failed. */
export const OcrStatus = { None: 0, Running: 1, Done: 2, Failed: 3 } as const;

/** Always read: the site's own languages (Chinese simplified and traditional) and English. */
const BASE_LANGUAGES = ['chi_sim', 'chi_tra', 'eng'];
/** Document language codes (by their first part) → Tesseract packs, used when Debian's pack is installed. */
const TESSERACT_LANGUAGE: Record<string, string> = {
  ja: 'jpn',
  ko: 'kor',
  fr: 'fra',
  de: 'deu',
  es: 'spa',
  it: 'ita',
  pt: 'por',
  ru: 'rus',
  ar: 'ara',
  he: 'heb',
  hi: 'hin',
  th: 'tha',
  vi: 'vie',
};
const TESSDATA = '/usr/share/tesseract-ocr/5/tessdata';

/** Tesseract languages for a document: the base ones and its own language when that pack is installed. */
export function ocrLanguages(language: string): string[] {
  const pack = TESSERACT_LANGUAGE[language.toLowerCase().split(/[-_]/)[0] ?? ''];
  return pack && existsSync(join(TESSDATA, `${pack}.traineddata`)) ? [...BASE_LANGUAGES, pack] : BASE_LANGUAGES;
}

/** The pages OCR takes: those without text, within `converter.ocr_max_pages` (0: all). */
function ocrCandidates(pageTexts: readonly string[], s: Settings): number[] {
  if (!s.bool('converter.enable_ocr', true)) return [];
  const cap = Math.max(0, s.num('converter.ocr_max_pages', 50));
  const pages: number[] = [];
  for (const [i, text] of pageTexts.entries()) {
    if (cap > 0 && i >= cap) break;
    if (!text.trim()) pages.push(i + 1);
  }
  return pages;
}

/**
 * After a conversion (same transaction): marks the document for OCR when some of its pages have no text layer.
 * Returns whether an OCR job is to be queued once the transaction commits.
 */
export async function planOcr(em: EntityManager, documentId: number, pageTexts: readonly string[], s: Settings) {
  const pages = ocrCandidates(pageTexts, s);
  await em.nativeUpdate(
    Document,
    { id: documentId },
    pages.length
      ? { ocrStatus: OcrStatus.Running, ocrPages: pages.length, ocrDone: 0 }
      : { ocrStatus: OcrStatus.None, ocrPages: 0, ocrDone: 0 },
  );
  return pages.length > 0;
}

/** Queues a document's OCR job (the worker's OCR queue; one job per document at a time). */
export async function enqueueOcr(ctx: DomainContext, documentId: number) {
  try {
    await ctx.runtime.queue?.send(OCR_QUEUE, { documentId }, { singletonKey: `ocr:${documentId}` });
  } catch (e) {
    console.error('enqueue ocr', documentId, e);
  }
}

/** Copies a stored file into a scratch folder (works for any Storage, local or object store). */
export async function fetchToScratch(ctx: DomainContext, key: string, path: string) {
  await pipeline(ctx.runtime.storage.read(key), createWriteStream(path));
}

/**
 * The OCR job: recognises the text of a converted document's pages without a text layer in a child process, stores
 * each page's text and line boxes as it is done (progress in `ocr_done`), then the document's whole text, fingerprint
 * and search index, so site search, in-document search and the text layer work on scans. Pages only rendered as SVG
 * are skipped for formats MuPDF cannot reopen (there is no raster to read).
 */
export async function ocrDocument(ctx: DomainContext, documentId: number, limits: { maxRssBytes: number }) {
  const em = ctx.em.fork();
  const doc = await em.findOne(Document, { id: documentId, deletedAt: null });
  if (!doc || doc.ocrStatus !== OcrStatus.Running || doc.status !== DocumentStatus.Converted)
    return { status: 'skipped' };
  const s = await loadSettings({ ...ctx, em });
  const rows = await em.find(
    DocumentPage,
    { hash: doc.hash },
    { orderBy: { page: 'asc' }, fields: ['page', 'content', 'width', 'height'] },
  );
  const pages = ocrCandidates(
    rows.map((r) => r.content),
    s,
  );
  const scratch = await createScratch();
  try {
    const ext = doc.ext.replace(/^\./, '');
    const input = join(scratch, `source.${ext}`);
    await fetchToScratch(ctx, documentFileKey(doc.hash, doc.ext), input);
    const images: Record<number, { path: string; width: number; height: number }> = {};
    if (doc.previewExt !== '.svg') {
      for (const n of pages) {
        const row = rows.find((r) => r.page === n);
        if (n > doc.preview || !row) continue;
        const path = join(scratch, `${n}${doc.previewExt}`);
        await fetchToScratch(ctx, `${previewDir(doc.hash)}/${n}${doc.previewExt}`, path);
        images[n] = { path, width: row.width, height: row.height };
      }
    }
    const timeoutMinutes = s.num('converter.timeout', 30) > 0 ? s.num('converter.timeout', 30) : 30;
    await runOcr(
      { input, ext, pages, languages: ocrLanguages(doc.language), workDir: scratch, images, timeoutMs: 5 * 60_000 },
      {
        timeoutMs: timeoutMinutes * 60_000,
        maxRssBytes: limits.maxRssBytes,
        async onPage(page) {
          await em.nativeUpdate(
            DocumentPage,
            { hash: doc.hash, page: page.page },
            { content: page.text, lines: page.lines },
          );
          await em
            .getConnection()
            .execute('update document set ocr_done = least(ocr_pages, ocr_done + 1) where id = ?', [doc.id]);
        },
      },
    );
    await em.transactional(async (tem) => {
      const all = await tem.find(DocumentPage, { hash: doc.hash }, { orderBy: { page: 'asc' }, fields: ['content'] });
      const text = flattenText(all.map((p) => p.content).join('\n'));
      await tem.upsert(
        AttachmentContent,
        { hash: doc.hash, content: text, contentSize: Buffer.byteLength(text), simhash: textFingerprint(text) },
        { onConflictFields: ['hash'], onConflictMergeFields: ['content', 'contentSize', 'simhash', 'updatedAt'] },
      );
      await tem.nativeUpdate(Document, { id: doc.id }, { ocrStatus: OcrStatus.Done, ocrDone: pages.length });
      // A scan's description is its recognised text, as a converted document's is its extracted text.
      if (text)
        await tem.nativeUpdate(
          Document,
          { id: doc.id, description: '' },
          { description: [...text].slice(0, 255).join('') },
        );
      await indexDocuments(tem, [doc.id]);
    });
    return { status: 'done', pages: pages.length };
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e);
    await em.nativeUpdate(Document, { id: doc.id }, { ocrStatus: OcrStatus.Failed });
    console.warn(`document ${doc.id}: OCR failed: ${error}`);
    return { status: 'failed', error };
  } finally {
    await removeScratch(scratch);
  }
}
