import { passSiteGate } from '@wenku/domain/auth';
import { previewPageFile } from '@wenku/domain/documents';
import { LocalStorage, S3Storage } from '@wenku/domain/storage';
import type { Request, RequestHandler } from 'express';
import type { AppOptions } from '../app.ts';
import { createRequestContext } from '../context.ts';
import { compressAnswers } from './compression.ts';
import type { FileMemo } from './file-memo.ts';
import { fileSecurityHeaders, securityHeaders } from './security-headers.ts';

export const LONG_CACHE = 'public, max-age=2592000, immutable';

/** `/view/page/{id or hash}/{n}{ext}` as a reader's `<img>` asks for it: no query, no encoded character. */
const PAGE_URL = /^\/view\/page\/(\d{1,15}|[0-9a-f]{32})\/(\d{1,9})(\.gzip\.svg|\.svg|\.webp|\.jpg|\.png)$/;

/** The content types `res.type` gives the page images' extensions. */
const PAGE_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
};

/**
 * The headers the app's security middlewares (helmet, then the stored files' CSP) leave on an answer under `/view`,
 * found once by running them on a stand-in response: the fast path sets the same headers without running them.
 */
export function fileAnswerHeaders(): [string, string][] {
  const headers = new Map<string, [string, string]>();
  const res = {
    setHeader(name: string, value: string) {
      headers.set(name.toLowerCase(), [name, String(value)]);
      return res;
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
    getHeader: (name: string) => headers.get(name.toLowerCase())?.[1],
  };
  // helmet and the file CSP answer synchronously: they only set headers and call next.
  let passed = 0;
  const next = () => {
    passed++;
  };
  // biome-ignore lint/suspicious/noExplicitAny: a stand-in for the few response methods the middlewares call
  securityHeaders()({} as any, res as any, next);
  // biome-ignore lint/suspicious/noExplicitAny: as above
  fileSecurityHeaders({} as any, res as any, next);
  if (passed !== 2) throw new Error('the security headers middlewares did not pass synchronously');
  return [...headers.values()];
}

/**
 * The common request of a page image (issue 19), answered ahead of the app's general middlewares and routers: a
 * visitor's request (no bearer token, no query, no byte range) for a page of a public document. The checks are the
 * door's and the handler's own (the site gate, then `previewPageFile`: the document's state, visibility and preview
 * limit), run on every request, and the answer carries the same headers; only the per-request work a picture does not
 * need is left out (helmet's 13 headers built again, the compression wrapper, matching the routers ahead of the
 * page's, Express's `res.send`). Where the file comes from:
 * - local disk, or a bucket streamed through the server: the bytes from the memo (`memo` reads the disk or the bucket
 *   and compares its copy with it every few seconds), with the file's validators (the store's ETag for a bucket);
 * - a bucket with S3_REDIRECT_SECONDS: the redirect to the signed link of the current window, which the store keeps
 *   (no signing per request), never cached itself, as the general route answers it.
 * Anything else (a refusal, a missing file, a member's request, an uncompressed SVG page that compression may
 * encode, a resized width, a file too large to keep) goes on to the general route, which answers it as before.
 */
export function pageImageFastPath(deps: AppOptions, memo: FileMemo): RequestHandler {
  const headers = fileAnswerHeaders();
  // A redirect's text body goes through compression as on the general route (its Vary, and gzip once it is long).
  const compress = compressAnswers();
  const storage = deps.runtime.storage;
  const bucket = storage instanceof S3Storage ? storage : undefined;
  const redirectSeconds = bucket?.options.redirectSeconds ?? 0;
  const fileKey: ((key: string) => string) | undefined =
    storage instanceof LocalStorage ? (key) => storage.localPath(key) : bucket ? (key) => key : undefined;
  return async (req, res, next) => {
    if (!fileKey || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    if (req.headers.authorization !== undefined || req.headers.range !== undefined) return next();
    const m = PAGE_URL.exec(req.url);
    if (!m) return next();
    let contentType: string | undefined;
    let gzipSvg: boolean;
    let file: Awaited<ReturnType<FileMemo['get']>>;
    let location: string | undefined;
    try {
      const ctx = await createRequestContext(deps, req);
      await passSiteGate(ctx, null);
      const page = await previewPageFile(ctx, m[1] as string, Number(m[2]));
      // Only public pages (cached anywhere); an SVG page stored uncompressed may be compressed by the general path.
      if (!page.public || (!page.gzipSvg && page.key.endsWith('.svg'))) return next();
      // The type `res.type` gives the stored file's extension (the document's, whatever the URL's says).
      contentType = page.gzipSvg ? 'image/svg+xml' : PAGE_TYPES[page.key.slice(page.key.lastIndexOf('.'))];
      if (!contentType) return next();
      gzipSvg = page.gzipSvg;
      if (bucket && redirectSeconds > 0) {
        // The link `sendStored` signs for this page, with the headers the store is to answer with.
        location = await bucket.signedUrl(page.key, redirectSeconds, {
          cacheControl: LONG_CACHE,
          contentType,
          contentEncoding: gzipSvg ? 'gzip' : undefined,
        });
      } else {
        file = await memo.get(fileKey(page.key));
        if (!file) return next();
      }
    } catch {
      // Refusals and failures are the general route's to answer, in its own way.
      return next();
    }
    for (const [name, value] of headers) res.setHeader(name, value);
    if (location !== undefined) {
      // As `sendStored` answers: the redirect is never cached, so the next request passes the access check again.
      res.setHeader('cache-control', 'private, no-store');
      const to = location;
      compress(req, res, () => res.redirect(302, to));
      return;
    }
    if (!file) return next();
    if (gzipSvg) res.setHeader('content-encoding', 'gzip');
    res.setHeader('content-type', contentType);
    res.setHeader('cache-control', LONG_CACHE);
    res.setHeader('accept-ranges', 'bytes');
    res.setHeader('etag', file.etag);
    res.setHeader('last-modified', file.lastModified.toUTCString());
    // What `res.send` does with validators (from a bucket: what the store answers the general route's conditional
    // GET), 304 without entity headers when the client's copy is fresh.
    if (bucket ? storeFresh(req, file.etag, file.lastModified) : req.fresh) {
      res.statusCode = 304;
      res.removeHeader('content-type');
      res.end();
      return;
    }
    res.setHeader('content-length', String(file.body.length));
    if (req.method === 'HEAD') res.end();
    else res.end(file.body);
  };
}

/**
 * Whether a bucket would answer the request's validators with 304 (what the general route passes on): If-None-Match
 * against the ETag (weak comparison), else If-Modified-Since against Last-Modified. Unlike `req.fresh`, a request's
 * `Cache-Control: no-cache` does not stop a 304: the store never sees it.
 */
function storeFresh(req: Request, etag: string, lastModified: Date): boolean {
  const noneMatch = req.headers['if-none-match'];
  if (noneMatch !== undefined) {
    const tag = etag.replace(/^W\//, '');
    return noneMatch.trim() === '*' || noneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === tag);
  }
  const since = Date.parse(req.headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
}
