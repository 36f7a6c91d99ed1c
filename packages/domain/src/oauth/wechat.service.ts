import { createHash, randomBytes } from 'node:crypto';
import { OauthScan, User, UserOauth } from '@wenku/db';
import { DomainError, type OauthLoginDTO, OauthType, reasonText, ScanStatus, type ScanStatusDTO } from '@wenku/shared';
import type { DomainContext } from '../context.ts';
import type { Settings } from '../settings/settings.cache.ts';
import { loadSettings, officialAccountAppid, siteOrigin } from '../settings/settings.service.ts';
import { assertMaySignIn, completeSignIn } from '../users/sign-in.service.ts';
import { scanLoginEnabled, secretPair, signInWithIdentity, upsertIdentity } from './oauth.service.ts';
import {
  baseUrl,
  decryptMiniProgramData,
  jssdkSignature,
  OauthProviderError,
  officialAccountSignature,
  WECHAT_API_DEFAULT,
  type WechatApp,
  wechatCodeToSession,
  wechatJsapiTicket,
  wechatMiniProgramCode,
  wechatSnsToken,
} from './wechat-api.ts';

/** A scan-login code is valid this long (moredoc's sample scene JWT lived minutes). */
export const SCAN_TTL_SECONDS = 300;
/** The mini-program page that confirms a scan (moredoc-pro-facts §7.6, onedoc `pages/scan/scan`). */
export const SCAN_PAGE = 'pages/scan/scan';

function miniProgram(s: Settings): WechatApp {
  return {
    api: baseUrl(s.str('mp.endpoint'), WECHAT_API_DEFAULT),
    appid: s.str('mp.appid').trim(),
    secret: s.str('mp.appsecret').trim(),
  };
}

function officialAccount(s: Settings): WechatApp | null {
  const appid = officialAccountAppid(s);
  if (!appid) return null;
  const secret = s.str('oauthOfficialAccount.client_secret').trim();
  return { api: baseUrl(s.str('oauthOfficialAccount.endpoint'), WECHAT_API_DEFAULT), appid, secret };
}

/** What was being asked of WeChat when it failed: the first words of the message. */
type WechatAction = 'oauth.wechat_mp_code' | 'oauth.wechat_mp_login' | 'oauth.wechat_share' | 'oauth.wechat_openid';

function wechatFailure(prefix: WechatAction, e: unknown): DomainError {
  if (e instanceof DomainError) return e;
  const action = { key: prefix };
  if (e instanceof OauthProviderError)
    return new DomainError('VALIDATION_FAILED', { key: 'oauth.wechat_failed', params: { action, detail: e.message } });
  console.error(reasonText(action), e);
  return new DomainError('INTERNAL', { key: 'oauth.wechat_failed_later', params: { action } });
}

const hashOf = (v: string) => createHash('sha256').update(v).digest('hex');

/**
 * GET /oauth/wechatmp/scan/code: a fresh scene (random, 24 characters: WeChat allows 32), the poller's secret
 * ticket, and the mini-program code image as a data URL. Throws FEATURE_DISABLED, VALIDATION_FAILED (WeChat).
 */
export async function scanCode(ctx: DomainContext) {
  const s = await loadSettings(ctx);
  if (!scanLoginEnabled(s)) throw new DomainError('FEATURE_DISABLED', 'oauth.mp_disabled');
  const scene = randomBytes(18).toString('base64url');
  const ticket = secretPair();
  const expiresAt = new Date(Date.now() + SCAN_TTL_SECONDS * 1000);
  let image: Buffer;
  try {
    image = await wechatMiniProgramCode(miniProgram(s), scene, SCAN_PAGE);
  } catch (e) {
    throw wechatFailure('oauth.wechat_mp_code', e);
  }
  await ctx.em.insert(OauthScan, { scene, ticketHash: ticket.hash, ip: ctx.ip.slice(0, 64), expiresAt });
  if (Math.random() < 0.05)
    await ctx.em.nativeDelete(OauthScan, { expiresAt: { $lt: new Date(Date.now() - 3600_000) } });
  const mime = image[0] === 0x89 ? 'image/png' : 'image/jpeg';
  return {
    qrcode: `data:${mime};base64,${image.toString('base64')}`,
    scene,
    ticket: ticket.secret,
    expires_at: expiresAt.toISOString(),
  };
}

async function miniProgramIdentity(ctx: DomainContext, input: { code: string; iv: string; encrypted_data: string }) {
  const s = await loadSettings(ctx);
  if (!s.bool('mp.enable_login')) throw new DomainError('FEATURE_DISABLED', 'oauth.mp_disabled');
  const app = miniProgram(s);
  if (!app.appid || !app.secret) throw new DomainError('FEATURE_DISABLED', 'oauth.mp_disabled');
  try {
    const session = await wechatCodeToSession(app, input.code);
    const info = decryptMiniProgramData(session, app.appid, input.encrypted_data, input.iv);
    return upsertIdentity(ctx.em, OauthType.Wechatmp, {
      openid: session.openid,
      unionid: session.unionid || (typeof info?.unionId === 'string' ? info.unionId : ''),
      username: '',
      nickname: typeof info?.nickName === 'string' ? info.nickName : '',
      avatar: typeof info?.avatarUrl === 'string' ? info.avatarUrl : '',
      email: '',
    });
  } catch (e) {
    throw wechatFailure('oauth.wechat_mp_login', e);
  }
}

/** POST /oauth/wechatmp/login: sign-in inside the mini-program; `{token,user}` or `{oauth}` to bind. */
export async function wechatmpLogin(ctx: DomainContext, input: { code: string; iv: string; encrypted_data: string }) {
  return signInWithIdentity(ctx, await miniProgramIdentity(ctx, input));
}

/**
 * POST /oauth/wechatmp/scan/login (the mini-program, after scanning): identifies the scanner and attaches the
 * identity to the scene. A bound identity confirms the scene for its member (the browser then gets its own token)
 * and signs the mini-program in too; an unbound one answers `{oauth}` so the mini-program can bind, after which the
 * browser's next poll confirms. Throws VALIDATION_FAILED (expired scene), FEATURE_DISABLED, FORBIDDEN.
 */
export async function wechatmpScanLogin(
  ctx: DomainContext,
  input: { code: string; iv: string; encrypted_data: string; scene: string },
): Promise<OauthLoginDTO> {
  const scan = await ctx.em.findOne(OauthScan, { scene: input.scene }, { refresh: true });
  if (!scan || scan.expiresAt < new Date() || scan.status >= ScanStatus.Confirmed)
    throw new DomainError('VALIDATION_FAILED', 'oauth.scene_expired');
  const row = await miniProgramIdentity(ctx, input);
  const result = await signInWithIdentity(ctx, row);
  const status = row.userId > 0 ? ScanStatus.Confirmed : ScanStatus.Scanned;
  const changed = await ctx.em.nativeUpdate(
    OauthScan,
    { scene: scan.scene, status: { $lt: ScanStatus.Confirmed }, expiresAt: { $gt: new Date() } },
    { status, oauthId: row.id, userId: row.userId },
  );
  if (!changed) throw new DomainError('VALIDATION_FAILED', 'oauth.scene_expired');
  return result;
}

/**
 * POST /oauth/wechatmp/scan/login/status: the browser's poll. Once the scene is confirmed (or its identity has been
 * bound since the scan), hands out one token, exactly once (guarded UPDATE to "used"); afterwards and after expiry
 * the scene reads as expired. Throws VALIDATION_FAILED for an unknown scene or a wrong ticket.
 */
export async function scanLoginStatus(
  ctx: DomainContext,
  input: { scene: string; ticket: string },
): Promise<ScanStatusDTO> {
  const scan = await ctx.em.findOne(OauthScan, { scene: input.scene }, { refresh: true });
  if (!scan || scan.ticketHash !== hashOf(input.ticket))
    throw new DomainError('VALIDATION_FAILED', 'oauth.scene_expired');
  if (scan.status === ScanStatus.Used || scan.expiresAt < new Date()) return { status: ScanStatus.Expired };
  let userId = scan.userId;
  if (scan.status === ScanStatus.Scanned) {
    const identity = await ctx.em.findOne(UserOauth, { id: scan.oauthId }, { refresh: true });
    if (!identity || identity.userId <= 0) return { status: ScanStatus.Scanned };
    userId = identity.userId;
  } else if (scan.status !== ScanStatus.Confirmed) {
    return { status: ScanStatus.Waiting };
  }
  const claimed = await ctx.em.nativeUpdate(
    OauthScan,
    { scene: scan.scene, status: scan.status },
    { status: ScanStatus.Used, userId },
  );
  if (!claimed) return { status: ScanStatus.Expired };
  const user = await ctx.em.findOne(User, { id: userId });
  if (!user) return { status: ScanStatus.Expired };
  await assertMaySignIn(ctx, user);
  const auth = await completeSignIn(ctx, user);
  return { status: ScanStatus.Confirmed, token: auth.token, user: auth.user };
}

/**
 * GET /oauth/wxshare/signature?url=: the JSSDK `wx.config` values for a page of this site, signed with the
 * official account's jsapi_ticket. Throws FEATURE_DISABLED (not configured), VALIDATION_FAILED (foreign URL).
 */
export async function wxShareSignature(ctx: DomainContext, url: string) {
  const s = await loadSettings(ctx);
  const app = officialAccount(s);
  if (!app) throw new DomainError('FEATURE_DISABLED', 'oauth.share_disabled');
  // Only our own pages: the endpoint must not sign for other sites' URLs.
  const origin = siteOrigin(s);
  let page: URL;
  try {
    page = new URL(url);
  } catch {
    throw new DomainError('VALIDATION_FAILED', 'oauth.share_url_invalid');
  }
  if (!origin || page.origin !== origin) throw new DomainError('VALIDATION_FAILED', 'oauth.share_url_invalid');
  try {
    const ticket = await wechatJsapiTicket(app);
    const noncestr = randomBytes(12).toString('hex');
    const timestamp = Math.floor(Date.now() / 1000);
    return { appid: app.appid, timestamp, noncestr, signature: jssdkSignature(ticket, noncestr, timestamp, url) };
  } catch (e) {
    throw wechatFailure('oauth.wechat_share', e);
  }
}

/**
 * GET /oauth/officialaccount/token: WeChat's server check when the admin saves the server address. Answers the
 * `echostr` when the signature matches the configured token, null otherwise.
 */
export async function verifyOfficialAccountServer(
  ctx: DomainContext,
  q: { signature?: string; timestamp?: string; nonce?: string; echostr?: string },
): Promise<string | null> {
  const s = await loadSettings(ctx);
  const token = s.str('oauthOfficialAccount.token').trim();
  if (!token || !q.signature || !q.timestamp || !q.nonce) return null;
  return officialAccountSignature(token, q.timestamp, q.nonce) === q.signature ? (q.echostr ?? '') : null;
}

/** The payer's openid inside WeChat: the snsapi_base code of the official account (JSAPI payment). */
export async function officialAccountOpenid(ctx: DomainContext, code: string): Promise<string> {
  const s = await loadSettings(ctx);
  const app = officialAccount(s);
  if (!app) throw new DomainError('FEATURE_DISABLED', 'oauth.pay_needs_official_account');
  try {
    return (await wechatSnsToken(app, code)).openid;
  } catch (e) {
    throw wechatFailure('oauth.wechat_openid', e);
  }
}
