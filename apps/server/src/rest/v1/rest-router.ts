import { appRouter, createCallerFactory } from '@wenku/api';
import { type Request, type Response, Router } from 'express';
import { createRequestContext, type ServerDeps } from '../../context.ts';
import type { RestRoute } from './define-route.ts';
import { sendError } from './error-handler.ts';
import { REST_ROUTES } from './routes.ts';

const createCaller = createCallerFactory(appRouter);
type AnyFn = (input?: unknown) => Promise<unknown>;

/** Finds `a.b` on a caller object (the proxy resolves any path; the route table test checks they exist). */
function procedureOf(caller: unknown, path: string): AnyFn {
  let node = caller as Record<string, unknown>;
  for (const part of path.split('.')) node = node[part] as Record<string, unknown>;
  return node as unknown as AnyFn;
}

/** Reads GET/DELETE input from the query string and POST/PUT input from the JSON body. */
function inputOf(route: RestRoute, req: Request): Record<string, unknown> {
  if (route.method === 'GET' || route.method === 'DELETE') return { ...(req.query as Record<string, unknown>) };
  return req.body && typeof req.body === 'object' && !Array.isArray(req.body)
    ? (req.body as Record<string, unknown>)
    : {};
}

/** The `/api/v1` route table bound to the same procedures the web app calls through tRPC. */
export function createRestRouter(deps: ServerDeps): Router {
  const r = Router();
  for (const route of REST_ROUTES) {
    const handler = async (req: Request, res: Response) => {
      try {
        const ctx = await createRequestContext(deps, req);
        const input = inputOf(route, req);
        const path = typeof route.procedure === 'function' ? route.procedure(input) : route.procedure;
        const result = await procedureOf(createCaller(ctx), path)(input);
        res.json(result ?? {});
      } catch (e) {
        sendError(res, e);
      }
    };
    r[route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](route.path, handler);
  }
  return r;
}
