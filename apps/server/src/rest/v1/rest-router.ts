import { TRPCError } from '@trpc/server';
import { appRouter, procedureAt } from '@wenku/api';
import type { DomainContext } from '@wenku/domain';
import { type Request, type RequestHandler, type Response, Router } from 'express';
import { createRequestContext, type ServerDeps } from '../../context.ts';
import { declaredBodyBytes } from '../../http/door.ts';
import type { RestRoute } from './define-route.ts';
import { sendError, stopReadingAfterAnswer } from './error-handler.ts';
import { REST_ROUTES } from './routes.ts';

/**
 * Calls the procedure at `a.b` the way a server-side caller does (same middlewares, input and output parsing), but
 * with the procedure looked up once per route rather than through a caller proxy built for every request.
 */
function procedureCall(path: string): (ctx: DomainContext, input: unknown) => Promise<unknown> {
  const procedure = procedureAt(appRouter, path);
  // The route table test checks that every path exists; this is the caller's answer for one that does not.
  if (!procedure) {
    return async () => {
      throw new TRPCError({ code: 'NOT_FOUND', message: `No procedure found on path "${path.split('.')}"` });
    };
  }
  return (ctx, input) => procedure.call(ctx, input);
}

/** Reads GET/DELETE input from the query string and POST/PUT input from the JSON body. */
function inputOf(route: RestRoute, req: Request): Record<string, unknown> {
  if (route.method === 'GET' || route.method === 'DELETE') return { ...(req.query as Record<string, unknown>) };
  return req.body && typeof req.body === 'object' && !Array.isArray(req.body)
    ? (req.body as Record<string, unknown>)
    : {};
}

/**
 * The `/api/v1` route table bound to the same procedures the web app calls through tRPC. `parseBody` reads the JSON
 * body of the table's POST and PUT calls, whose input it is; a GET or DELETE reads its input from the query string,
 * and a path the table does not hold goes on untouched (its own router reads its body its own way).
 */
export function createRestRouter(deps: ServerDeps, parseBody: RequestHandler): Router {
  const table = new Map<string, (req: Request, res: Response) => Promise<void>>();
  for (const route of REST_ROUTES) {
    const fixed = typeof route.procedure === 'string' ? procedureCall(route.procedure) : null;
    table.set(`${route.method} ${route.path.toLowerCase()}`, async (req, res) => {
      try {
        const ctx = await createRequestContext(deps, req);
        const input = inputOf(route, req);
        const choose = route.procedure as Exclude<RestRoute['procedure'], string>;
        const procedure = fixed ?? procedureCall(choose(input, ctx.actor));
        const result = await procedure(ctx, input);
        res.json(result ?? {});
      } catch (e) {
        sendError(res, e);
      }
    });
  }
  const r = Router();
  // Every path of the table is static: one map lookup instead of walking a router layer per route. Like Express's
  // own matching, case and one trailing slash do not matter, and HEAD is answered by the GET route.
  r.use((req, res, next) => {
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const path = req.path.length > 1 ? req.path.replace(/\/$/, '') : req.path;
    const handler = table.get(`${method} ${path.toLowerCase()}`);
    if (!handler) next();
    else if (method === 'POST' || method === 'PUT')
      parseBody(req, res, (e?: unknown) => (e ? next(e) : handler(req, res)));
    else {
      // A GET or DELETE takes its input from the query string: a body sent along is not read on to its end.
      if (declaredBodyBytes(req) !== 0) stopReadingAfterAnswer(res);
      void handler(req, res);
    }
  });
  return r;
}
