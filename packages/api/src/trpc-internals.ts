/**
 * The one door to tRPC's internals (issue 21). Everything Wenku uses of tRPC beyond its public builders and adapter
 * goes through this file: the procedure table of a router (`_def.procedures`), a procedure's middleware chain run as
 * tRPC's caller runs it (`_def.middlewares`), the swap of the builders' validation middlewares
 * (`unstable-core-do-not-import`) and what the GET fast path of `/api/trpc` needs to answer exactly as
 * tRPC's adapter does (calling a procedure, error shapes, response transform, HTTP status). A tRPC upgrade that moves
 * any of these is a change here only. What tells whether it held: apps/server/src/trpc.int.test.ts (the fast path on
 * against off, request by request), permissions.int.test.ts and bad-characters.int.test.ts (every procedure).
 */
import {
  type AnyTRPCRouter,
  getTRPCErrorFromUnknown,
  getTRPCErrorShape,
  TRPCError,
  transformTRPCResponse,
} from '@trpc/server';
import { getHTTPStatusCode } from '@trpc/server/http';
import { createInputMiddleware, createOutputMiddleware } from '@trpc/server/unstable-core-do-not-import';
import type { z } from 'zod';
import type { ProcedureMeta } from './trpc.ts';

export type ProcedureType = 'query' | 'mutation' | 'subscription';

/** What Wenku reads of one procedure of a router, and a direct call of it (no caller proxy per request). */
export interface ProcedureEntry {
  path: string;
  type: ProcedureType;
  meta: ProcedureMeta | undefined;
  /** The zod schema of `.input()`, if any (the OpenAPI page and the input tests read it). */
  input: z.ZodType | undefined;
  output: z.ZodType | undefined;
  /** Runs the procedure as a server-side caller does: same middlewares, input and output parsing. */
  call(ctx: unknown, input: unknown): Promise<unknown>;
  /** tRPC's procedure itself (its definition's middleware chain is what `call` runs). */
  raw: RawProcedure;
}

interface CallOptions {
  path: string;
  getRawInput: () => Promise<unknown>;
  ctx: unknown;
  type: ProcedureType;
  signal: undefined;
  batchIndex: number;
  input?: unknown;
}

/** What a middleware of a procedure answers: tRPC's own result objects, read for `ok`, `data` and `error` only. */
type MiddlewareResult = { ok: true; data: unknown } | { ok: false; error: TRPCError };
type Middleware = (
  opts: CallOptions & {
    meta: ProcedureMeta | undefined;
    next(opts?: { ctx?: object; input?: unknown; getRawInput?: () => Promise<unknown> }): Promise<MiddlewareResult>;
  },
) => Promise<MiddlewareResult>;

interface RawProcedure {
  (call: CallOptions): Promise<unknown>;
  _def: {
    type: ProcedureType;
    meta?: ProcedureMeta;
    inputs: z.ZodType[];
    output?: z.ZodType;
    middlewares: Middleware[];
  };
}

/**
 * Runs the middleware chain of a procedure (the gate, the input and output parsers, the resolver last) exactly as
 * tRPC's procedure caller does: each middleware gets the call options with `meta` and a `next` that merges the
 * context and input it passes; a throw becomes a failed result. tRPC's build copies these options with a
 * transpiled object-spread helper (two copies and a context copy per level, ~1 µs each, a tenth of a cached public
 * read); this is the same chain with the language's own spread (scripts/bench/api.ts).
 */
async function runMiddlewares(def: RawProcedure['_def'], index: number, opts: CallOptions): Promise<MiddlewareResult> {
  try {
    const middleware = def.middlewares[index] as Middleware;
    return await middleware({
      ...opts,
      meta: def.meta,
      next: (next) =>
        runMiddlewares(def, index + 1, {
          ...opts,
          ctx: next?.ctx ? { ...(opts.ctx as object), ...next.ctx } : opts.ctx,
          input: next && 'input' in next ? next.input : opts.input,
          getRawInput: next?.getRawInput ?? opts.getRawInput,
        }),
    });
  } catch (cause) {
    return { ok: false, error: getTRPCErrorFromUnknown(cause) };
  }
}

/** Calls a procedure: its data, or its error thrown (tRPC's procedure caller, through runMiddlewares). */
async function invoke(procedure: RawProcedure, opts: CallOptions): Promise<unknown> {
  const result = await runMiddlewares(procedure._def, 0, opts);
  if (!result) {
    throw new TRPCError({
      code: 'INTERNAL_SERVER_ERROR',
      message: 'No result from middlewares - did you forget to `return next()`?',
    });
  }
  if (!result.ok) throw result.error;
  return result.data;
}

const tables = new WeakMap<AnyTRPCRouter, ReadonlyMap<string, ProcedureEntry>>();

/** Every procedure of a router by its dotted path (`document.list`), read once per router. */
export function procedureTable(router: AnyTRPCRouter): ReadonlyMap<string, ProcedureEntry> {
  let table = tables.get(router);
  if (table) return table;
  const raw = router._def.procedures as unknown as Record<string, RawProcedure>;
  table = new Map(
    Object.entries(raw).map(([path, p]) => [
      path,
      {
        path,
        type: p._def.type,
        meta: p._def.meta,
        input: p._def.inputs[0],
        output: p._def.output,
        raw: p,
        call: (ctx: unknown, input: unknown) =>
          invoke(p, { path, getRawInput: async () => input, ctx, type: p._def.type, signal: undefined, batchIndex: 0 }),
      },
    ]),
  );
  tables.set(router, table);
  return table;
}

/** One procedure by path, or undefined (own paths only: `toString` is no procedure). */
export const procedureAt = (router: AnyTRPCRouter, path: string): ProcedureEntry | undefined =>
  procedureTable(router).get(path);

/** A procedure builder (what `.input()`, `.use()`, `.meta()` return), as opposed to a finished procedure. */
export const isProcedureBuilder = (x: unknown): x is object => typeof x === 'object' && x !== null && '_def' in x;

/**
 * Replaces the validation middleware that `.input(schema)` or `.output(schema)` just appended to a builder by tRPC's
 * own, built around `parse`. Used by trpc.ts `validateSynchronously`.
 */
export function replaceValidation(builder: unknown, kind: 'input' | 'output', parse: (value: unknown) => unknown) {
  const middlewares = (builder as { _def: { middlewares: unknown[] } })._def.middlewares;
  middlewares[middlewares.length - 1] = (kind === 'input' ? createInputMiddleware : createOutputMiddleware)(parse);
}

// What the GET fast path of /api/trpc uses (apps/server/src/trpc.ts), each as resolveResponse uses it.

export type RpcResponse = { result: { data: unknown } } | { error: ReturnType<typeof getTRPCErrorShape> };
type Config = AnyTRPCRouter['_def']['_config'];
const configOf = (router: AnyTRPCRouter) => router._def._config as Config;

export { getTRPCErrorFromUnknown as trpcErrorFrom };

/** The router's transformer applied to a query input from the URL. */
export const deserializeInput = (router: AnyTRPCRouter, value: unknown): unknown =>
  configOf(router).transformer.input.deserialize(value);

/** Calls a query as tRPC's request handler does (the batch index is the position in a batch). */
export async function callQuery(router: AnyTRPCRouter, path: string, ctx: unknown, input: unknown, batchIndex: number) {
  const entry = procedureAt(router, path);
  if (entry?.type !== 'query')
    throw new TRPCError({ code: 'NOT_FOUND', message: `No "query"-procedure on path "${path}"` });
  return invoke(entry.raw, { path, getRawInput: async () => input, ctx, type: 'query', signal: undefined, batchIndex });
}

/** An error as tRPC's response carries it (through the router's error formatter). */
export const errorResponse = (
  router: AnyTRPCRouter,
  opts: { ctx: unknown; error: TRPCError; path?: string; input?: unknown },
): RpcResponse => ({
  error: getTRPCErrorShape({
    config: configOf(router),
    type: 'query',
    ctx: opts.ctx,
    error: opts.error,
    path: opts.path,
    input: opts.input,
  }),
});

/** The JSON body of a single or batched answer, through the router's transformer. */
export const responseJson = (router: AnyTRPCRouter, body: RpcResponse | RpcResponse[]): string =>
  JSON.stringify(transformTRPCResponse(configOf(router), body as never));

/** The HTTP status tRPC gives a single or batched answer (207 for a batch of mixed outcomes). */
export const httpStatusOf = (body: RpcResponse | RpcResponse[]): number =>
  getHTTPStatusCode(body as Parameters<typeof getHTTPStatusCode>[0]);
