import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createScratch, type PreviewFormat, removeScratch, runConversion } from '@wenku/converter';
import { AttachmentContent, Document, DocumentPage, type EntityManager } from '@wenku/db';
import { DocumentStatus, MESSAGES } from '@wenku/shared';
import type { DomainContext } from '../context.ts';
import { indexDocuments } from '../search/indexer.service.ts';
import { loadSettings } from '../settings/settings.service.ts';
import { documentFileKey, previewDir } from './document.service.ts';
import { nearDuplicates } from './duplicate.service.ts';
import { textFingerprint } from './fingerprint.ts';
import { enqueueOcr, fetchToScratch, planOcr } from './ocr.service.ts';

/** Documents the converter picks up: pending, converting (left by a crash) and queued for reconversion. */
const CONVERTIBLE: readonly number[] = [DocumentStatus.Pending, DocumentStatus.Converting, DocumentStatus.Reconvert];

export interface ConversionOutcome {
  status: 'converted' | 'reused' | 'failed' | 'skipped';
  error?: string;
  seconds?: number;
}

const FORMATS: readonly PreviewFormat[] = ['webp', 'jpg', 'png', 'svg'];
const HEARTBEAT_MS = 10_000;
/** A conversion silent for this long lost its worker. */
export const STALE_CONVERSION_SECONDS = 45;

/**
 * Converts one document (the queue's job): reuses the previews of an already converted document with the same file
 * unless `converter.enable_convert_repeated_document` is on, otherwise renders previews, cover and text in a child
 * process with the configured time limit and a memory cap. Every failure ends in status 3 with a readable reason.
 */
export async function convertDocument(
  ctx: DomainContext,
  documentId: number,
  limits: { maxRssBytes: number },
): Promise<ConversionOutcome> {
  const em = ctx.em.fork();
  const doc = await em.findOne(Document, { id: documentId, deletedAt: null });
  if (!doc || !CONVERTIBLE.includes(doc.status)) return { status: 'skipped' };
  const forced = doc.status === DocumentStatus.Reconvert;
  // Claimed only while still convertible: an owner's edit may have sent it back to review since it was read.
  const claimed = await em.nativeUpdate(
    Document,
    { id: doc.id, status: { $in: [...CONVERTIBLE] } },
    { status: DocumentStatus.Converting, updatedAt: new Date() },
  );
  if (claimed === 0) return { status: 'skipped' };
  const s = await loadSettings({ ...ctx, em });
  const dir = previewDir(doc.hash);

  if (!forced && !s.bool('converter.enable_convert_repeated_document')) {
    const twin = await em.findOne(
      Document,
      { hash: doc.hash, status: DocumentStatus.Converted, id: { $ne: doc.id }, preview: { $gt: 0 } },
      { orderBy: { id: 'asc' } },
    );
    if (twin && (await ctx.runtime.storage.exists(`${dir}/cover.webp`))) {
      await em.nativeUpdate(
        Document,
        { id: doc.id },
        {
          pages: twin.pages,
          preview: twin.preview,
          width: twin.width,
          height: twin.height,
          previewExt: twin.previewExt,
          enableGzip: twin.enableGzip,
          convertError: '',
        },
      );
      await finishConversion(em, doc.id, DocumentStatus.Converted, twin.description);
      await em.transactional((tem) => indexDocuments(tem, [doc.id]));
      return { status: 'reused' };
    }
  }

  const started = Date.now();
  const scratch = await createScratch();
  // A heartbeat on updated_at: a conversion whose worker died stops beating and is picked up again by the sweep.
  const heartbeat = setInterval(() => {
    void em
      .nativeUpdate(Document, { id: doc.id, status: DocumentStatus.Converting }, { updatedAt: new Date() })
      .catch(() => undefined);
  }, HEARTBEAT_MS);
  try {
    const format = (FORMATS as readonly string[]).includes(s.str('converter.extension'))
      ? (s.str('converter.extension') as PreviewFormat)
      : 'webp';
    const timeoutMinutes = s.num('converter.timeout', 30) > 0 ? s.num('converter.timeout', 30) : 30;
    const watermark =
      s.bool('system.enable_watermark') && s.str('system.watermark').startsWith('/uploads/')
        ? ctx.runtime.storage.localPath(s.str('system.watermark').slice(1))
        : undefined;
    const outDir = join(scratch, 'out');
    const result = await runConversion(
      {
        input: ctx.runtime.storage.localPath(documentFileKey(doc.hash, doc.ext)),
        ext: doc.ext,
        outDir,
        workDir: join(scratch, 'work'),
        format,
        gzipSvg: s.bool('converter.enable_gzip', true),
        maxPreview: Math.max(0, s.num('converter.max_preview', 12)),
        maxPreviewPercent: Math.max(0, s.num('converter.max_preview_percent', 100)),
        timeoutMs: timeoutMinutes * 60_000,
        watermarkPath: watermark,
      },
      {
        timeoutMs: timeoutMinutes * 60_000 + 60_000,
        maxRssBytes: limits.maxRssBytes,
        // Pages are published as they render, so the uploader sees the first page in seconds.
        async onPage(page, files) {
          for (const name of files) await ctx.runtime.storage.putFile(`${dir}/${name}`, join(outDir, name));
          const ext = files.find((f) => /^\d+\./.test(f))?.replace(/^\d+/, '') ?? `.${format}`;
          await em.nativeUpdate(
            Document,
            { id: doc.id },
            { preview: page, previewExt: ext.replace('.gzip', ''), enableGzip: ext === '.gzip.svg' },
          );
        },
      },
    );
    for (const name of await readdir(outDir)) await ctx.runtime.storage.putFile(`${dir}/${name}`, join(outDir, name));
    const text = result.text;
    const outcome = await em.transactional(async (tem) => {
      await tem.upsert(
        AttachmentContent,
        { hash: doc.hash, content: text, contentSize: Buffer.byteLength(text), simhash: textFingerprint(text) },
        { onConflictFields: ['hash'], onConflictMergeFields: ['content', 'contentSize', 'simhash', 'updatedAt'] },
      );
      // Per-page text and line positions, for in-document search and a text layer (shared by the file's hash).
      await tem.nativeDelete(DocumentPage, { hash: doc.hash });
      const pages = result.pageTexts.map((content, i) => ({
        hash: doc.hash,
        page: i + 1,
        content,
        lines: result.pageLines[i] ?? [],
        width: result.pageSizes?.[i]?.[0] ?? 0,
        height: result.pageSizes?.[i]?.[1] ?? 0,
      }));
      for (let i = 0; i < pages.length; i += 500) await tem.insertMany(DocumentPage, pages.slice(i, i + 500));
      await tem.nativeUpdate(
        Document,
        { id: doc.id },
        {
          pages: result.pages,
          preview: result.preview,
          width: result.width,
          height: result.height,
          previewExt: result.previewExt.replace('.gzip', ''),
          enableGzip: result.enableGzip,
          convertError: '',
        },
      );
      // security.disable_upload_exist_document also refuses near-identical content, known only now that the text is:
      // the same text as another format or a re-saved copy of a document the library holds.
      // Only a document's first conversion: a reconversion or an edit approved again never takes a published one down.
      const firstConversion = !forced && doc.pages === 0;
      const twin =
        firstConversion && s.bool('security.disable_upload_exist_document')
          ? (await nearDuplicates(tem, [doc.id])).get(doc.id)
          : undefined;
      if (twin) {
        const error = MESSAGES.documentNearDuplicate(twin.title, twin.similarity);
        await tem.nativeUpdate(Document, { id: doc.id }, { convertError: error });
        await finishConversion(tem, doc.id, DocumentStatus.Failed);
        await indexDocuments(tem, [doc.id]);
        return { status: 'failed' as const, error };
      }
      const ocr = await planOcr(tem, doc.id, result.pageTexts, s);
      await finishConversion(tem, doc.id, DocumentStatus.Converted, [...text].slice(0, 255).join(''));
      // Searchable from the moment it is readable: the index row is written in the same transaction.
      await indexDocuments(tem, [doc.id]);
      return { status: 'converted' as const, ocr };
    });
    if (outcome.status === 'failed') return outcome;
    // OCR waits until the previews are visible: pages without a text layer are read afterwards, in their own job.
    if (outcome.ocr) await enqueueOcr(ctx, doc.id);
    return { status: 'converted', seconds: (Date.now() - started) / 1000 };
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e);
    await em.nativeUpdate(Document, { id: doc.id }, { convertError: error.slice(0, 2000) });
    await finishConversion(em, doc.id, DocumentStatus.Failed);
    await em.transactional((tem) => indexDocuments(tem, [doc.id])).catch(() => undefined);
    return { status: 'failed', error };
  } finally {
    clearInterval(heartbeat);
    // A child killed for time or memory leaves its LibreOffice running: removeScratch stops it with the files.
    await removeScratch(scratch);
  }
}

/**
 * The end of a conversion: the status moves on only from converting, so a document sent back to review (or disabled)
 * while it converted stays so; an empty description takes the one found in the file (an edit made meanwhile stays).
 */
async function finishConversion(em: EntityManager, id: number, status: number, description?: string) {
  await em.nativeUpdate(Document, { id, status: DocumentStatus.Converting }, { status });
  if (description) await em.nativeUpdate(Document, { id, description: '' }, { description });
}

/** Documents waiting for a conversion job: pending or reconvert, or converting without a heartbeat (worker died). */
export async function documentsAwaitingConversion(
  ctx: DomainContext,
  staleSeconds = STALE_CONVERSION_SECONDS,
): Promise<number[]> {
  const rows = await ctx.em.getConnection().execute<{ id: number }[]>(
    `select id from document where deleted_at is null and (status in (0, 5)
       or (status = 1 and updated_at < now() - make_interval(secs => ?))) order by id limit 500`,
    [staleSeconds],
  );
  return rows.map((r) => r.id);
}

/**
 * The fingerprint job of a document waiting for review: extracts its text in a child process (previews are not kept),
 * stores it with its fingerprint for the file, so the review list shows a likely duplicate. With
 * `security.disable_upload_exist_document` a near-identical document is refused (status 3 with the reason).
 */
export async function fingerprintDocument(ctx: DomainContext, documentId: number, limits: { maxRssBytes: number }) {
  const em = ctx.em.fork();
  const doc = await em.findOne(Document, { id: documentId, deletedAt: null });
  if (!doc || doc.status !== DocumentStatus.PendingReview) return { status: 'skipped' };
  const known = await em.findOne(AttachmentContent, { hash: doc.hash, simhash: { $ne: null } });
  const s = await loadSettings({ ...ctx, em });
  if (!known) {
    const scratch = await createScratch();
    try {
      const input = join(scratch, `source${doc.ext}`);
      await fetchToScratch(ctx, documentFileKey(doc.hash, doc.ext), input);
      const timeoutMinutes = s.num('converter.timeout', 30) > 0 ? s.num('converter.timeout', 30) : 30;
      const result = await runConversion(
        {
          input,
          ext: doc.ext,
          outDir: join(scratch, 'out'),
          workDir: join(scratch, 'work'),
          format: 'jpg',
          gzipSvg: false,
          maxPreview: 1,
          maxPreviewPercent: 0,
          timeoutMs: timeoutMinutes * 60_000,
        },
        { timeoutMs: timeoutMinutes * 60_000 + 60_000, maxRssBytes: limits.maxRssBytes },
      );
      await em.upsert(
        AttachmentContent,
        {
          hash: doc.hash,
          content: result.text,
          contentSize: Buffer.byteLength(result.text),
          simhash: textFingerprint(result.text),
        },
        { onConflictFields: ['hash'], onConflictMergeFields: ['content', 'contentSize', 'simhash', 'updatedAt'] },
      );
    } catch (e) {
      // The conversion after approval will say what is wrong with the file; the review list just has no hint.
      return { status: 'failed', error: e instanceof Error ? e.message : String(e) };
    } finally {
      await removeScratch(scratch);
    }
  }
  const twin = (await nearDuplicates(em, [doc.id])).get(doc.id);
  if (twin && doc.pages === 0 && s.bool('security.disable_upload_exist_document')) {
    await em.nativeUpdate(
      Document,
      { id: doc.id, status: DocumentStatus.PendingReview },
      { status: DocumentStatus.Failed, convertError: MESSAGES.documentNearDuplicate(twin.title, twin.similarity) },
    );
  }
  return { status: 'done', duplicateOf: twin?.id };
}
