import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSitemap, previewDir, previewPageFile, resolveDownload, uploadDocumentFile } from '@wenku/domain';
import { DomainError } from '@wenku/shared';
import { type Request, type Response, Router } from 'express';
import multer from 'multer';
import { createRequestContext, type ServerDeps } from '../context.ts';
import { sendError } from '../rest/v1/error-handler.ts';

const UPLOAD_TMP = join(tmpdir(), 'wenku-uploads');
mkdirSync(UPLOAD_TMP, { recursive: true });
// Files stream to disk, never into memory; the size limit of the settings is checked by the domain.
const upload = multer({ dest: UPLOAD_TMP, limits: { fileSize: 2 * 1024 ** 3, files: 1 } });

const LONG_CACHE = 'public, max-age=2592000, immutable';

/**
 * Document files: the upload of moredoc's REST flow (`POST /api/v1/upload/document`, then `POST /api/v1/document`),
 * preview pages (`/view/page/{id or hash}/{n}{ext}`), covers (`/view/cover/{hash}`) and signed downloads.
 */
export function createDocumentFilesRouter(deps: ServerDeps): Router {
  const r = Router();

  r.post('/api/v1/upload/document', upload.single('file'), async (req: Request, res: Response) => {
    try {
      const ctx = await createRequestContext(deps, req);
      if (!req.file)
        throw new DomainError('VALIDATION_FAILED', '请选择要上传的文件', [
          { field: 'file', message: '请选择要上传的文件' },
        ]);
      // multer decodes the name as latin1; browsers send UTF-8.
      const originalname = Buffer.from(req.file.originalname, 'latin1').toString('utf8');
      const data = await uploadDocumentFile(ctx, { path: req.file.path, originalname });
      res.json({ code: 200, message: 'ok', data });
    } catch (e) {
      sendError(res, e);
    }
  });

  // spec §7: /view/page/{id}/{page}{extension}; moredoc's 32-hex file hash is accepted in place of the id.
  r.get('/view/page/:id/:file', async (req: Request, res: Response) => {
    try {
      const m = /^(\d+)(\.gzip\.svg|\.svg|\.webp|\.jpg|\.png)$/.exec(String(req.params.file));
      if (!m) throw new DomainError('NOT_FOUND', '页面不存在');
      const ctx = await createRequestContext(deps, req);
      const file = await previewPageFile(ctx, String(req.params.id), Number(m[1]));
      if (file.gzipSvg) res.set({ 'content-encoding': 'gzip', 'content-type': 'image/svg+xml' });
      // Only pages of public documents may sit in shared caches.
      res.set('cache-control', file.public ? LONG_CACHE : 'private, no-store');
      res.sendFile(deps.runtime.storage.localPath(file.key), { etag: true, lastModified: true, dotfiles: 'deny' });
    } catch (e) {
      sendError(res, e);
    }
  });

  r.get('/view/cover/:hash', async (req: Request, res: Response) => {
    try {
      const hash = String(req.params.hash).replace(/\.\w+$/, '');
      if (!/^[0-9a-f]{32}$/.test(hash)) throw new DomainError('NOT_FOUND', '封面不存在');
      const key = `${previewDir(hash)}/cover.webp`;
      if (!(await deps.runtime.storage.exists(key))) throw new DomainError('NOT_FOUND', '封面不存在');
      res.set('cache-control', LONG_CACHE);
      res.sendFile(deps.runtime.storage.localPath(key), { etag: true });
    } catch (e) {
      sendError(res, e);
    }
  });

  r.get('/download/:token', async (req: Request, res: Response) => {
    try {
      const ctx = await createRequestContext(deps, req);
      const file = await resolveDownload(ctx, String(req.params.token));
      if (!(await deps.runtime.storage.exists(file.key))) throw new DomainError('NOT_FOUND', '附件不存在');
      res.set('cache-control', 'private, no-store');
      res.download(deps.runtime.storage.localPath(file.key), file.filename);
    } catch (e) {
      sendError(res, e);
    }
  });

  // The site map, built by the daily job or PUT /api/v1/sitemap; built on first request if missing.
  r.get(['/sitemap.xml', '/sitemap/:file'], async (req: Request, res: Response) => {
    try {
      const file = req.params.file ? String(req.params.file) : 'sitemap.xml';
      if (!/^sitemap(-\d+)?\.xml$/.test(file)) throw new DomainError('NOT_FOUND', '站点地图不存在');
      const key = `sitemap/${file}`;
      if (!(await deps.runtime.storage.exists(key)) && file === 'sitemap.xml') {
        await buildSitemap({ em: deps.db.orm.em.fork(), runtime: deps.runtime, actor: null, ip: '' });
      }
      if (!(await deps.runtime.storage.exists(key))) throw new DomainError('NOT_FOUND', '站点地图不存在');
      res.set({ 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' });
      res.sendFile(deps.runtime.storage.localPath(key));
    } catch (e) {
      sendError(res, e);
    }
  });

  return r;
}
