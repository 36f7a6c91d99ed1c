import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { hostname } from 'node:os';
import { extname, join } from 'node:path';
import { createScratch, type PreviewFormat, removeScratch, runConversion } from '@wenku/converter';
import { AttachmentContent, Document, DocumentPage, type EntityManager, type IDocument } from '@wenku/db';
import { DocumentStatus } from '@wenku/shared';
import type { DomainContext } from '../context.ts';
import { indexDocuments } from '../search/indexer.service.ts';
import { loadSettings } from '../settings/settings.service.ts';
import { documentFileKey, previewDir } from './document.service.ts';

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
    await em.transactional(async (tem) => {
      await tem.upsert(
        AttachmentContent,
        { hash: doc.hash, content: text, contentSize: Buffer.byteLength(text) },
        { onConflictFields: ['hash'], onConflictMergeFields: ['content', 'contentSize', 'updatedAt'] },
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
      await finishConversion(tem, doc.id, DocumentStatus.Converted, [...text].slice(0, 255).join(''));
      // Searchable from the moment it is readable: the index row is written in the same transaction.
      await indexDocuments(tem, [doc.id]);
    });
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
