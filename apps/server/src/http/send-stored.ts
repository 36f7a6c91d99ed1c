import { contentTypeOf, LocalStorage, S3Storage, type Storage } from '@wenku/domain/storage';
import type { DomainError } from '@wenku/shared';
import type { Request, Response } from 'express';
import type { FileMemo } from './file-memo.ts';

export interface SendStoredOptions {
  /** Thrown (before a byte is sent) when the store has no such file. */
  missing: () => DomainError;
  /** Sends the file as a download under this name. */
  filename?: string;
  /**
   * Whether a redirect to a signed link may answer (with S3_REDIRECT_SECONDS): not for private page images, which the
   * web app fetches with the member's token from its own origin (a cross-origin redirect would need CORS on the
   * bucket, and private pages stay behind the server).
   */
  redirect?: boolean;
  /** Small files sent again and again (page images, covers) answered from memory when on local disk. */
  memo?: FileMemo;
}

/**
 * Sends a stored file after the handler has checked access and set the cache headers: from local disk with
 * `res.sendFile`; from a bucket streamed through this server (ranges and validators answered by the store), or, with
 * `S3_REDIRECT_SECONDS`, as a redirect to a signed link that answers with the same headers. The redirect itself is
 * never cached: the next request passes the access check again.
 */
export async function sendStored(
  req: Request,
  res: Response,
  storage: Storage,
  key: string,
  options: SendStoredOptions,
): Promise<void> {
  if (storage instanceof LocalStorage) {
    const path = storage.localPath(key);
    // Byte ranges and downloads go to `send`, which answers them.
    if (options.memo && !options.filename && !req.headers.range && (await sendMemo(res, path, options))) return;
    return sendLocal(res, path, options);
  }
  if (!(storage instanceof S3Storage)) throw new Error(`cannot send files of a ${storage.kind} store`);
  const redirectSeconds = storage.options.redirectSeconds ?? 0;
  const contentType = (res.get('content-type') ?? contentTypeOf(key).contentType).split(';')[0] ?? '';
  if (options.filename) res.attachment(options.filename);
  if (redirectSeconds > 0 && options.redirect !== false) {
    // Not asked of the bucket first (a request more per file): the handlers send only files their records name, and
    // a file missing all the same is the bucket's 404.
    const url = await storage.signedUrl(key, redirectSeconds, {
      cacheControl: res.get('cache-control'),
      contentType: res.get('content-type') ?? contentType,
      contentEncoding: res.get('content-encoding'),
      contentDisposition: res.get('content-disposition'),
    });
    res.set('cache-control', 'private, no-store');
    res.removeHeader('content-encoding');
    res.removeHeader('content-disposition');
    res.redirect(302, url);
    return;
  }
  const answer = await storage.get(key, {
    range: req.headers.range,
    ifNoneMatch: req.headers['if-none-match'],
    ifModifiedSince: req.headers['if-modified-since'],
  });
  if (!answer) throw options.missing();
  if (answer.etag) res.set('etag', answer.etag);
  if (answer.lastModified) res.set('last-modified', answer.lastModified.toUTCString());
  if (!answer.body) {
    // No entity headers on a 304 (a gzip SVG page's type set by the handler), as `res.send` answers from disk.
    res.removeHeader('content-disposition');
    res.removeHeader('content-type');
    if (answer.status === 304) res.set('accept-ranges', 'bytes');
    res.status(answer.status).end();
    return;
  }
  res.status(answer.status);
  res.set({ 'content-type': contentType, 'accept-ranges': 'bytes' });
  if (answer.size !== undefined) res.set('content-length', String(answer.size));
  if (answer.contentRange) res.set('content-range', answer.contentRange);
  const body = answer.body;
  if (req.method === 'HEAD') {
    body.destroy();
    res.end();
    return;
  }
  await new Promise<void>((resolve) => {
    // A client that goes away stops the read from the bucket; an error mid-file can only cut the answer short.
    res.once('close', () => {
      body.destroy();
      resolve();
    });
    body.once('error', () => res.destroy());
    body.pipe(res);
  });
}

function sendLocal(res: Response, path: string, options: SendStoredOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (err?: Error & { status?: number; code?: string }) => {
      if (err && !res.headersSent) reject(err.status === 404 || err.code === 'ENOENT' ? options.missing() : err);
      else resolve();
    };
    if (options.filename) res.download(path, options.filename, { dotfiles: 'deny' }, done);
    else res.sendFile(path, { etag: true, lastModified: true, dotfiles: 'deny' }, done);
  });
}

/**
 * Answers from the memo with the headers `res.sendFile` sets (type by extension unless set, validators, length),
 * 304 when the client's copy is fresh, no body to HEAD. False when the file is too large to keep.
 */
async function sendMemo(res: Response, path: string, options: SendStoredOptions): Promise<boolean> {
  const file = await options.memo?.get(path).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT' || e.code === 'ENOTDIR') throw options.missing();
    throw e;
  });
  if (!file) return false;
  if (!res.get('content-type')) res.type(path.slice(path.lastIndexOf('.')));
  res.set({ 'accept-ranges': 'bytes', etag: file.etag, 'last-modified': file.lastModified.toUTCString() });
  // res.send answers 304 when the request's validators match these (req.fresh) and sends no body to HEAD.
  res.send(file.body);
  return true;
}
