import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import type { Duplex } from 'node:stream';
import { loadSettings, siteOrigin } from '@wenku/domain/settings';
import express, { type Express } from 'express';
import type { ServerDeps } from './context.ts';
import { createCallbackRouter } from './http/callback.ts';
import { compressAnswers } from './http/compression.ts';
import { createDocumentFilesRouter, pageFileMemo } from './http/documents.ts';
import { limitedTextBody } from './http/door.ts';
import { createOauthRouter } from './http/oauth.ts';
import { createDocsRouter } from './http/openapi.ts';
import { pageImageFastPath } from './http/page-fast-path.ts';
import { fileSecurityHeaders, securityHeaders } from './http/security-headers.ts';
import { createThirdPartyRouter } from './http/third-party.ts';
import { createTusRouter } from './http/tus.ts';
import { createUploadRouter, createUploadsRouter } from './http/upload.ts';
import { createWebHandler } from './http/web.ts';
import { answerNotFound, errorHandler, stopReadingAfterAnswer } from './rest/v1/error-handler.ts';
import { createRestRouter } from './rest/v1/rest-router.ts';
import { createTrpcHandler } from './trpc.ts';

/** The largest JSON body of a procedure call, over tRPC and REST alike (an article with its HTML fits many times). */
const API_BODY_BYTES = 2 * 1024 * 1024;

export interface AppOptions extends ServerDeps {
  trustProxy?: string;
  /** Built web app to serve; omitted in API-only tests. */
  webDist?: string;
  storageRoot: string;
  /** false: every /api/trpc request through tRPC's own adapter (env TRPC_FAST_PATH=0; trpc.ts). Default true. */
  trpcFastPath?: boolean;
  /** Bytes of page images and covers kept in memory (env PAGE_MEMO_MB; http/file-memo.ts). Default 32 MB. */
  pageMemoBytes?: number;
  /** false: every /view/page request through the general middlewares (env PAGE_FAST_PATH=0; page-fast-path.ts). */
  pageFastPath?: boolean;
  /**
   * Routes of a program hosting the app, behind all of its middlewares and routers and ahead of its 404 (the API
   * benchmark's bare routes, scripts/bench/api-server.ts: added after createApp they met the 404 instead).
   */
  hostRoutes?: (app: Express) => void;
}

/**
 * Keep-alive longer than clients and proxies keep idle connections (nginx 60 s): with Node's 5 s default a client
 * may reuse a connection in the instant the server closes it, and its request fails (EPIPE / ECONNRESET), which the
 * browser tests met on a loaded machine. Headers must be allowed a little longer than keep-alive.
 */
export function tuneHttpServer(server: Server): void {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.on('clientError', answerClientError);
}

/**
 * Requests Node refuses before Express sees them (a URL or headers over 16 KB, a malformed request line) are answered
 * `{code, message}` like every other error, instead of Node's bare status line: MOREDOC clients show `message`.
 */
function answerClientError(err: Error & { code?: string }, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, reason, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', '请求的地址或请求头过长']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', '请求超时']
        : [400, 'Bad Request', '请求格式不正确'];
  const body = JSON.stringify({ code: 'VALIDATION_FAILED', message });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Builds the Express app without listening (tests drive it directly). */
export function createApp(opts: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', opts.trustProxy ?? 'loopback');
  app.set('query parser', 'extended');
  // A visitor's page image from memory before every general middleware, with the same checks and headers (issue 19);
  // every other request under /view/page goes on to the documents router.
  const pageMemo = pageFileMemo(opts);
  if (opts.pageFastPath ?? true) app.use(pageImageFastPath(opts, pageMemo));
  // Security headers on every answer, errors included (issue 15 item 10); stored files get their own CSP.
  app.use(securityHeaders());
  app.use(['/uploads', '/view', '/download'], fileSecurityHeaders);
  // Every text answer compressed, in this one place (issue 17).
  app.use(compressAnswers());

  app.get('/health', (_req, res) => {
    res.json({});
  });
  // Crawlers: everything public, the back office and the API excluded, and where the site map is. The Sitemap line
  // needs an absolute URL: it comes from the configured domain, never from the Host header (issue 15 item 13).
  app.get('/robots.txt', async (_req, res, next) => {
    try {
      const s = await loadSettings({ em: opts.db.orm.em.fork(), runtime: opts.runtime, actor: null, ip: '' });
      const origin = siteOrigin(s);
      res
        .type('text/plain')
        .send(
          `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\nDisallow: /me\nDisallow: /ad-frame/\n${origin ? `\nSitemap: ${origin}/sitemap.xml\n` : ''}`,
        );
    } catch (e) {
      next(e);
    }
  });
  app.get('/api/v1/ping', (req, res) => {
    res.json({ name: String(req.query.name ?? ''), message: 'pong' });
  });

  // Every body is limited before it is read (ARCHITECTURE.md rule 16): tRPC's adapter would read any size itself.
  app.use(
    '/api/trpc',
    limitedTextBody(API_BODY_BYTES),
    createTrpcHandler(opts, undefined, { fastPath: opts.trpcFastPath ?? true }),
  );
  // The MOREDOC route table, before the routers of single paths below (uploads, tus, files, OAuth): a call of the
  // table then walks no other router, and a path the table does not hold goes on to them. No path is in both.
  app.use('/api/v1', createRestRouter(opts, express.json({ limit: API_BODY_BYTES })));
  app.use(createTusRouter(opts, dirname(resolve(opts.storageRoot))));
  app.use(createUploadRouter(opts));
  app.use(createDocumentFilesRouter(opts, pageMemo));
  app.use(createCallbackRouter(opts));
  app.use(createOauthRouter(opts));
  app.use(createDocsRouter(opts.runtime.version));
  app.use('/api', (_req, res) => {
    stopReadingAfterAnswer(res);
    res.status(404).json({ code: 'NOT_FOUND', message: '接口不存在' });
  });

  app.use(createUploadsRouter(opts));

  app.use(createThirdPartyRouter(opts));
  if (opts.webDist && existsSync(join(opts.webDist, 'index.html'))) app.use(createWebHandler(opts, opts.webDist));

  opts.hostRoutes?.(app);
  app.use(answerNotFound);
  app.use(errorHandler);
  return app;
}
