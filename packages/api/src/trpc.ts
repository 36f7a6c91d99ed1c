import { initTRPC, TRPCError } from '@trpc/server';
import type { DomainContext } from '@wenku/domain';
import { can, permissionName } from '@wenku/domain';
import { passSiteGate } from '@wenku/domain/auth';
import {
  assertStorableInput,
  DomainError,
  type ErrorCode,
  type FieldIssue,
  isDomainError,
  type MessageLanguage,
  type PermissionKey,
  type ReasonKey,
  type ReasonLike,
  type WireParams,
} from '@wenku/shared';
import { ZodError, z } from 'zod';
import { isProcedureBuilder, replaceValidation } from './trpc-internals.ts';
import { zodWireError } from './zod-errors.ts';

export type ApiContext = DomainContext;

export interface ProcedureMeta {
  access?: 'public' | 'member' | 'permission';
  permission?: PermissionKey;
  /** Reachable even when the site is closed or requires sign-in: what the login pages need (spec §6). */
  loginPage?: boolean;
  /** When a public call still needs a signed-in caller for some inputs: said in the API reference. */
  accessNote?: string;
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

/**
 * The wire error in `data.wenku` of every tRPC error (ARCHITECTURE.md rule 5): moredoc's `{ code, message, fields? }`
 * with the message in the caller's language, plus the reason's stable key and parameters when there is one.
 */
export interface WireError {
  code: ErrorCode;
  message: string;
  fields?: FieldIssue[];
  reason?: ReasonKey;
  params?: WireParams;
}

/** A failure of a reason of the catalogue, worded in `lang`. */
const wireOf = (code: ErrorCode, reason: ReasonLike, lang?: MessageLanguage): WireError =>
  new DomainError(code, reason).inLanguage(lang);

export function toWireError(error: TRPCError, lang?: MessageLanguage): WireError {
  const cause = error.cause;
  if (isDomainError(cause)) return cause.inLanguage(lang);
  if (cause instanceof ZodError) return zodWireError(cause, lang);
  switch (error.code) {
    case 'PARSE_ERROR':
    case 'BAD_REQUEST':
      return { code: 'VALIDATION_FAILED', message: error.message };
    case 'UNAUTHORIZED':
      // Keep a specific text; a bare code gets moredoc's default one.
      return error.message && error.message !== error.code
        ? { code: 'UNAUTHENTICATED', message: error.message }
        : wireOf('UNAUTHENTICATED', 'auth.unauthenticated', lang);
    case 'FORBIDDEN':
      return { code: 'FORBIDDEN', message: error.message };
    case 'NOT_FOUND':
      return { code: 'NOT_FOUND', message: error.message };
    case 'TOO_MANY_REQUESTS':
      return { code: 'RATE_LIMITED', message: error.message };
    default:
      return wireOf('INTERNAL', 'common.internal', lang);
  }
}

const t = initTRPC
  .context<ApiContext>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter({ shape, error, ctx }) {
      const wire = toWireError(error, ctx?.language);
      return { ...shape, message: wire.message, data: { ...shape.data, stack: undefined, wenku: wire } };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** A domain error as the tRPC error of its mapped code; the original stays the cause for the formatter. */
const fromDomainError = (cause: DomainError) =>
  new TRPCError({ code: TRPC_CODE[cause.code], message: cause.message, cause });

/** Domain errors of the procedure below become tRPC errors (ARCHITECTURE.md rule 5). */
function mapDomainError<R extends { ok: boolean; error?: TRPCError }>(result: R): R {
  const cause = result.ok ? undefined : result.error?.cause;
  if (isDomainError(cause)) throw fromDomainError(cause);
  return result;
}

/** The site gate of the domain (one rule for procedures and plain HTTP handlers); login-page procedures skip it. */
async function siteGate(ctx: ApiContext, meta: ProcedureMeta | undefined): Promise<void> {
  if (meta?.loginPage) return;
  try {
    await passSiteGate(ctx);
  } catch (e) {
    throw isDomainError(e) ? fromDomainError(e) : e;
  }
}

/**
 * Input PostgreSQL text cannot hold (NUL, unpaired UTF-16 halves) is refused for every procedure, tRPC and REST alike,
 * before the gate, the schema or the domain reads it: otherwise it reaches a query and fails there as a 500, or is
 * stored in a way that breaks later reads.
 */
async function refuseUnstorableInput(getRawInput: () => Promise<unknown>): Promise<void> {
  const input = await getRawInput();
  try {
    assertStorableInput(input);
  } catch (e) {
    throw isDomainError(e) ? fromDomainError(e) : e;
  }
}

interface ZodLike {
  _zod: unknown;
  parse(value: unknown): unknown;
  parseAsync(value: unknown): Promise<unknown>;
}
const isZod = (p: unknown): p is ZodLike =>
  typeof p === 'object' && p !== null && '_zod' in p && typeof (p as ZodLike).parse === 'function';

/** zod's synchronous parse; schemas with async refinements fall back to the async one. */
const parseSyncFirst = (schema: ZodLike) => (value: unknown) => {
  try {
    return schema.parse(value);
  } catch (e) {
    if (e instanceof z.core.$ZodAsyncError) return schema.parseAsync(value);
    throw e;
  }
};

/**
 * tRPC validates a zod `.input()`/`.output()` with `parseAsync`, and zod's compiled fast path for objects only runs
 * in synchronous parses: the async one took three times as long (~30 µs against ~9 µs for a category list). This
 * wraps a procedure builder so that every builder chained from it swaps those two middlewares for tRPC's own built
 * around the synchronous parse (trpc-internals.ts). Same errors (the same ZodError, wrapped by tRPC as before); the
 * procedure keeps its schemas (the OpenAPI page reads them).
 */
function validateSynchronously<B extends object>(builder: B): B {
  return new Proxy(builder, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const next: unknown = value.apply(target, args);
        // .query()/.mutation() return the procedure (a function): nothing chains from it.
        if (!isProcedureBuilder(next)) return next;
        const schema = args[0];
        if ((prop === 'input' || prop === 'output') && isZod(schema))
          replaceValidation(next, prop, parseSyncFirst(schema));
        return validateSynchronously(next);
      };
    },
  });
}

const procedure = validateSynchronously(t.procedure);

// Each builder below has exactly one middleware doing the whole gate (site gate, caller check, error mapping):
// tRPC copies its call options through object spreads at every middleware level, ~8 µs a level per call, which
// was a tenth of a cached read (scripts/bench/api.ts).

/**
 * Every call gets its own entity manager (a fork of the request's, ~2 µs): the calls of one batched request run side
 * by side, and a flush on a shared one (an automatic flush before a query included) puts that entity manager into
 * the flush's transaction until it commits, so another call's query then ran inside it or failed with "Transaction
 * query already complete" (docs/decisions.md, "One entity manager per procedure call").
 */
const ownUnitOfWork = (ctx: ApiContext) => ({ em: ctx.em.fork() });

/** Anyone may call, subject to the site gate. */
export const publicProcedure = procedure.meta({ access: 'public' }).use(async ({ ctx, meta, next, getRawInput }) => {
  await refuseUnstorableInput(getRawInput);
  await siteGate(ctx, meta);
  return mapDomainError(await next({ ctx: ownUnitOfWork(ctx) }));
});

/** What the login, register and password-recovery pages need; open even when the site is closed. */
export const loginPageProcedure = procedure
  .meta({ access: 'public', loginPage: true })
  .use(async ({ ctx, next, getRawInput }) => {
    await refuseUnstorableInput(getRawInput);
    return mapDomainError(await next({ ctx: ownUnitOfWork(ctx) }));
  });

/** A signed-in member. */
export const memberProcedure = procedure.meta({ access: 'member' }).use(async ({ ctx, meta, next, getRawInput }) => {
  await refuseUnstorableInput(getRawInput);
  await siteGate(ctx, meta);
  if (!ctx.actor) throw fromDomainError(new DomainError('UNAUTHENTICATED', 'auth.unauthenticated'));
  return mapDomainError(await next({ ctx: { ...ownUnitOfWork(ctx), actor: ctx.actor } }));
});

/** A member whose groups hold the named permission of the catalogue (user 1 holds every permission). */
export const permissionProcedure = (key: PermissionKey) => {
  return procedure.meta({ access: 'permission', permission: key }).use(async ({ ctx, meta, next, getRawInput }) => {
    await refuseUnstorableInput(getRawInput);
    await siteGate(ctx, meta);
    if (!ctx.actor) throw fromDomainError(new DomainError('UNAUTHENTICATED', 'auth.unauthenticated'));
    if (!can(ctx.actor, key)) {
      const title = permissionName(key);
      throw fromDomainError(new DomainError('FORBIDDEN', { key: 'auth.permission_denied', params: { title } }));
    }
    return mapDomainError(await next({ ctx: { ...ownUnitOfWork(ctx), actor: ctx.actor } }));
  });
};

/** For mutations whose domain command answers nothing: waits for it, then answers `{}`. */
export const done = async (p: Promise<unknown>) => {
  await p;
  return {};
};
