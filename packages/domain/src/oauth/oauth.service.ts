import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { type EntityManager, type IUserOauth, User, UserOauth } from '@wenku/db';
import {
  DomainError,
  OAUTH_PROVIDERS,
  type OauthBindInput,
  type OauthConfigDTO,
  type OauthLoginDTO,
  type OauthLoginInput,
  type OauthProviderKey,
  OauthType,
} from '@wenku/shared';
import { errors, jwtVerify, SignJWT } from 'jose';
import * as client from 'openid-client';
import { takeRateLimitPoint } from '../auth/login-limiter.ts';
import { jwtSecret } from '../auth/tokens.ts';
import type { DomainContext } from '../context.ts';
import { conflict, notFound } from '../errors.ts';
import { requireActor } from '../permissions.ts';
import type { Settings } from '../settings/settings.cache.ts';
import { loadSettings, siteOrigin } from '../settings/settings.service.ts';
import { assertMaySignIn, completeSignIn } from '../users/sign-in.service.ts';
import { presentPending } from './oauth.presenter.ts';
import { type OauthProfile, oauthProvider, oauthSettings } from './providers.ts';
import { OauthProviderError } from './wechat-api.ts';

/** The cookie that carries state and PKCE verifier from the redirect to the callback (HttpOnly, SameSite=Lax). */
export const OAUTH_COOKIE = 'wenku_oauth';
/** How long a started sign-in may take at the provider. */
export const OAUTH_COOKIE_SECONDS = 600;
/** How long a verified but unbound identity may be bound (the `session` of POST /oauth/bind). */
const BIND_SESSION_SECONDS = 30 * 60;
const BIND_AUDIENCE = 'wenku-oauth-bind';

/** Default icons shipped with the web app (moredoc-pro-facts §7.1). */
const DEFAULT_ICON: Record<number, string> = {
  [OauthType.QQ]: '/static/images/oauth-qq.svg',
  [OauthType.Wechat]: '/static/images/oauth-wechat.svg',
  [OauthType.Gitee]: '/static/images/oauth-gitee.svg',
  [OauthType.Github]: '/static/images/oauth-github.svg',
  [OauthType.Wechatmp]: '/static/images/oauth-wechatmp.svg',
  [OauthType.Custom]: '/static/images/oauth-custom.svg',
  [OauthType.Google]: '/static/images/oauth-google.svg',
  [OauthType.OfficialAccount]: '/static/images/oauth-wechat.svg',
};

export function providerKeyOf(value: number | string): OauthProviderKey | null {
  const def = OAUTH_PROVIDERS.find((p) => p.key === value || p.type === Number(value));
  return def?.key ?? null;
}

/** `{domain}/oauth/{key}`: what the admin registers at the provider (moredoc-pro-facts §3.3). */
function redirectUri(s: Settings, key: OauthProviderKey): string {
  const origin = siteOrigin(s);
  if (!origin) throw new DomainError('FEATURE_DISABLED', 'oauth.domain_missing');
  return `${origin}/oauth/${key}`;
}

/** Whether the website offers the mini-program scan login (docs/decisions.md: both switches and the app keys). */
export function scanLoginEnabled(s: Settings): boolean {
  return (
    s.bool('security.enable_wechatmp_login') &&
    s.bool('mp.enable_login') &&
    !!s.str('mp.appid').trim() &&
    !!s.str('mp.appsecret').trim()
  );
}

/**
 * GET /oauth/configs: the public side of every provider (never a secret). Disabled or incomplete providers are
 * listed with enable=false, like moredoc; the mini-program scan login appears when it is on.
 */
export async function oauthConfigs(ctx: DomainContext): Promise<{ oauths: OauthConfigDTO[] }> {
  const s = await loadSettings(ctx);
  const origin = siteOrigin(s);
  const oauths: OauthConfigDTO[] = OAUTH_PROVIDERS.map(({ key }) => {
    const p = oauthSettings(key, s.getter);
    return {
      type: p.type,
      key,
      name: p.name || key,
      icon: p.icon || (DEFAULT_ICON[p.type] ?? ''),
      enable: p.enabled,
      client_id: p.clientId,
      redirect_url: origin ? `${origin}/oauth/${key}` : '',
      ...(key === 'custom' ? { authorize_url: p.authorizeUrl } : {}),
      login_url: `/api/v1/oauth/authorize/${key}`,
    };
  });
  if (scanLoginEnabled(s))
    oauths.push({
      type: OauthType.Wechatmp,
      key: 'wechatmp',
      name: '微信小程序',
      icon: DEFAULT_ICON[OauthType.Wechatmp] ?? '',
      enable: true,
      client_id: '',
      redirect_url: '',
      login_url: '/oauth/wechatmp',
    });
  return { oauths };
}

/** What the callback needs from the start of the flow; lives in the OAUTH_COOKIE. */
export interface PendingAuthorization {
  key: OauthProviderKey;
  state: string;
  verifier: string;
}

export function encodePendingAuthorization(p: PendingAuthorization): string {
  return Buffer.from(JSON.stringify({ k: p.key, s: p.state, v: p.verifier })).toString('base64url');
}

export function decodePendingAuthorization(value: string | undefined): PendingAuthorization | null {
  if (!value) return null;
  try {
    const raw = JSON.parse(Buffer.from(value, 'base64url').toString()) as { k?: unknown; s?: unknown; v?: unknown };
    const key = typeof raw.k === 'string' ? providerKeyOf(raw.k) : null;
    if (!key || typeof raw.s !== 'string' || typeof raw.v !== 'string') return null;
    return { key, state: raw.s, verifier: raw.v };
  } catch {
    return null;
  }
}

/**
 * GET /oauth/authorize/{key}: a fresh state and PKCE verifier, and the provider's authorization URL. The caller
 * keeps `pending` in the OAUTH_COOKIE and redirects. Throws NOT_FOUND (unknown), FEATURE_DISABLED (off, no domain).
 */
export async function beginOauth(
  ctx: DomainContext,
  keyValue: string,
): Promise<{ url: string; pending: PendingAuthorization }> {
  const key = providerKeyOf(keyValue);
  if (!key) throw notFound('oauth.unknown_type');
  const s = await loadSettings(ctx);
  const settings = oauthSettings(key, s.getter);
  if (!settings.enabled) throw new DomainError('FEATURE_DISABLED', 'oauth.disabled');
  const pending: PendingAuthorization = { key, state: client.randomState(), verifier: client.randomPKCECodeVerifier() };
  try {
    const url = await oauthProvider(key).authorizationUrl(settings, {
      redirectUri: redirectUri(s, key),
      state: pending.state,
      codeChallenge: await client.calculatePKCECodeChallenge(pending.verifier),
    });
    return { url: url.toString(), pending };
  } catch (e) {
    throw providerFailure(key, e);
  }
}

function providerFailure(key: string, e: unknown): DomainError {
  if (e instanceof DomainError) return e;
  if (e instanceof OauthProviderError)
    return new DomainError('VALIDATION_FAILED', { key: 'oauth.provider_refused', params: { detail: e.message } });
  console.error(`oauth ${key}`, e);
  return new DomainError('INTERNAL', 'oauth.provider_failed');
}

function sameSecret(a: string, b: string): boolean {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y);
}

/** Inserts the identity or refreshes its profile; returns the row (bound or not). */
export async function upsertIdentity(em: EntityManager, type: number, profile: OauthProfile): Promise<IUserOauth> {
  const cut = (v: string, n: number) => v.slice(0, n);
  const fields = {
    unionid: cut(profile.unionid, 128),
    username: cut(profile.username, 128),
    nickname: cut(profile.nickname, 128),
    avatar: /^https?:\/\//.test(profile.avatar) ? cut(profile.avatar, 512) : '',
    email: cut(profile.email, 128),
    updatedAt: new Date(),
  };
  await em.getConnection().execute(
    `insert into user_oauth (oauth_type, openid, unionid, username, nickname, avatar, email)
     values (?, ?, ?, ?, ?, ?, ?)
     on conflict (oauth_type, openid) do update set unionid = excluded.unionid, username = excluded.username,
       nickname = excluded.nickname, avatar = excluded.avatar, email = excluded.email, updated_at = now()`,
    [type, cut(profile.openid, 128), fields.unionid, fields.username, fields.nickname, fields.avatar, fields.email],
  );
  const row = await em.findOne(UserOauth, { oauthType: type, openid: cut(profile.openid, 128) }, { refresh: true });
  if (!row) throw new DomainError('INTERNAL', 'oauth.provider_failed');
  return row;
}

async function bindSession(ctx: DomainContext, row: IUserOauth): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ typ: row.oauthType, oid: row.openid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(row.id))
    .setAudience(BIND_AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + BIND_SESSION_SECONDS)
    .sign(await bindKey(ctx));
}

async function bindKey(ctx: DomainContext): Promise<Uint8Array> {
  // A key derived for this purpose only: a bind session can never pass as a sign-in token.
  return createHash('sha256')
    .update(`oauth-bind:${await jwtSecret(ctx)}`)
    .digest();
}

/**
 * Signs in with a verified identity: a bound one signs its member in (after the usual status checks); an unbound
 * one answers `oauth` with a bind session. A signed-in caller is never switched to another member.
 */
export async function signInWithIdentity(ctx: DomainContext, row: IUserOauth): Promise<OauthLoginDTO> {
  if (row.userId > 0) {
    if (ctx.actor && ctx.actor.user.id !== row.userId) throw conflict('oauth.bound_to_other');
    const user = await ctx.em.findOne(User, { id: row.userId });
    if (!user) throw new DomainError('NOT_FOUND', 'oauth.not_found');
    await assertMaySignIn(ctx, user);
    return completeSignIn(ctx, user);
  }
  return { oauth: presentPending(row, await bindSession(ctx, row)) };
}

/**
 * POST /oauth/login: checks the state against the caller's pending authorization (from the cookie set when the
 * flow began), exchanges the code at the provider, records the identity and signs in or asks to bind.
 * Throws VALIDATION_FAILED (state, provider errors), FEATURE_DISABLED, FORBIDDEN (account status), CONFLICT.
 */
export async function oauthLogin(
  ctx: DomainContext,
  input: OauthLoginInput,
  pending: PendingAuthorization | null,
): Promise<OauthLoginDTO> {
  const key = providerKeyOf(input.oauth_type);
  if (!key) throw new DomainError('VALIDATION_FAILED', 'oauth.unknown_type');
  if (!pending || pending.key !== key || !input.state || !sameSecret(pending.state, input.state))
    throw new DomainError('VALIDATION_FAILED', 'oauth.state_invalid');
  // A state answers one callback: a replayed one (back button, a leaked return URL) is refused before the provider
  // is asked again. Kept in PostgreSQL so every server process knows it.
  const stateKey = `oauth_state:${createHash('sha256').update(input.state).digest('base64url')}`;
  if ((await takeRateLimitPoint(ctx, stateKey, OAUTH_COOKIE_SECONDS * 1000)).points > 1)
    throw new DomainError('VALIDATION_FAILED', 'oauth.state_invalid');
  const s = await loadSettings(ctx);
  const settings = oauthSettings(key, s.getter);
  if (!settings.enabled) throw new DomainError('FEATURE_DISABLED', 'oauth.disabled');
  let profile: OauthProfile;
  try {
    profile = await oauthProvider(key).exchange(settings, {
      code: input.code,
      state: input.state,
      redirectUri: redirectUri(s, key),
      codeVerifier: pending.verifier,
    });
  } catch (e) {
    throw providerFailure(key, e);
  }
  const row = await upsertIdentity(ctx.em, settings.type, profile);
  return signInWithIdentity(ctx, row);
}

/** Verifies a bind session; the identity row it names, or VALIDATION_FAILED. */
async function identityOfSession(ctx: DomainContext, input: OauthBindInput): Promise<IUserOauth> {
  let sub: string | undefined;
  try {
    const { payload } = await jwtVerify(input.session, await bindKey(ctx), {
      audience: BIND_AUDIENCE,
      algorithms: ['HS256'],
    });
    if (payload.oid !== input.openid || Number(payload.typ) !== input.oauth_type) throw new Error('mismatch');
    sub = payload.sub;
  } catch (e) {
    if (e instanceof errors.JOSEError || (e instanceof Error && e.message === 'mismatch'))
      throw new DomainError('VALIDATION_FAILED', 'oauth.session_invalid');
    throw e;
  }
  const row = await ctx.em.findOne(UserOauth, { id: Number(sub) }, { refresh: true });
  if (!row || row.openid !== input.openid || row.oauthType !== input.oauth_type)
    throw new DomainError('VALIDATION_FAILED', 'oauth.session_invalid');
  return row;
}

/**
 * POST /oauth/bind: binds a verified identity to the signed-in member. One member holds one identity per provider;
 * an identity belongs to one member (guarded UPDATE plus a partial unique index, so concurrent binds cannot both
 * win). Binding again to the same member is a no-op. Throws VALIDATION_FAILED (session), CONFLICT.
 */
export async function oauthBind(ctx: DomainContext, input: OauthBindInput): Promise<Record<string, never>> {
  const actor = requireActor(ctx);
  const row = await identityOfSession(ctx, input);
  if (row.userId === actor.user.id) return {};
  if (row.userId > 0) throw conflict('oauth.bound_to_other');
  if (await ctx.em.count(UserOauth, { userId: actor.user.id, oauthType: row.oauthType }))
    throw conflict('oauth.already_bound_type');
  let changed = 0;
  try {
    changed = await ctx.em.nativeUpdate(
      UserOauth,
      { id: row.id, userId: 0 },
      { userId: actor.user.id, updatedAt: new Date() },
    );
  } catch (e) {
    if ((e as { code?: string }).code === '23505' || /unique/i.test(String(e)))
      throw conflict('oauth.already_bound_type');
    throw e;
  }
  if (changed !== 1) throw conflict('oauth.bound_to_other');
  return {};
}

/** GET /user/oauth: the caller's bindings (moredoc-pro-facts §7.5). */
export async function listUserOauth(ctx: DomainContext) {
  const actor = requireActor(ctx);
  const rows = await ctx.em.find(UserOauth, { userId: actor.user.id }, { orderBy: { id: 'asc' } });
  return {
    oauth: rows.map((r) => ({
      id: r.id,
      oauth_type: r.oauthType,
      avatar: r.avatar,
      username: r.username,
      nickname: r.nickname,
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
    })),
  };
}

/** DELETE /user/oauth?id: unbinds (deletes) one of the caller's identities. Throws NOT_FOUND. */
export async function deleteUserOauth(ctx: DomainContext, id: number): Promise<Record<string, never>> {
  const actor = requireActor(ctx);
  const removed = await ctx.em.nativeDelete(UserOauth, { id, userId: actor.user.id });
  if (!removed) throw notFound('oauth.not_found');
  return {};
}

/** A random URL-safe secret and its sha256 (hex) for storage. */
export function secretPair(bytes = 24): { secret: string; hash: string } {
  const secret = randomBytes(bytes).toString('base64url');
  return { secret, hash: createHash('sha256').update(secret).digest('hex') };
}
