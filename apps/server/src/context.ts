import type { Database, EntityManager } from '@wenku/db';
import type { DomainContext, Runtime } from '@wenku/domain';
import { resolveActor } from '@wenku/domain/auth';
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

/**
 * One request's domain context: its own entity manager fork and the caller resolved from the token. The fork is made
 * when first used: a page image answered from memory for a visitor (issue 19) needs no database at all.
 */
export async function createRequestContext(deps: ServerDeps, req: Request): Promise<DomainContext> {
  let em: EntityManager | undefined;
  const token = bearerToken(req);
  const ctx: DomainContext = {
    get em() {
      em ??= deps.db.orm.em.fork();
      return em;
    },
    runtime: deps.runtime,
    actor: null,
    ip: req.ip ?? req.socket.remoteAddress ?? '',
    userAgent: req.headers['user-agent'],
    language: messageLanguageOf(req.headers['accept-language']),
    cookies: req.headers.cookie ? parseCookie(req.headers.cookie) : undefined,
  };
  if (token) ctx.actor = await resolveActor(ctx.em, deps.runtime, token);
  return ctx;
}
