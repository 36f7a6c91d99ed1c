// The WeChat server APIs the site uses (open platform web login, official account OAuth and JSSDK, mini-program
// login and codes). WeChat's OAuth is not standard OAuth 2 (appid/secret in the query, `errcode` bodies with HTTP
// 200), so its documented calls are made directly here; every call has a timeout and WeChat errors become
// OauthProviderError with WeChat's own errcode and errmsg.
import { createDecipheriv, createHash } from 'node:crypto';

export const WECHAT_API_DEFAULT = 'https://api.weixin.qq.com';
export const WECHAT_OPEN_DEFAULT = 'https://open.weixin.qq.com';
const TIMEOUT_MS = 10_000;
/** Renew cached tokens this long before WeChat says they expire. */
const EARLY_RENEW_MS = 5 * 60_000;

export class OauthProviderError extends Error {
  constructor(
    message: string,
    readonly code = '',
  ) {
    super(message);
    this.name = 'OauthProviderError';
  }
}

export interface WechatApp {
  /** API base: https://api.weixin.qq.com, or a stand-in/private gateway. */
  api: string;
  appid: string;
  secret: string;
}

/** `https://x/` → `https://x`; an empty value gives the default. */
export function baseUrl(value: string, fallback: string): string {
  return (value.trim() || fallback).replace(/\/+$/, '');
}

async function readJson(res: Response, what: string): Promise<Record<string, unknown>> {
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new OauthProviderError(`${what}返回了无法识别的内容（HTTP ${res.status}）`);
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new OauthProviderError(`${what}返回格式错误`);
  return body as Record<string, unknown>;
}

/** One call to a provider's JSON API; network failures and timeouts become OauthProviderError. */
export async function providerJson(
  url: string,
  what: string,
  init: { method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string> } = {},
): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method ?? 'GET',
      body: init.body,
      headers: { accept: 'application/json', ...init.headers },
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (e) {
    throw new OauthProviderError(`无法连接${what}：${e instanceof Error ? e.message : String(e)}`);
  }
  return readJson(res, what);
}

/** WeChat answers errors as `{errcode, errmsg}` with HTTP 200. */
function assertWechatOk(body: Record<string, unknown>, what: string): void {
  const code = Number(body.errcode ?? 0);
  if (code !== 0) throw new OauthProviderError(`${what}失败：${String(body.errmsg ?? '')}（${code}）`, String(code));
}

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

async function wechatGet(app: WechatApp, path: string, params: Record<string, string>, what: string) {
  const url = new URL(`${app.api}${path}`);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const body = await providerJson(url.toString(), '微信服务器', {});
  assertWechatOk(body, what);
  return body;
}

// ---- OAuth of the open platform (web QR) and the official account -------------------------------------------

export interface WechatSnsToken {
  accessToken: string;
  openid: string;
  unionid: string;
  scope: string;
}

/** sns/oauth2/access_token: the code of `/connect/qrconnect` or `/connect/oauth2/authorize` → openid. */
export async function wechatSnsToken(app: WechatApp, code: string): Promise<WechatSnsToken> {
  const body = await wechatGet(
    app,
    '/sns/oauth2/access_token',
    { appid: app.appid, secret: app.secret, code, grant_type: 'authorization_code' },
    '微信授权',
  );
  const openid = str(body.openid);
  if (!openid) throw new OauthProviderError('微信授权失败：没有返回openid');
  return { accessToken: str(body.access_token), openid, unionid: str(body.unionid), scope: str(body.scope) };
}

/** sns/userinfo: nickname and avatar (needs scope snsapi_login or snsapi_userinfo). */
export async function wechatSnsUserinfo(app: WechatApp, token: WechatSnsToken) {
  const body = await wechatGet(
    app,
    '/sns/userinfo',
    { access_token: token.accessToken, openid: token.openid, lang: 'zh_CN' },
    '获取微信用户信息',
  );
  return { nickname: str(body.nickname), avatar: str(body.headimgurl), unionid: str(body.unionid) };
}

// ---- Server tokens (official account JSSDK, mini-program codes) ---------------------------------------------

interface Cached {
  value: string;
  expiresAt: number;
}
const tokenCache = new Map<string, Cached>();
const pending = new Map<string, Promise<string>>();

/** Forget every cached token (tests switch stand-ins; the admin changes a secret). */
export function clearWechatTokenCache(): void {
  tokenCache.clear();
}

async function cached(key: string, load: () => Promise<{ value: string; expiresIn: number }>): Promise<string> {
  const hit = tokenCache.get(key);
  if (hit && hit.expiresAt > Date.now()) return hit.value;
  // One refresh per key at a time: concurrent callers share it.
  let p = pending.get(key);
  if (!p) {
    p = load()
      .then(({ value, expiresIn }) => {
        tokenCache.set(key, { value, expiresAt: Date.now() + Math.max(60_000, expiresIn * 1000 - EARLY_RENEW_MS) });
        return value;
      })
      .finally(() => pending.delete(key));
    pending.set(key, p);
  }
  return p;
}

/**
 * The app's server access token through `cgi-bin/stable_token`, which several server processes can share without
 * invalidating each other's token (unlike `cgi-bin/token`). Cached until five minutes before it expires.
 */
export function wechatAccessToken(app: WechatApp): Promise<string> {
  const key = `token:${app.api}:${app.appid}:${createHash('sha256').update(app.secret).digest('hex').slice(0, 16)}`;
  return cached(key, async () => {
    const body = await providerJson(`${app.api}/cgi-bin/stable_token`, '微信服务器', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credential', appid: app.appid, secret: app.secret }),
    });
    assertWechatOk(body, '获取微信access_token');
    const value = str(body.access_token);
    if (!value) throw new OauthProviderError('获取微信access_token失败：没有返回令牌');
    return { value, expiresIn: Number(body.expires_in) || 7200 };
  });
}

/** Token errors after which a fresh token is fetched once: 40001 invalid, 42001 expired, 40014 malformed. */
const STALE_TOKEN = new Set(['40001', '42001', '40014']);

async function withToken<T>(app: WechatApp, call: (token: string) => Promise<T>): Promise<T> {
  try {
    return await call(await wechatAccessToken(app));
  } catch (e) {
    if (!(e instanceof OauthProviderError) || !STALE_TOKEN.has(e.code)) throw e;
    clearWechatTokenCache();
    return call(await wechatAccessToken(app));
  }
}

/** The JSSDK ticket (`cgi-bin/ticket/getticket?type=jsapi`), cached like the token. */
export function wechatJsapiTicket(app: WechatApp): Promise<string> {
  return cached(`ticket:${app.api}:${app.appid}`, () =>
    withToken(app, async (token) => {
      const body = await wechatGet(
        app,
        '/cgi-bin/ticket/getticket',
        { access_token: token, type: 'jsapi' },
        '获取jsapi_ticket',
      );
      return { value: str(body.ticket), expiresIn: Number(body.expires_in) || 7200 };
    }),
  );
}

/** JSSDK signature: sha1 of `jsapi_ticket=…&noncestr=…&timestamp=…&url=…` (URL without its fragment). */
export function jssdkSignature(ticket: string, noncestr: string, timestamp: number, url: string): string {
  const clean = url.split('#')[0] ?? url;
  return createHash('sha1')
    .update(`jsapi_ticket=${ticket}&noncestr=${noncestr}&timestamp=${timestamp}&url=${clean}`)
    .digest('hex');
}

/** The official account server check: sha1 of token, timestamp and nonce sorted and joined. */
export function officialAccountSignature(token: string, timestamp: string, nonce: string): string {
  return createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');
}

// ---- Mini-program -----------------------------------------------------------------------------------------

export interface MiniProgramSession {
  openid: string;
  unionid: string;
  sessionKey: string;
}

/** sns/jscode2session: the `wx.login` code → openid and session key. */
export async function wechatCodeToSession(app: WechatApp, code: string): Promise<MiniProgramSession> {
  const body = await wechatGet(
    app,
    '/sns/jscode2session',
    { appid: app.appid, secret: app.secret, js_code: code, grant_type: 'authorization_code' },
    '小程序登录',
  );
  const openid = str(body.openid);
  if (!openid) throw new OauthProviderError('小程序登录失败：没有返回openid');
  return { openid, unionid: str(body.unionid), sessionKey: str(body.session_key) };
}

/**
 * Decrypts the `encryptedData` of `wx.getUserInfo` (AES-128-CBC, key = session_key, PKCS#7) and checks its
 * watermark names this app. Null when absent or unreadable: the profile is optional.
 */
export function decryptMiniProgramData(
  session: MiniProgramSession,
  appid: string,
  encryptedData: string,
  iv: string,
): Record<string, unknown> | null {
  if (!encryptedData || !iv || !session.sessionKey) return null;
  try {
    const decipher = createDecipheriv(
      'aes-128-cbc',
      Buffer.from(session.sessionKey, 'base64'),
      Buffer.from(iv, 'base64'),
    );
    const text = Buffer.concat([decipher.update(Buffer.from(encryptedData, 'base64')), decipher.final()]).toString();
    const data = JSON.parse(text) as Record<string, unknown>;
    const watermark = data.watermark as { appid?: string } | undefined;
    return watermark?.appid === appid ? data : null;
  } catch {
    return null;
  }
}

/** wxa/getwxacodeunlimit: a mini-program code image for `scene` opening `page`. */
export async function wechatMiniProgramCode(app: WechatApp, scene: string, page: string): Promise<Buffer> {
  return withToken(app, async (token) => {
    let res: Response;
    try {
      res = await fetch(`${app.api}/wxa/getwxacodeunlimit?access_token=${encodeURIComponent(token)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ scene, page, check_path: false, width: 280 }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (e) {
      throw new OauthProviderError(`无法连接微信服务器：${e instanceof Error ? e.message : String(e)}`);
    }
    // An image on success; a JSON error otherwise.
    if ((res.headers.get('content-type') ?? '').includes('json')) {
      assertWechatOk(await readJson(res, '微信服务器'), '生成小程序码');
      throw new OauthProviderError('生成小程序码失败');
    }
    const image = Buffer.from(await res.arrayBuffer());
    if (!image.length) throw new OauthProviderError('生成小程序码失败：返回了空图片');
    return image;
  });
}
