import { join } from 'node:path';
import { can, forbidden, permissionName } from '@wenku/domain';
import { articleRights } from '@wenku/domain/articles';
import { IMAGE_UPLOAD_KINDS, type ImageUploadKind, MAX_IMAGE_BYTES, uploadImage } from '@wenku/domain/attachments';
import { LocalStorage } from '@wenku/domain/storage';
import { DomainError, type PermissionKey } from '@wenku/shared';
import express, { type RequestHandler, Router } from 'express';
import multer from 'multer';
import type { ServerDeps } from '../context.ts';
import { sendTooLarge } from '../rest/v1/error-handler.ts';
import { admit, contextOf, declaredBodyBytes, refuse, serve } from './door.ts';
import { sendStored } from './send-stored.ts';

/** Room for the multipart boundaries and part headers around the image. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, fieldSize: 16 * 1024, parts: 12 },
}).single('file');

/**
 * Who may upload this kind of image, decided before multer reads a byte into memory: any member for an avatar, the
 * holders of its permission for the rest (members who may publish articles for article images).
 */
function receiveImage(kind: ImageUploadKind): RequestHandler {
  return async (req, res, next) => {
    try {
      const ctx = contextOf(req);
      const actor = ctx.actor;
      if (!actor) throw new DomainError('UNAUTHENTICATED', 'auth.unauthenticated');
      if (kind !== 'avatar') {
        const key = `upload.${kind}` as const satisfies PermissionKey;
        // Members who may publish articles may put images in them (moredoc required the permission for this too).
        const publisher = kind === 'article' && (await articleRights(ctx, actor)).canPublish;
        if (!publisher && !can(actor, key))
          throw forbidden({ key: 'auth.permission_denied', params: { title: permissionName(key) } });
      }
    } catch (e) {
      refuse(res, req, e);
      return;
    }
    const declared = declaredBodyBytes(req);
    if (declared !== null && declared > MAX_IMAGE_BYTES + MULTIPART_OVERHEAD_BYTES) {
      sendTooLarge(res, 'attachments.image_too_large');
      return;
    }
    upload(req, res, (err?: unknown) => {
      if (!err) return next();
      if (err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE')
        sendTooLarge(res, 'attachments.image_too_large');
      else refuse(res, req, new DomainError('VALIDATION_FAILED', 'common.request_malformed'));
    });
  };
}

/** Image uploads of moredoc (moredoc-facts §19.1), members only, behind the door (the site gate applies). */
export function createUploadRouter(deps: ServerDeps): Router {
  const r = Router();
  for (const kind of Object.keys(IMAGE_UPLOAD_KINDS) as ImageUploadKind[]) {
    r.post(
      `/api/v1/upload/${kind}`,
      admit(deps, 'member'),
      receiveImage(kind),
      serve(async (ctx, req, res) => {
        if (!req.file) throw new DomainError('VALIDATION_FAILED', 'common.file_required', 'file');
        const data = await uploadImage(ctx, kind, req.file);
        res.json({ code: 200, message: '上传成功', data });
      }),
    );
  }
  return r;
}

/**
 * Stored images (`/uploads/…`: avatars, article images, banners), public and named by their hash, so cached for a
 * month: straight from disk, or from the bucket like every other stored file.
 */
export function createUploadsRouter(deps: ServerDeps & { storageRoot: string }): Router {
  const r = Router();
  const storage = deps.runtime.storage;
  if (storage instanceof LocalStorage) {
    const uploads = join(storage.root, 'uploads');
    r.use('/uploads', express.static(uploads, { maxAge: '30d', immutable: true, index: false, fallthrough: false }));
    return r;
  }
  r.get('/uploads/{*path}', async (req, res, next) => {
    const key = `uploads/${(req.params as { path: string[] }).path.join('/')}`;
    const missing = () => new DomainError('NOT_FOUND', 'common.not_found');
    try {
      // Keys are hashes with an extension; nothing else is ever looked up in the bucket.
      if (!/^uploads(\/[\w.-]+)+$/.test(key) || key.includes('..')) throw missing();
      res.set('cache-control', 'public, max-age=2592000, immutable');
      await sendStored(req, res, storage, key, { missing });
    } catch (e) {
      if (res.headersSent) res.end();
      else next(e);
    }
  });
  return r;
}
