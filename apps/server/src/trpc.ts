import { type AnyTRPCRouter, TRPCError } from '@trpc/server';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import {
  appRouter,
  callQuery,
  deserializeInput,
  errorResponse,
  httpStatusOf,
  procedureAt,
  type RpcResponse,
  responseJson,
  trpcErrorFrom,
} from '@wenku/api';
import type { DomainContext } from '@wenku/domain';
import type { Request, RequestHandler } from 'express';
import { createRequestContext, type ServerDeps } from './context.ts';

function logError({ error }: { error: TRPCError }) {
  if (error.code === 'INTERNAL_SERVER_ERROR') console.error(error);
}

/** A GET of queries the fast path can answer exactly as tRPC would, or null to leave the request to tRPC. */
function plainQueryCall(router: AnyTRPCRouter, req: Request) {
  if (req.method !== 'GET') return null;
  const h = req.headers;
  // Streaming (jsonl), subscriptions, other content types and connection params stay with tRPC.
  if (h['trpc-accept'] !== undefined || h['content-type'] !== undefined) return null;
  if (h.accept?.split(',').some((t) => t.trim() === 'application/jsonl')) return null;
  const search = new URL(req.url, 'http://x').searchParams;
  if (search.has('connectionParams')) return null;
  let path: string;
  try {
    path = decodeURIComponent(req.path.slice(req.path.lastIndexOf('/') + 1));
  } catch {
    return null;
  }
  const isBatch = search.get('batch') === '1';
  const paths = isBatch ? path.split(',') : [path];
  // Unknown paths (NOT_FOUND), lazy routers and GETs of mutations (METHOD_NOT_SUPPORTED) are tRPC's to answer.
  if (!paths.every((p) => procedureAt(router, p)?.type === 'query')) return null;
  let raw: unknown;
  const text = search.get('input');
  try {
    raw = text ? JSON.parse(text) : undefined;
  } catch {
    return null;
  }
  if (isBatch && raw !== undefined && (typeof raw !== 'object' || raw === null || Array.isArray(raw))) return null;
  const inputs = paths.map((_, i) => {
    const value = isBatch ? (raw as Record<string, unknown> | undefined)?.[i] : raw;
    return value === undefined ? undefined : deserializeInput(router, value);
  });
  return { isBatch, paths, inputs };
}

/** tRPC refuses promises and async iterables in a non-streaming response. */
function isDataStream(v: unknown): boolean {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const stream = (x: unknown) =>
    typeof x === 'object' && x !== null && typeof (x as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function';
  if (stream(v)) return true;
  return Object.values(v).some((x) => x instanceof Promise || stream(x));
}

/**
 * `/api/trpc`. tRPC's own Express adapter turns every request into a fetch `Request` and every answer into a
 * streamed fetch `Response` (URL, Headers, AbortSignals, web streams, a chunked write): on a short cached query that
 * cost more than the query itself (scripts/bench/api.ts). Plain GETs of queries, single or batched (what the web
 * app's httpBatchLink sends), are answered here with the same procedures, context, error shapes, statuses and body
 * as resolveResponse builds for them; everything else (mutations, streaming, subscriptions, unknown paths, input
 * that is not JSON) goes to tRPC's adapter unchanged.
 */
export function createTrpcHandler(
  deps: ServerDeps,
  router: AnyTRPCRouter = appRouter,
  { fastPath = true }: { fastPath?: boolean } = {},
): RequestHandler {
  const createContext = (req: Request): Promise<DomainContext> => createRequestContext(deps, req);
  const stock = createExpressMiddleware({
    router,
    createContext: ({ req }) => createContext(req),
    onError: logError,
  });
  // The switch (TRPC_FAST_PATH=0): every request to tRPC's adapter, as if this file had no fast path.
  if (!fastPath) return stock;

  return (req, res, next) => {
    const call = plainQueryCall(router, req);
    if (!call) return stock(req, res, next);
    void (async () => {
      let ctx: DomainContext | undefined;
      let ctxError: TRPCError | undefined;
      try {
        ctx = await createContext(req);
      } catch (cause) {
        ctxError = trpcErrorFrom(cause);
      }
      const shapeOf = (error: TRPCError, path?: string, input?: unknown) =>
        errorResponse(router, { ctx, error, input, path });
      const streamError = () =>
        new TRPCError({
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message: 'Cannot use stream-like response in non-streaming request - use httpBatchStreamLink',
        });
      let body: RpcResponse | RpcResponse[];
      let json: string;
      try {
        const results = await Promise.all(
          call.paths.map(async (path, batchIndex): Promise<RpcResponse> => {
            const input = call.inputs[batchIndex];
            try {
              if (ctxError) throw ctxError;
              const data = await callQuery(router, path, ctx, input, batchIndex);
              return { result: { data } };
            } catch (cause) {
              const error = trpcErrorFrom(cause);
              logError({ error });
              return shapeOf(error, path, input);
            }
          }),
        );
        if (call.isBatch) {
          body = results.map((r, i) =>
            'result' in r && isDataStream(r.result.data) ? shapeOf(streamError(), call.paths[i], call.inputs[i]) : r,
          );
        } else {
          body = results[0] as RpcResponse;
          if ('result' in body && isDataStream(body.result.data)) throw streamError();
        }
        json = responseJson(router, body);
      } catch (cause) {
        // As resolveResponse: a failure outside the calls is one error response without a path.
        const error = trpcErrorFrom(cause);
        logError({ error });
        body = shapeOf(error);
        json = responseJson(router, body);
      }
      res.status(httpStatusOf(body));
      res.setHeader('content-type', 'application/json');
      res.setHeader('vary', 'trpc-accept, accept');
      // The length up front: the app's compression then leaves small answers whole and knows what it compresses.
      res.setHeader('content-length', Buffer.byteLength(json));
      res.end(json);
    })().catch(next);
  };
}
