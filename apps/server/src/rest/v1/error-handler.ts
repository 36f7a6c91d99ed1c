import { TRPCError } from '@trpc/server';
import { toWireError, type WireError } from '@wenku/api';
import { HTTP_STATUS_BY_CODE, isDomainError, MESSAGES, type MessageLanguage, messageLanguageOf } from '@wenku/shared';
import type { ErrorRequestHandler, Response } from 'express';

/** Any error → `{ code, message, fields? }` with the HTTP status of its code; never a stack to the client. */
export function toHttpError(error: unknown, lang?: MessageLanguage): { status: number; body: WireError } {
  let wire: WireError;
  if (error instanceof TRPCError) wire = toWireError(error, lang);
  else if (isDomainError(error)) wire = { code: error.code, message: error.message, fields: error.fields };
  else wire = { code: 'INTERNAL', message: '服务器内部错误，请稍后再试' };
  return { status: HTTP_STATUS_BY_CODE[wire.code], body: wire };
}

/** Sends an error in the language the request asked for (bad-input messages; see validation-messages.ts). */
export function sendError(res: Response, error: unknown) {
  const { status, body } = toHttpError(error, messageLanguageOf(res.req.headers['accept-language']));
  if (status >= 500) console.error(error);
  res.status(status).json(body);
}

export const errorHandler: ErrorRequestHandler = (err, _req, res, _next) => {
  // Body-parser and multer errors carry a status of their own.
  const status =
    typeof err?.status === 'number' ? err.status : typeof err?.statusCode === 'number' ? err.statusCode : 0;
  if (status === 413 || err?.code === 'LIMIT_FILE_SIZE') {
    res.status(413).json({ code: 'VALIDATION_FAILED', message: '上传的内容过大' });
    return;
  }
  if (status === 404) {
    res.status(404).json({ code: 'NOT_FOUND', message: MESSAGES.notFound });
    return;
  }
  if (status >= 400 && status < 500) {
    res.status(400).json({ code: 'VALIDATION_FAILED', message: '请求格式不正确' });
    return;
  }
  sendError(res, err);
};
