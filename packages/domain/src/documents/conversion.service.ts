import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { hostname } from 'node:os';
import { extname, join } from 'node:path';
import { createScratch, type PreviewFormat, removeScratch, runConversion } from '@wenku/converter';
import { AttachmentContent, Document, DocumentPage, type EntityManager, type IDocument } from '@wenku/db';
import { DocumentStatus, reasonText } from '@wenku/shared';
import type { DomainContext } from '../context.ts';
import { indexDocuments } from '../search/indexer.service.ts';
import { loadSettings } from '../settings/settings.service.ts';
import { documentFileKey, previewDir } from './document.service.ts';
import { nearDuplicates } from './duplicate.service.ts';
import { textFingerprint } from './fingerprint.ts';
import { enqueueOcr, fetchToScratch, planOcr } from './ocr.service.ts';
import { pageVariantDirs } from './page-sizes.ts';

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
export interface ConversionLimits {
  maxRssBytes: number;
  /** A conversion silent this long lost its worker: another may take it over (default 45 s). */
  staleSeconds?: number;
  /** Called once the document is claimed, before the work starts (the worker's log). */
  onStart?: () => void;
}

export async function convertDocument(
  ctx: DomainContext,
  documentId: number,
  limits: ConversionLimits,
): Promise<ConversionOutcome> {
  const em = ctx.em.fork();
  const doc = await em.findOne(Document, { id: documentId, deletedAt: null });
  if (!doc || !CONVERTIBLE.includes(doc.status)) return { status: 'skipped' };
  const forced = doc.status === DocumentStatus.Reconvert;
  // Claimed in one statement, only while still convertible (an owner's edit may have sent it back to review since it
  // was read) and while no live worker holds it: a document approved or queued again in the middle of a conversion
  // waits for that conversion to end (the sweep queues it then) instead of being converted twice at once.
  const owner = `${hostname()}:${process.pid}:${randomUUID()}`;
  const claimed: { affectedRows: number } = await em.getConnection().execute(
    `update document set status = ?, updated_at = now(), convert_owner = ?, convert_beat_at = now()
      where id = ? and status in (${CONVERTIBLE.join(', ')}) and deleted_at is null
        and (convert_owner = '' or convert_beat_at is null or convert_beat_at < now() - make_interval(secs => ?))`,
    [DocumentStatus.Converting, owner, doc.id, limits.staleSeconds ?? STALE_CONVERSION_SECONDS],
    'run',
  );
  if (claimed.affectedRows === 0) return { status: 'skipped' };
  limits.onStart?.();
  try {
    return await convertClaimed(ctx, em, doc, forced, owner, limits);
  } finally {
    await em.nativeUpdate(Document, { id: doc.id, convertOwner: owner }, { convertOwner: '', convertBeatAt: null });
  }
}

async function convertClaimed(
  ctx: DomainContext,
  em: EntityManager,
  doc: IDocument,
  forced: boolean,
  owner: string,
  limits: ConversionLimits,
): Promise<ConversionOutcome> {
  const s = await loadSettings({ ...ctx, em });
  const dir = previewDir(doc.hash);

  if (!forced && !s.bool('converter.enable_convert_repeated_document')) {
    const twin = await em.findOne(
      Document,
      { hash: doc.hash, status: DocumentStatus.Converted, id: { $ne: doc.id }, preview: { $gt: 0 } },
      { orderBy: { id: 'asc' } },
    );
    if (twin && (await ctx.runtime.storage.exists(`${dir}/cover.webp`))) {
      await savePreviews(em, doc.id, twin);
      await finishConversion(em, doc.id, DocumentStatus.Converted, twin.description);
      await em.transactional((tem) => indexDocuments(tem, [doc.id]));
      return { status: 'reused' };
    }
  }

  const started = Date.now();
  const scratch = await createScratch();
  // A heartbeat, several within the time that declares a conversion lost: a conversion whose worker died stops
  // beating, and the sweep queues its document again.
  const beatMs = Math.min(HEARTBEAT_MS, ((limits.staleSeconds ?? STALE_CONVERSION_SECONDS) * 1000) / 4);
  const heartbeat = setInterval(() => {
    void em
      .getConnection()
      .execute('update document set convert_beat_at = now() where id = ? and convert_owner = ?', [doc.id, owner], 'run')
      .catch(() => undefined);
  }, beatMs);
  try {
    const format = (FORMATS as readonly string[]).includes(s.str('converter.extension'))
      ? (s.str('converter.extension') as PreviewFormat)
      : 'webp';
    const timeoutMinutes = s.num('converter.timeout', 30) > 0 ? s.num('converter.timeout', 30) : 30;
    // The converter works on scratch copies, whichever store (local disk or a bucket) holds the files.
    const input = join(scratch, `original${doc.ext}`);
    await ctx.runtime.storage.copyToFile(documentFileKey(doc.hash, doc.ext), input);
    const watermarkKey = s.str('system.watermark').slice(1);
    let watermark: string | undefined;
    if (s.bool('system.enable_watermark') && s.str('system.watermark').startsWith('/uploads/')) {
      watermark = join(scratch, `watermark${extname(watermarkKey)}`);
      await ctx.runtime.storage.copyToFile(watermarkKey, watermark);
    }
    const outDir = join(scratch, 'out');
    // Resized copies of the old pages would outlive them (a watermark added, a page changed): made again on request.
    for (const variants of pageVariantDirs(dir)) await ctx.runtime.storage.removeDir(variants);
    const result = await runConversion(
      {
        input,
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
        blocks: result.pageBlocks?.[i] ?? null,
      }));
      for (let i = 0; i < pages.length; i += 500) await tem.insertMany(DocumentPage, pages.slice(i, i + 500));
      await savePreviews(tem, doc.id, { ...result, previewExt: result.previewExt.replace('.gzip', '') });
      // security.disable_upload_exist_document also refuses near-identical content, known only now that the text is:
      // the same text as another format or a re-saved copy of a document the library holds.
      // Only a document's first conversion: a reconversion or an edit approved again never takes a published one down.
      const firstConversion = !forced && doc.pages === 0;
      const twin =
        firstConversion && s.bool('security.disable_upload_exist_document')
          ? (await nearDuplicates(tem, [doc.id])).get(doc.id)
          : undefined;
      if (twin) {
        const error = reasonText({
          key: 'documents.near_duplicate',
          params: { title: twin.title, similarity: twin.similarity },
        });
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
/** Records the previews a document now has (its own, or those of a twin with the same file), clearing any error. */
function savePreviews(
  em: EntityManager,
  id: number,
  p: Pick<IDocument, 'pages' | 'preview' | 'width' | 'height' | 'previewExt' | 'enableGzip'>,
) {
  return em.nativeUpdate(
    Document,
    { id },
    {
      pages: p.pages,
      preview: p.preview,
      width: p.width,
      height: p.height,
      previewExt: p.previewExt,
      enableGzip: p.enableGzip,
      convertError: '',
    },
  );
}

async function finishConversion(em: EntityManager, id: number, status: number, description?: string) {
  await em.nativeUpdate(Document, { id, status: DocumentStatus.Converting }, { status });
  if (description) await em.nativeUpdate(Document, { id, description: '' }, { description });
}

/** Documents waiting for a conversion job: pending, reconvert or converting, and held by no live worker. */
export async function documentsAwaitingConversion(
  ctx: DomainContext,
  staleSeconds = STALE_CONVERSION_SECONDS,
): Promise<number[]> {
  const rows = await ctx.em.getConnection().execute<{ id: number }[]>(
    `select id from document where deleted_at is null
       and (convert_owner = '' or convert_beat_at is null or convert_beat_at < now() - make_interval(secs => ?))
       and status in (0, 1, 5) order by id limit 500`,
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
      {
        status: DocumentStatus.Failed,
        convertError: reasonText({
          key: 'documents.near_duplicate',
          params: { title: twin.title, similarity: twin.similarity },
        }),
      },
    );
  }
  return { status: 'done', duplicateOf: twin?.id };
}
