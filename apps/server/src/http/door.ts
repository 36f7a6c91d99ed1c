import { type Actor, type DomainContext, isDomainError } from '@wenku/domain';
import { passSiteGate } from '@wenku/domain/auth';
import { DomainError } from '@wenku/shared';
import type { Request, RequestHandler, Response } from 'express';
import getRawBody from 'raw-body';
import { createRequestContext, type ServerDeps } from '../context.ts';
import { sendError, sendTooLarge, stopReadingAfterAnswer } from '../rest/v1/error-handler.ts';

/**
 * Who may pass a plain handler's door (ARCHITECTURE.md rule 16), as the procedure builders declare it for tRPC:
 * - `public`: anyone the site gate lets in (`security.login_required`, `security.is_close`);
 * - `member`: a signed-in member the site gate lets in;
 * - `loginPage`: anyone, even on a closed or sign-in-only site: what the sign-in flow and outside services must reach
 *   (third-party sign-in, payment notifications, WeChat's server check), as the login-page procedures.
 */
export type Access = 'public' | 'member' | 'loginPage';

export interface DoorOptions {
  /** Whom the site gate judges when the request carries no bearer token: the holder of a signed link. */
  gateActor?: (ctx: DomainContext, req: Request) => Promise<Actor | null>;
  /** How a refusal or failure is answered; by default `{ code, message }` with the status of its code. */
  onError?: (res: Response, error: unknown) => void;
}

export type DoorHandler = (ctx: DomainContext, req: Request, res: Response) => Promise<void>;

const contexts = new WeakMap<Request, DomainContext>();

/** The context the door built for this request. */
export function contextOf(req: Request): DomainContext {
  const ctx = contexts.get(req);
  if (!ctx) throw new Error(`${req.method} ${req.path} has no door: no request context`);
  return ctx;
}

/**
 * The door as a middleware, for handlers that must know the caller before something reads the body (multipart,
 * tus): builds the request context exactly as tRPC does, runs the site gate of the domain and the access level, and
 * answers a refusal without reading a byte of the body.
 */
export function admit(deps: ServerDeps, access: Access, options: DoorOptions = {}): RequestHandler {
  return async (req, res, next) => {
    try {
      const ctx = await createRequestContext(deps, req);
      contexts.set(req, ctx);
      if (access !== 'loginPage') {
        await passSiteGate(ctx, ctx.actor ?? (options.gateActor ? await options.gateActor(ctx, req) : null));
      }
      if (access === 'member' && !ctx.actor) throw new DomainError('UNAUTHENTICATED', 'auth.unauthenticated');
    } catch (e) {
      refuse(res, req, e, options.onError);
      return;
    }
    next();
  };
}

/** Whether the site gate lets this caller in, for handlers that answer a refusal in their own way (the web shell). */
export async function passesSiteGate(ctx: DomainContext): Promise<boolean> {
  try {
    await passSiteGate(ctx);
    return true;
  } catch (e) {
    if (isDomainError(e)) return false;
    throw e;
  }
}

/** A plain handler after `admit`; whatever it throws is answered the same way as a refusal at the door. */
export function serve(handler: DoorHandler, options: Pick<DoorOptions, 'onError'> = {}): RequestHandler {
  return async (req, res) => {
    try {
      await handler(contextOf(req), req, res);
    } catch (e) {
      refuse(res, req, e, options.onError);
    }
  };
}

/** A plain handler behind its door. */
export const door = (deps: ServerDeps, access: Access, handler: DoorHandler, options: DoorOptions = {}) => [
  admit(deps, access, options),
  serve(handler, options),
];

/** The size a request declares for its body (Content-Length), or null when it streams one of unknown length. */
export function declaredBodyBytes(req: Request): number | null {
  const length = req.headers['content-length'];
  if (length === undefined) return req.headers['transfer-encoding'] ? null : 0;
  const n = Number(length);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/**
 * Reads a request body as text up to `limitBytes` into `req.body` (what tRPC's adapter then takes instead of reading
 * the stream itself, with no limit). A declared length over the limit is refused before a byte is read; a body of
 * unknown length is counted as it arrives and refused when it passes the limit; in both cases 413, and the rest is
 * not read to its end (body-parser would drain it first).
 */
export function limitedTextBody(limitBytes: number): RequestHandler {
  return async (req, res, next) => {
    const declared = declaredBodyBytes(req);
    if (declared === 0 || req.method === 'GET' || req.method === 'HEAD') return next();
    if (declared !== null && declared > limitBytes) return sendTooLarge(res);
    try {
      req.body = await getRawBody(req, { limit: limitBytes, length: declared ?? undefined, encoding: 'utf8' });
    } catch (e) {
      if ((e as { type?: string }).type === 'entity.too.large') return sendTooLarge(res);
      return refuse(res, req, new DomainError('VALIDATION_FAILED', 'common.request_malformed'));
    }
    next();
  };
}

/** Answers a refusal or failure: mapped to `{ code, message }` unless the handler answers its own way. */
export function refuse(res: Response, req: Request, error: unknown, onError = sendError) {
  if (res.headersSent) {
    // A failure after the answer started (a file being sent): nothing to map, end the answer.
    console.error(`${req.method} ${req.path}`, error);
    res.end();
    return;
  }
  // A refused request's body is never read, nor drained to its end.
  if (declaredBodyBytes(req) !== 0) stopReadingAfterAnswer(res);
  onError(res, error);
}
