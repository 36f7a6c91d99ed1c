import { DomainError, isDomainError } from '@wenku/domain';
import {
  beginOauth,
  encodePendingAuthorization,
  OAUTH_COOKIE,
  OAUTH_COOKIE_SECONDS,
  verifyOfficialAccountServer,
} from '@wenku/domain/oauth';
import { type Response, Router } from 'express';
import type { ServerDeps } from '../context.ts';
import { door } from './door.ts';

const one = (v: unknown) => (typeof v === 'string' ? v : undefined);

/**
 * A refused or failed sign-in start lands on `/oauth/{type}?error=…&reason=…` so the page can say why: the Chinese
 * text, and the reason's key for a page in another language (a redirect carries no choice of language).
 */
function failSignIn(res: Response, e: unknown) {
  const type = String(res.req.params.type);
  if (!isDomainError(e)) console.error(`oauth authorize ${type}`, e);
  const failure = isDomainError(e) ? e : new DomainError('INTERNAL', 'oauth.provider_failed');
  const key = /^[a-z]{1,20}$/.test(type) ? type : 'unknown';
  const query = `error=${encodeURIComponent(failure.message)}&reason=${encodeURIComponent(failure.reason.key)}`;
  res.set('cache-control', 'no-store').redirect(302, `/oauth/${key}?${query}`);
}

/**
 * The two OAuth calls that are not JSON procedures, both login-page handlers (the sign-in flow must work while the
 * site is closed or needs sign-in, as its procedures do):
 * - `GET /api/v1/oauth/authorize/{type}`: starts a sign-in. The state and PKCE verifier go into an HttpOnly,
 *   SameSite=Lax cookie (sent back when the provider redirects to `/oauth/{type}` and the page posts the code), then
 *   the browser is redirected to the provider.
 * - `GET /api/v1/oauth/officialaccount/token`: WeChat's server check of the official account (plain-text echo).
 */
export function createOauthRouter(deps: ServerDeps): Router {
  const r = Router();
  r.get(
    '/api/v1/oauth/authorize/:type',
    door(
      deps,
      'loginPage',
      async (ctx, req, res) => {
        const { url, pending } = await beginOauth(ctx, String(req.params.type));
        res.cookie(OAUTH_COOKIE, encodePendingAuthorization(pending), {
          httpOnly: true,
          sameSite: 'lax',
          secure: req.secure,
          path: '/',
          maxAge: OAUTH_COOKIE_SECONDS * 1000,
        });
        res.set('cache-control', 'no-store').redirect(302, url);
      },
      { onError: failSignIn },
    ),
  );
  r.get(
    '/api/v1/oauth/officialaccount/token',
    door(deps, 'loginPage', async (ctx, req, res) => {
      const echo = await verifyOfficialAccountServer(ctx, {
        signature: one(req.query.signature),
        timestamp: one(req.query.timestamp),
        nonce: one(req.query.nonce),
        echostr: one(req.query.echostr),
      });
      if (echo === null) res.status(403).type('text/plain').send('invalid signature');
      else res.type('text/plain').send(echo);
    }),
  );
  return r;
}
