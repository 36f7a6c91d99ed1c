import { mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import { SUPPORTED_DOCUMENT_EXTENSIONS } from '@wenku/converter';
import { canUploadDocument, type DomainContext, loadSettings, resolveActor, uploadDocumentFile } from '@wenku/domain';
import { fileExtension, HTTP_STATUS_BY_CODE, isDomainError, MESSAGES } from '@wenku/shared';
import type { Router } from 'express';
import express from 'express';
import type { ServerDeps } from '../context.ts';

const PATH = '/api/v1/upload/tus';
const EXPIRE_MS = 24 * 60 * 60 * 1000;

const fail = (status: number, code: string, message: string) => ({
  status_code: status,
  body: JSON.stringify({ code, message }),
});

/**
 * Resumable document uploads (tus 1.0, @tus/server): large files go up in chunks and a dropped connection resumes
 * where it stopped. Every request is signed-in; an upload belongs to the member who created it. When the last chunk
 * arrives, the file goes through the same checks as a plain upload and becomes an attachment; the answer carries it.
 */
export function createTusRouter(deps: ServerDeps, dataDir: string): Router {
  const directory = join(dataDir, 'tus');
  mkdirSync(directory, { recursive: true });
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: EXPIRE_MS });

  const contextFor = async (req: Request): Promise<DomainContext> => {
    const em = deps.db.orm.em.fork();
    const token = /^bearer\s+(.+)$/i.exec(req.headers.get('authorization') ?? '')?.[1];
    const actor = await resolveActor(em, deps.runtime, token);
    const ip = req.headers.get('x-forwarded-for')?.split(',')[0]?.trim() ?? '';
    return { em, runtime: deps.runtime, actor, ip };
  };

  const tus = new Server({
    path: PATH,
    datastore,
    relativeLocation: true,
    respectForwardedHeaders: true,
    maxSize: 2 * 1024 ** 3,
    async onIncomingRequest(req, uploadId) {
      const ctx = await contextFor(req);
      if (!ctx.actor) throw fail(401, 'UNAUTHENTICATED', MESSAGES.unauthenticated);
      if (req.method === 'POST') return;
      const upload = await datastore.getUpload(uploadId).catch(() => null);
      if (upload && upload.metadata?.userId !== String(ctx.actor.user.id)) throw fail(404, 'NOT_FOUND', '上传不存在');
    },
    async onUploadCreate(req, upload) {
      const ctx = await contextFor(req);
      if (!ctx.actor) throw fail(401, 'UNAUTHENTICATED', MESSAGES.unauthenticated);
      if (!(await canUploadDocument(ctx)).allowed) throw fail(403, 'FORBIDDEN', '没有权限上传文档');
      const name = upload.metadata?.filename ?? '';
      const ext = fileExtension(name);
      const s = await loadSettings(ctx);
      const allowed = s.list('security.document_allowed_ext').map((e) => e.replace(/^\./, ''));
      if (!SUPPORTED_DOCUMENT_EXTENSIONS.includes(ext) || (allowed.length > 0 && !allowed.includes(ext))) {
        throw fail(400, 'VALIDATION_FAILED', '不支持的文档类型');
      }
      const maxMb = s.num('security.max_document_size', 50) > 0 ? s.num('security.max_document_size', 50) : 50;
      // Refused before a byte is sent when the declared size is too large (checked again on the bytes at the end).
      if ((upload.size ?? 0) > maxMb * 1024 * 1024)
        throw fail(400, 'VALIDATION_FAILED', `文档大小不能超过 ${maxMb} MB`);
      return { metadata: { ...upload.metadata, filename: name, userId: String(ctx.actor.user.id) } };
    },
    async onUploadFinish(req, upload: Upload) {
      const ctx = await contextFor(req);
      try {
        const data = await uploadDocumentFile(ctx, {
          path: join(directory, upload.id),
          originalname: upload.metadata?.filename ?? '',
        });
        return {
          status_code: 200,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ code: 200, message: 'ok', data }),
        };
      } catch (e) {
        if (isDomainError(e)) throw fail(HTTP_STATUS_BY_CODE[e.code], e.code, e.message);
        throw e;
      } finally {
        await rm(join(directory, `${upload.id}.json`), { force: true });
      }
    },
  });

  const timer = setInterval(() => void tus.cleanUpExpiredUploads().catch(() => undefined), 60 * 60 * 1000);
  timer.unref();

  const router = express.Router();
  router.all(/^\/api\/v1\/upload\/tus(\/.*)?$/, (req, res) => {
    void tus.handle(req, res);
  });
  return router;
}
