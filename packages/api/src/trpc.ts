import { initTRPC, TRPCError } from '@trpc/server';
import type { DomainContext } from '@wenku/domain';
import { loadSettings } from '@wenku/domain';
import {
  type ErrorCode,
  type FieldIssue,
  getPermission,
  isDomainError,
  MESSAGES,
  type PermissionKey,
  permissionIdentity,
} from '@wenku/shared';
import { ZodError } from 'zod';

export type ApiContext = DomainContext;

export interface ProcedureMeta {
  access?: 'public' | 'member' | 'permission';
  permission?: PermissionKey;
  /** Reachable even when the site is closed or requires sign-in: what the login pages need (spec §6). */
  loginPage?: boolean;
}

const TRPC_CODE: Record<ErrorCode, TRPCError['code']> = {
  VALIDATION_FAILED: 'BAD_REQUEST',
  UNAUTHENTICATED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'TOO_MANY_REQUESTS',
  FEATURE_DISABLED: 'FORBIDDEN',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
};

/** The wire error: `{ code, message, fields? }` in `data` of every tRPC error (ARCHITECTURE.md rule 5). */
export interface WireError {
  code: ErrorCode;
  message: string;
  fields?: FieldIssue[];
}

export function toWireError(error: TRPCError): WireError {
  const cause = error.cause;
  if (isDomainError(cause)) return { code: cause.code, message: cause.message, fields: cause.fields };
  if (cause instanceof ZodError) {
    const fields = cause.issues.map((i) => ({ field: i.path.join('.') || 'input', message: i.message }));
    const first = fields[0];
    return { code: 'VALIDATION_FAILED', message: first ? `${first.field}: ${first.message}` : '参数错误', fields };
  }
  switch (error.code) {
    case 'PARSE_ERROR':
    case 'BAD_REQUEST':
      return { code: 'VALIDATION_FAILED', message: error.message };
    case 'UNAUTHORIZED':
      // Keep a specific reason (site closed, sign-in required); a bare code gets moredoc's default text.
      return {
        code: 'UNAUTHENTICATED',
        message: error.message && error.message !== error.code ? error.message : MESSAGES.unauthenticated,
      };
    case 'FORBIDDEN':
      return { code: 'FORBIDDEN', message: error.message };
    case 'NOT_FOUND':
      return { code: 'NOT_FOUND', message: error.message };
    case 'TOO_MANY_REQUESTS':
      return { code: 'RATE_LIMITED', message: error.message };
    default:
      return { code: 'INTERNAL', message: '服务器内部错误，请稍后再试' };
  }
}

const t = initTRPC
  .context<ApiContext>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter({ shape, error }) {
      const wire = toWireError(error);
      return { ...shape, message: wire.message, data: { ...shape.data, stack: undefined, wenku: wire } };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Domain errors become tRPC errors with the mapped code; the original stays the cause for the formatter. */
const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && isDomainError(result.error.cause)) {
    const cause = result.error.cause;
    throw new TRPCError({ code: TRPC_CODE[cause.code], message: cause.message, cause });
  }
  return result;
});

/**
 * Server-side site gate (spec §6): with security.login_required anonymous callers, and with security.is_close also
 * signed-in users holding no permission, may only use what the login pages need.
 */
const siteGate = t.middleware(async ({ ctx, meta, next }) => {
  if (meta?.loginPage) return next();
  const s = await loadSettings(ctx);
  if (s.bool('security.is_close') && !ctx.actor?.isAdmin) {
    throw new TRPCError({ code: ctx.actor ? 'FORBIDDEN' : 'UNAUTHORIZED', message: MESSAGES.siteClosed });
  }
  if (s.bool('security.login_required') && !ctx.actor) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.loginRequired });
  }
  return next();
});

const base = t.procedure.use(mapErrors);

/** Anyone may call, subject to the site gate. */
export const publicProcedure = base.meta({ access: 'public' }).use(siteGate);

/** What the login, register and password-recovery pages need; open even when the site is closed. */
export const loginPageProcedure = base.meta({ access: 'public', loginPage: true });

/** A signed-in member. */
export const memberProcedure = publicProcedure.meta({ access: 'member' }).use(({ ctx, next }) => {
  if (!ctx.actor) throw new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.unauthenticated });
  return next({ ctx: { ...ctx, actor: ctx.actor } });
});

/** A member whose groups hold the named permission of the catalogue (user 1 holds every permission). */
export const permissionProcedure = (key: PermissionKey) => {
  const def = getPermission(key);
  const identity = permissionIdentity(def);
  return memberProcedure.meta({ access: 'permission', permission: key }).use(({ ctx, next }) => {
    if (!ctx.actor.isRoot && !ctx.actor.identities.has(identity)) {
      throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGES.forbidden(def.title || def.path) });
    }
    return next();
  });
};
