import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { DomainContext } from '../context.ts';
import { loadSettings } from '../settings/settings.service.ts';

const ISSUER = 'wenku';

export interface TokenClaims {
  userId: number;
  jti: string;
  /** Issue time in milliseconds, compared with `user.tokens_valid_after`. */
  issuedAtMs: number;
  expiresAt: Date;
}

/** The site's signing secret: fixed from the environment, else generated once and kept in the database. */
export async function jwtSecret(ctx: Pick<DomainContext, 'em' | 'runtime'>): Promise<string> {
  const secret = ctx.runtime.jwtSecret ?? (await loadSettings(ctx as DomainContext)).str('internal.jwt_secret');
  if (!secret) throw new Error('JWT secret missing: run the migrations and seed first');
  return secret;
}

async function secretKey(ctx: Pick<DomainContext, 'em' | 'runtime'>): Promise<Uint8Array> {
  return new TextEncoder().encode(await jwtSecret(ctx));
}

/** Signs an HS256 bearer token for a user. */
export async function issueToken(ctx: Pick<DomainContext, 'em' | 'runtime'>, userId: number): Promise<string> {
  const now = Date.now();
  return new SignJWT({ ims: now })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setJti(randomUUID())
    .setIssuer(ISSUER)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(now / 1000) + ctx.runtime.jwtExpiresInDays * 86_400)
    .sign(await secretKey(ctx));
}

/** Verifies signature, issuer and expiry; null for anything invalid (the caller is then anonymous). */
export async function verifyToken(
  ctx: Pick<DomainContext, 'em' | 'runtime'>,
  token: string,
): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await secretKey(ctx), { issuer: ISSUER, algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || userId <= 0 || !payload.jti || !payload.exp) return null;
    return {
      userId,
      jti: payload.jti,
      issuedAtMs: typeof payload.ims === 'number' ? payload.ims : (payload.iat ?? 0) * 1000,
      expiresAt: new Date(payload.exp * 1000),
    };
  } catch (e) {
    if (e instanceof errors.JOSEError) return null;
    throw e;
  }
}
