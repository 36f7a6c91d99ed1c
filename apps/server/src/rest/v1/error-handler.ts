import { TRPCError } from '@trpc/server';
import { toWireError, type WireError } from '@wenku/api';
import {
  DomainError,
  HTTP_STATUS_BY_CODE,
  isDomainError,
  type MessageLanguage,
  messageLanguageOf,
  type ReasonLike,
} from '@wenku/shared';
import type { ErrorRequestHandler, RequestHandler, Response } from 'express';

/** Any error → `{ code, message, fields? }` with the HTTP status of its code; never a stack to the client. */
export function toHttpError(error: unknown, lang?: MessageLanguage): { status: number; body: WireError } {
  let wire: WireError;
  if (error instanceof TRPCError) wire = toWireError(error, lang);
  else if (isDomainError(error)) wire = error.inLanguage(lang);
  else wire = new DomainError('INTERNAL', 'common.internal').inLanguage(lang);
  return { status: HTTP_STATUS_BY_CODE[wire.code], body: wire };
}

/** Sends an error in the language the request asked for (bad-input messages; see validation-messages.ts). */
export function sendError(res: Response, error: unknown) {
  const { status, body } = toHttpError(error, languageOf(res));
  if (status >= 500) console.error(error);
  res.status(status).json(body);
}

/** A refused body is discarded for at most this long or this much after the answer, then the connection drops. */
const LINGER_MS = 2000;
const LINGER_BYTES = 4 * 1024 * 1024;

/**
 * For an answer given before the request's body was read (a refusal at the door, a body over its limit): the rest
 * of the body is never stored, and it is not drained to its end either (Node would read every byte a client sends,
 * gigabytes included). A short lingering read lets a client that is still sending see the answer (closing at once
 * makes it fail with EPIPE before reading it), then the connection closes.
 */
export function stopReadingAfterAnswer(res: Response) {
  const req = res.req;
  if (req.complete) return;
  // Counted from now, not from the answer: Node discards a body still unread when the answer is sent ("dumped"),
  // and discarded bytes never reach a 'data' listener added after that.
  let seen = 0;
  let answered = false;
  let timer: NodeJS.Timeout | undefined;
  const drop = () => {
    clearTimeout(timer);
    req.socket.destroy();
  };
  req.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen <= LINGER_BYTES) return;
    // Before the answer (a GET of the route table still running its query), reading stops and the client waits
    // instead of losing its answer with the connection; after it, the connection drops.
    if (answered) drop();
    else req.pause();
  });
  // A body that ends within the linger leaves the connection usable for the client's next request.
  req.once('end', () => clearTimeout(timer));
  req.resume();
  res.once('finish', () => {
    answered = true;
    if (req.complete || req.readableEnded) return;
    // A short read after the answer lets a client still sending see it.
    seen = 0;
    req.resume();
    timer = setTimeout(drop, LINGER_MS);
    timer.unref();
  });
}

/** The language the request asked for (Accept-Language; Chinese by default). */
const languageOf = (res: Response) => messageLanguageOf(res.req.headers['accept-language']);

/** 413 with the site's `{ code, message, reason }`, without reading the rest of the body. */
export function sendTooLarge(res: Response, reason: ReasonLike = 'common.body_too_large') {
  stopReadingAfterAnswer(res);
  res.status(413).json(new DomainError('VALIDATION_FAILED', reason).inLanguage(languageOf(res)));
}

/**
 * What no route answers (any method; a GET of a page is the web app's): `{ code, message }` 404, and a body sent
 * along is not read, as for every refusal (Node would otherwise drain all of it, however large).
 */
export const answerNotFound: RequestHandler = (_req, res) => {
  stopReadingAfterAnswer(res);
  sendNotFound(res);
};

const sendNotFound = (res: Response) =>
  res.status(404).json(new DomainError('NOT_FOUND', 'common.not_found').inLanguage(languageOf(res)));

export const errorHandler: ErrorRequestHandler = (err, _req, res, _next) => {
  // Body-parser and multer errors carry a status of their own.
  const status =
    typeof err?.status === 'number' ? err.status : typeof err?.statusCode === 'number' ? err.statusCode : 0;
  if (status === 413 || err?.code === 'LIMIT_FILE_SIZE') {
    sendTooLarge(res);
    return;
  }
  if (status === 404) {
    sendNotFound(res);
    return;
  }
  // A multipart body the parser (busboy, through multer) cannot read, e.g. a NUL in a file name, carries no status
  // and no code; storage failures (ENOSPC…) and multer's limits carry a code.
  const malformedMultipart = Array.isArray(err?.storageErrors) && err?.code === undefined;
  if ((status >= 400 && status < 500) || malformedMultipart) {
    res.status(400).json(new DomainError('VALIDATION_FAILED', 'common.request_malformed').inLanguage(languageOf(res)));
    return;
  }
  sendError(res, err);
};
