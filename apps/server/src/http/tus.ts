import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { FileConfigstore, FileStore } from '@tus/file-store';
import { ERRORS, EVENTS, Server, type Upload } from '@tus/server';
import { type DomainContext, requireActor } from '@wenku/domain';
import {
  admitDocumentUpload,
  forgetExpiredUploads,
  releaseUnfinishedUpload,
  reserveUnfinishedUpload,
  uploadDocumentFile,
} from '@wenku/domain/documents';
import { DomainError, HTTP_STATUS_BY_CODE, isDomainError, type ReasonLike } from '@wenku/shared';
import type { Request, Router } from 'express';
import express from 'express';
import type { ServerDeps } from '../context.ts';
import { admit, contextOf } from './door.ts';

const PATH = '/api/v1/upload/tus';
/**
 * Unfinished uploads expire this long after they were created (tus counts from creation, not from the last chunk):
 * longer than the web app gives one file (100 minutes), far shorter than the day they were kept before.
 */
export const TUS_EXPIRE_MS = 3 * 60 * 60 * 1000;
const CLEANUP_EVERY_MS = 15 * 60 * 1000;
/** Per member: unfinished uploads at once, and the bytes they may reserve, in document size caps (docs/decisions.md). */
export const TUS_MAX_UNFINISHED = 5;
export const TUS_MAX_RESERVED_CAPS = 3;

type TusRequest = Parameters<NonNullable<ConstructorParameters<typeof Server>[0]['onIncomingRequest']>>[0];

const answer = (e: DomainError) => ({
  status_code: HTTP_STATUS_BY_CODE[e.code],
  body: JSON.stringify(e.inLanguage()),
});

/**
 * Resumable document uploads (tus 1.0, @tus/server): large files go up in chunks and a dropped connection resumes
 * where it stopped. Every request passes the door as a member before tus reads a byte; an upload belongs to the
 * member who created it (its id starts with theirs). The size cap of the settings holds as bytes arrive, also for
 * uploads that defer their length; a member keeps a few unfinished uploads at most. When the last chunk arrives,
 * the file goes through the same checks as a plain upload and becomes an attachment; the answer carries it.
 */
export function createTusRouter(deps: ServerDeps, dataDir: string): Router {
  const directory = join(dataDir, 'tus');
  mkdirSync(directory, { recursive: true });
  const configstore = new FileConfigstore(directory);
  const datastore = new FileStore({ directory, configstore, expirationPeriodInMilliseconds: TUS_EXPIRE_MS });

  // The door admitted the caller in Express; tus hands its hooks a fetch Request whose Node request is Express's.
  const contextFor = (req: TusRequest): DomainContext => contextOf(req.runtime?.node?.req as Request);
  const memberId = (req: TusRequest) => requireActor(contextFor(req)).user.id;
  const ownedBy = (uploadId: string, userId: number) => uploadId.startsWith(`${userId}-`);

  const tus = new Server({
    path: PATH,
    datastore,
    relativeLocation: true,
    // Locations are relative paths: nothing of them comes from Host or forwarding headers (issue 15 item 13).
    respectForwardedHeaders: false,
    // The settings' cap, also when the length is deferred: tus stops the body at the cap as the bytes arrive.
    maxSize: async (req) => (await admitDocumentUpload(contextFor(req))).maxBytes,
    namingFunction: (req) => `${memberId(req)}-${randomBytes(16).toString('hex')}`,
    async onIncomingRequest(req, uploadId) {
      if (req.method === 'POST') return;
      const userId = memberId(req);
      const upload = await datastore.getUpload(uploadId).catch(() => null);
      if (upload && (!ownedBy(uploadId, userId) || upload.metadata?.userId !== String(userId)))
        throw new DomainError('NOT_FOUND', 'documents.upload_not_found');
    },
    async onUploadCreate(req, upload) {
      const name = upload.metadata?.filename ?? '';
      // Refused before a byte is sent when the declared size is too large (checked again on the bytes at the end).
      const ctx = contextFor(req);
      const { actor, maxBytes } = await admitDocumentUpload(ctx, { name, size: upload.size });
      // Counted in PostgreSQL, so the quota holds across every web process of the site.
      await reserveUnfinishedUpload(
        ctx,
        { id: upload.id, userId: actor.user.id, size: upload.size },
        {
          maxUnfinished: TUS_MAX_UNFINISHED,
          maxReservedBytes: TUS_MAX_RESERVED_CAPS * maxBytes,
          maxBytes,
          expireMs: TUS_EXPIRE_MS,
        },
      );
      return { metadata: { ...upload.metadata, filename: name, userId: String(actor.user.id) } };
    },
    async onUploadFinish(req, upload: Upload) {
      try {
        const data = await uploadDocumentFile(contextFor(req), {
          path: join(directory, upload.id),
          originalname: upload.metadata?.filename ?? '',
        });
        return {
          status_code: 200,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ code: 200, message: 'ok', data }),
        };
      } finally {
        await rm(join(directory, `${upload.id}.json`), { force: true });
        await releaseUnfinishedUpload(contextFor(req), upload.id);
      }
    },
    async onResponseError(req, err) {
      if (isDomainError(err)) return answer(err);
      if ('status_code' in err && err.status_code === 413) {
        const ctx = contextFor(req);
        const { maxMb } = await admitDocumentUpload(ctx).catch(() => ({ maxMb: 0 }));
        // An upload whose bytes went past the cap can never finish: what it wrote goes now, not at expiry.
        const id = new URL(req.url).pathname.slice(PATH.length + 1);
        const pastCap = err.body === ERRORS.ERR_MAX_SIZE_EXCEEDED.body;
        if (pastCap && id && ctx.actor && ownedBy(id, ctx.actor.user.id)) {
          await datastore.remove(id).catch(() => undefined);
          await releaseUnfinishedUpload(ctx, id);
        }
        const reason: ReasonLike = maxMb
          ? { key: 'documents.too_large', params: { mb: maxMb } }
          : 'common.body_too_large';
        const body = new DomainError('VALIDATION_FAILED', reason).inLanguage(ctx.language);
        return { status_code: 413, body: JSON.stringify(body) };
      }
      return undefined;
    },
  });

  // A member who cancels an upload (DELETE) gets its place in the quota back.
  tus.on(EVENTS.POST_TERMINATE, (req, _res, id) => void releaseUnfinishedUpload(contextFor(req), id).catch(() => {}));

  const cleanUp = async () => {
    await tus.cleanUpExpiredUploads().catch(() => undefined);
    await forgetExpiredUploads(
      { em: deps.db.orm.em.fork(), runtime: deps.runtime, actor: null, ip: '' },
      TUS_EXPIRE_MS,
    ).catch(() => undefined);
  };
  const timer = setInterval(() => void cleanUp(), CLEANUP_EVERY_MS);
  timer.unref();

  const router = express.Router();
  router.all(/^\/api\/v1\/upload\/tus(\/.*)?$/, admit(deps, 'member'), (req, res) => void tus.handle(req, res));
  return router;
}
