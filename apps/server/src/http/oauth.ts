import {
  beginOauth,
  encodePendingAuthorization,
  isDomainError,
  OAUTH_COOKIE,
  OAUTH_COOKIE_SECONDS,
  verifyOfficialAccountServer,
} from '@wenku/domain';
import { type Request, type Response, Router } from 'express';
import { createRequestContext, type ServerDeps } from '../context.ts';

const one = (v: unknown) => (typeof v === 'string' ? v : undefined);

/**
 * The two OAuth calls that are not JSON procedures:
 * - `GET /api/v1/oauth/authorize/{type}`: starts a sign-in. The state and PKCE verifier go into an HttpOnly,
 *   SameSite=Lax cookie (sent back when the provider redirects to `/oauth/{type}` and the page posts the code), then
 *   the browser is redirected to the provider. A refusal lands on `/oauth/{type}?error=` so the page can say why.
 * - `GET /api/v1/oauth/officialaccount/token`: WeChat's server check of the official account (plain-text echo).
 */
export function createOauthRouter(deps: ServerDeps): Router {
  const r = Router();
  r.get('/api/v1/oauth/authorize/:type', async (req: Request, res: Response) => {
    const type = String(req.params.type);
    try {
      const ctx = await createRequestContext(deps, req);
      const { url, pending } = await beginOauth(ctx, type);
      res.cookie(OAUTH_COOKIE, encodePendingAuthorization(pending), {
        httpOnly: true,
        sameSite: 'lax',
        secure: req.secure,
        path: '/',
        maxAge: OAUTH_COOKIE_SECONDS * 1000,
      });
      res.set('cache-control', 'no-store').redirect(302, url);
    } catch (e) {
      if (!isDomainError(e)) console.error(`oauth authorize ${type}`, e);
      const message = isDomainError(e) ? e.message : '第三方登录失败';
      const key = /^[a-z]{1,20}$/.test(type) ? type : 'unknown';
      res.set('cache-control', 'no-store').redirect(302, `/oauth/${key}?error=${encodeURIComponent(message)}`);
    }
  });
  r.get('/api/v1/oauth/officialaccount/token', async (req: Request, res: Response) => {
    const ctx = await createRequestContext(deps, req);
    const echo = await verifyOfficialAccountServer(ctx, {
      signature: one(req.query.signature),
      timestamp: one(req.query.timestamp),
      nonce: one(req.query.nonce),
      echostr: one(req.query.echostr),
    });
    if (echo === null) res.status(403).type('text/plain').send('invalid signature');
    else res.type('text/plain').send(echo);
  });
  return r;
}
