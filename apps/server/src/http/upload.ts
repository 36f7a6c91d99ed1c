import {
  articleRights,
  forbidden,
  IMAGE_UPLOAD_KINDS,
  type ImageUploadKind,
  loadSettings,
  MAX_IMAGE_BYTES,
  MESSAGES,
  uploadImage,
} from '@wenku/domain';
import { DomainError, getPermission, type PermissionKey, permissionIdentity } from '@wenku/shared';
import { type Request, type Response, Router } from 'express';
import multer from 'multer';
import { createRequestContext, type ServerDeps } from '../context.ts';
import { sendError } from '../rest/v1/error-handler.ts';

const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } });

/** Image uploads of moredoc (moredoc-facts §19.1): avatar for any member, the rest for holders of their permission. */
export function createUploadRouter(deps: ServerDeps): Router {
  const r = Router();
  for (const kind of Object.keys(IMAGE_UPLOAD_KINDS) as ImageUploadKind[]) {
    r.post(`/api/v1/upload/${kind}`, upload.single('file'), async (req: Request, res: Response) => {
      try {
        const ctx = await createRequestContext(deps, req);
        if (!ctx.actor) throw new DomainError('UNAUTHENTICATED', MESSAGES.unauthenticated);
        const s = await loadSettings(ctx);
        if (s.bool('security.is_close') && !ctx.actor.isAdmin) throw forbidden(MESSAGES.siteClosed);
        if (kind !== 'avatar') {
          const def = getPermission(`upload.${kind}` as PermissionKey);
          // Members who may publish articles may put images in them (moredoc required the permission for this too).
          const publisher = kind === 'article' && (await articleRights(ctx, ctx.actor)).canPublish;
          if (!ctx.actor.isRoot && !publisher && !ctx.actor.identities.has(permissionIdentity(def)))
            throw forbidden(MESSAGES.forbidden(def.title));
        }
        if (!req.file)
          throw new DomainError('VALIDATION_FAILED', '请选择要上传的文件', [
            { field: 'file', message: '请选择要上传的文件' },
          ]);
        const data = await uploadImage(ctx, kind, req.file);
        res.json({ code: 200, message: '上传成功', data });
      } catch (e) {
        sendError(res, e);
      }
    });
  }
  return r;
}
