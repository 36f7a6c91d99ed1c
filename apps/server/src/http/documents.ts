import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import {
  admitDocumentUpload,
  downloadLinkHolder,
  previewDir,
  previewPageVariant,
  resolveDownload,
  uploadDocumentFile,
} from '@wenku/domain/documents';
import { buildSitemap } from '@wenku/domain/sitemap';
import { LocalStorage, S3Storage } from '@wenku/domain/storage';
import { DomainError } from '@wenku/shared';
import { type RequestHandler, Router } from 'express';
import multer from 'multer';
import type { AppOptions } from '../app.ts';
import { sendTooLarge } from '../rest/v1/error-handler.ts';
import { admit, contextOf, declaredBodyBytes, door, refuse, serve } from './door.ts';
import { bucketObjects, DEFAULT_PAGE_MEMO_BYTES, FileMemo } from './file-memo.ts';
import { LONG_CACHE } from './page-fast-path.ts';
import { sendStored } from './send-stored.ts';

const pageMissing = () => new DomainError('NOT_FOUND', 'documents.page_not_found');
const coverMissing = () => new DomainError('NOT_FOUND', 'documents.cover_not_found');

/** Room for the multipart boundaries, part headers and the small form fields around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * Receives the one file of a document upload, after the door has admitted a member: the upload right and the size cap
 * of the settings are checked before multer writes a byte, a declared Content-Length over the cap is refused unread,
 * and multer stops a body that lies about its length at the cap as the bytes arrive (it removes its partial file).
 */
function receiveDocumentFile(tmpDir: string): RequestHandler {
  return async (req, res, next) => {
    let maxBytes: number;
    let maxMb: number;
    try {
      ({ maxBytes, maxMb } = await admitDocumentUpload(contextOf(req)));
    } catch (e) {
      refuse(res, req, e);
      return;
    }
    const declared = declaredBodyBytes(req);
    if (declared !== null && declared > maxBytes + MULTIPART_OVERHEAD_BYTES) {
      sendTooLarge(res, { key: 'documents.too_large', params: { mb: maxMb } });
      return;
    }
    const receive = multer({
      dest: tmpDir,
      limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 24 },
    }).single('file');
    receive(req, res, (err?: unknown) => {
      if (!err) return next();
      if (err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE') {
        sendTooLarge(res, { key: 'documents.too_large', params: { mb: maxMb } });
      } else {
        // A malformed or cut-off multipart body; multer has removed what it wrote.
        refuse(res, req, new DomainError('VALIDATION_FAILED', 'common.request_malformed'));
      }
    });
  };
}

/**
 * Page images and covers from local disk, and page images from a bucket streamed through the server: from memory
 * after the first request (the access check still runs). A file this process removes (a purge, a reconversion)
 * leaves memory at once (an object it writes over, too); one removed or written by another process (the worker)
 * within the memo's check interval, 5 s.
 */
export function pageFileMemo(deps: AppOptions): FileMemo {
  const storage = deps.runtime.storage;
  const bytes = deps.pageMemoBytes ?? DEFAULT_PAGE_MEMO_BYTES;
  if (storage instanceof S3Storage) {
    const memo = new FileMemo(bytes, undefined, undefined, undefined, bucketObjects(storage));
    storage.onChanged((key) => memo.forget(key));
    return memo;
  }
  const memo = new FileMemo(bytes);
  if (storage instanceof LocalStorage) storage.onRemoved((path) => memo.forget(path));
  return memo;
}

/**
 * Document files: the upload of moredoc's REST flow (`POST /api/v1/upload/document`, then `POST /api/v1/document`),
 * preview pages (`/view/page/{id or hash}/{n}{ext}`), covers (`/view/cover/{hash}`), signed downloads and the site
 * map. Every route passes the door (ARCHITECTURE.md rule 16): the site gate applies to all of them.
 */
export function createDocumentFilesRouter(deps: AppOptions, memo = pageFileMemo(deps)): Router {
  const r = Router();
  // Partial uploads live beside the storage (one file system, so a finished file moves rather than copies).
  const tmpDir = join(dirname(resolve(deps.storageRoot)), 'upload-tmp');
  mkdirSync(tmpDir, { recursive: true });

  r.post(
    '/api/v1/upload/document',
    admit(deps, 'member'),
    receiveDocumentFile(tmpDir),
    serve(async (ctx, req, res) => {
      if (!req.file) throw new DomainError('VALIDATION_FAILED', 'common.file_required', 'file');
      // multer decodes the name as latin1; browsers send UTF-8.
      const originalname = Buffer.from(req.file.originalname, 'latin1').toString('utf8');
      const data = await uploadDocumentFile(ctx, { path: req.file.path, originalname });
      res.json({ code: 200, message: 'ok', data });
    }),
  );

  // spec §7: /view/page/{id}/{page}{extension}; moredoc's 32-hex file hash is accepted in place of the id.
  r.get(
    '/view/page/:id/:file',
    door(deps, 'public', async (ctx, req, res) => {
      const m = /^(\d+)(\.gzip\.svg|\.svg|\.webp|\.jpg|\.png)$/.exec(String(req.params.file));
      if (!m) throw new DomainError('NOT_FOUND', 'documents.page_not_found');
      // ?w= one of the reader's widths (issue 20): a resized copy, behind the same check as the page.
      const w = req.query.w;
      const width = w === undefined ? null : typeof w === 'string' && /^\d{1,5}$/.test(w) ? Number(w) : -1;
      const file = await previewPageVariant(ctx, String(req.params.id), Number(m[1]), width);
      if (file.gzipSvg) res.set({ 'content-encoding': 'gzip', 'content-type': 'image/svg+xml' });
      // Only pages of public documents may sit in shared caches.
      res.set('cache-control', file.public ? LONG_CACHE : 'private, no-store');
      await sendStored(req, res, deps.runtime.storage, file.key, {
        missing: pageMissing,
        redirect: file.public,
        memo,
      });
    }),
  );

  r.get(
    '/view/cover/:hash',
    door(deps, 'public', async (_ctx, req, res) => {
      const hash = String(req.params.hash).replace(/\.\w+$/, '');
      if (!/^[0-9a-f]{32}$/.test(hash)) throw new DomainError('NOT_FOUND', 'documents.cover_not_found');
      res.set('cache-control', LONG_CACHE);
      await sendStored(req, res, deps.runtime.storage, `${previewDir(hash)}/cover.webp`, {
        missing: coverMissing,
        memo,
      });
    }),
  );

  // The browser follows a download link without the bearer header: the gate judges the member it was issued to.
  r.get(
    '/download/:token',
    door(
      deps,
      'public',
      async (ctx, req, res) => {
        const file = await resolveDownload(ctx, String(req.params.token));
        res.set('cache-control', 'private, no-store');
        await sendStored(req, res, deps.runtime.storage, file.key, {
          filename: file.filename,
          missing: () => new DomainError('NOT_FOUND', 'attachments.not_found'),
        });
      },
      { gateActor: (ctx, req) => downloadLinkHolder(ctx, String(req.params.token)) },
    ),
  );

  // The site map, built by the daily job or PUT /api/v1/sitemap; built on first request if missing.
  r.get(
    ['/sitemap.xml', '/sitemap/:file'],
    door(deps, 'public', async (ctx, req, res) => {
      const file = req.params.file ? String(req.params.file) : 'sitemap.xml';
      if (!/^sitemap(-\d+)?\.xml$/.test(file)) throw new DomainError('NOT_FOUND', 'sitemap.not_found');
      const key = `sitemap/${file}`;
      // Built as the public sees the site, whoever asked first.
      if (!(await deps.runtime.storage.exists(key)) && file === 'sitemap.xml')
        await buildSitemap({ ...ctx, actor: null });
      res.set({ 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' });
      await sendStored(req, res, deps.runtime.storage, key, {
        missing: () => new DomainError('NOT_FOUND', 'sitemap.not_found'),
      });
    }),
  );

  return r;
}
