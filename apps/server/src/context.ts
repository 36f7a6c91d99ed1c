import type { Database } from '@wenku/db';
import { type DomainContext, type Runtime, resolveActor } from '@wenku/domain';
import { messageLanguageOf } from '@wenku/shared';
import { parse as parseCookie } from 'cookie';
import type { Request } from 'express';

export interface ServerDeps {
  db: Database;
  runtime: Runtime;
}

/** The bearer token of a request, if any (case-insensitive scheme, moredoc-facts §7.1). */
export function bearerToken(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const m = /^bearer\s+(.+)$/i.exec(header.trim());
  return m?.[1]?.trim() || undefined;
}

/** One request's domain context: its own entity manager fork and the caller resolved from the token. */
export async function createRequestContext(deps: ServerDeps, req: Request): Promise<DomainContext> {
  const em = deps.db.orm.em.fork();
  const actor = await resolveActor(em, deps.runtime, bearerToken(req));
  return {
    em,
    runtime: deps.runtime,
    actor,
    ip: req.ip ?? req.socket.remoteAddress ?? '',
    userAgent: req.headers['user-agent'],
    language: messageLanguageOf(req.headers['accept-language']),
    cookies: req.headers.cookie ? parseCookie(req.headers.cookie) : undefined,
  };
}
