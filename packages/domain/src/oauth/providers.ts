// The third-party login providers of moredoc-pro-facts §7.1. Standard OAuth 2 / OpenID Connect providers (GitHub,
// Gitee, Google, custom) go through `openid-client` with state and, where the provider supports it, PKCE (S256).
// WeChat and QQ are not standard OAuth 2 (appid/secret in the query, tokens by GET, no token_type), so their
// documented calls are made directly (wechat-api.ts, qq below); state is still ours and checked the same way.
import { OAUTH_PROVIDERS, type OauthProviderKey, type SettingKey, type SettingName } from '@wenku/shared';
import * as client from 'openid-client';
import {
  baseUrl,
  OauthProviderError,
  providerJson,
  WECHAT_API_DEFAULT,
  WECHAT_OPEN_DEFAULT,
  wechatSnsToken,
  wechatSnsUserinfo,
} from './wechat-api.ts';

const TIMEOUT_MS = 10_000;

/** What a provider tells us about the person who signed in. `openid` is the stable id within the provider. */
export interface OauthProfile {
  openid: string;
  unionid: string;
  username: string;
  nickname: string;
  avatar: string;
  email: string;
}

/** One provider's settings (its `oauth*` group). */
export interface OauthSettings {
  type: number;
  key: OauthProviderKey;
  enabled: boolean;
  name: string;
  icon: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  /** Optional override of the provider's official address (GitHub Enterprise host, a private Gitee, a stand-in). */
  endpoint: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  issuer: string;
}

export function oauthSettings(key: OauthProviderKey, get: (k: SettingKey) => string): OauthSettings {
  const def = OAUTH_PROVIDERS.find((p) => p.key === key);
  if (!def) throw new Error(`unknown OAuth provider ${key}`);
  // Every group has the common rows; only some have `endpoint` or the custom provider's URLs, the rest read as ''.
  const v = (name: SettingName<'oauthGithub'> | SettingName<'oauthCustom'>) =>
    get(`${def.group}.${name}` as SettingKey).trim();
  const s: OauthSettings = {
    type: def.type,
    key,
    enabled: false,
    name: v('name'),
    icon: v('icon'),
    clientId: v('client_id'),
    clientSecret: v('client_secret'),
    scope: v('scope'),
    endpoint: v('endpoint'),
    authorizeUrl: v('authorize_url'),
    tokenUrl: v('token_url'),
    userinfoUrl: v('userinfo_url'),
    issuer: v('issuer'),
  };
  const complete =
    !!s.clientId && !!s.clientSecret && (key !== 'custom' || (!!s.authorizeUrl && !!s.tokenUrl && !!s.userinfoUrl));
  s.enabled = v('enable') === 'true' && complete;
  return s;
}

export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  /** PKCE S256 challenge; providers without PKCE ignore it. */
  codeChallenge: string;
}

export interface CodeExchange {
  code: string;
  state: string;
  redirectUri: string;
  codeVerifier: string;
}

export interface OauthProvider {
  /** Sends code_challenge and code_verifier. */
  pkce: boolean;
  authorizationUrl(s: OauthSettings, req: AuthorizationRequest): Promise<URL>;
  exchange(s: OauthSettings, req: CodeExchange): Promise<OauthProfile>;
}

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** HTTP is accepted only for loopback hosts (local stand-ins); anything else must be HTTPS. */
function assertSecure(url: URL): void {
  if (url.protocol === 'https:') return;
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol === 'http:' && loopback) return;
  throw new OauthProviderError(`OAuth地址必须使用https：${url.origin}`);
}

function parseUrl(value: string, what: string): URL {
  try {
    const url = new URL(value);
    assertSecure(url);
    return url;
  } catch (e) {
    if (e instanceof OauthProviderError) throw e;
    throw new OauthProviderError(`${what}不是有效的网址`);
  }
}

// ---- Standard OAuth 2 / OpenID Connect through openid-client -------------------------------------------------

interface Endpoints {
  issuer: string;
  authorize: string;
  token: string;
  userinfo: string;
}

async function configuration(s: OauthSettings, e: Endpoints | { discover: string }): Promise<client.Configuration> {
  const auth = client.ClientSecretPost(s.clientSecret);
  const timedFetch: client.CustomFetch = (url, options) =>
    fetch(url, { ...options, signal: AbortSignal.timeout(TIMEOUT_MS) } as RequestInit);
  let config: client.Configuration;
  if ('discover' in e) {
    const issuer = parseUrl(e.discover, '接口地址');
    try {
      config = await client.discovery(issuer, s.clientId, undefined, auth, {
        execute: issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [],
        timeout: TIMEOUT_MS / 1000,
      });
    } catch (err) {
      throw new OauthProviderError(`读取OpenID配置失败：${err instanceof Error ? err.message : String(err)}`);
    }
  } else {
    const urls = [e.authorize, e.token, e.userinfo].map((u) => parseUrl(u, 'OAuth地址'));
    config = new client.Configuration(
      {
        issuer: e.issuer,
        authorization_endpoint: e.authorize,
        token_endpoint: e.token,
        userinfo_endpoint: e.userinfo,
      },
      s.clientId,
      undefined,
      auth,
    );
    if (urls.some((u) => u.protocol === 'http:')) client.allowInsecureRequests(config);
  }
  config[client.customFetch] = timedFetch;
  return config;
}

function standard(
  pkce: boolean,
  endpoints: (s: OauthSettings) => Endpoints | { discover: string },
  profile: (
    config: client.Configuration,
    tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers,
    s: OauthSettings,
  ) => Promise<OauthProfile>,
  extraAuthorizeParams: Record<string, string> = {},
): OauthProvider {
  return {
    pkce,
    async authorizationUrl(s, req) {
      const config = await configuration(s, endpoints(s));
      const params: Record<string, string> = {
        redirect_uri: req.redirectUri,
        response_type: 'code',
        scope: s.scope,
        state: req.state,
        ...extraAuthorizeParams,
      };
      if (pkce) Object.assign(params, { code_challenge: req.codeChallenge, code_challenge_method: 'S256' });
      return client.buildAuthorizationUrl(config, params);
    },
    async exchange(s, req) {
      const config = await configuration(s, endpoints(s));
      const callback = new URL(req.redirectUri);
      callback.searchParams.set('code', req.code);
      callback.searchParams.set('state', req.state);
      // The flow is already bound to this provider by our own cookie (the mix-up defence RFC 9207's `iss` gives).
      if (config.serverMetadata().authorization_response_iss_parameter_supported)
        callback.searchParams.set('iss', config.serverMetadata().issuer);
      let tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers;
      try {
        tokens = await client.authorizationCodeGrant(config, callback, {
          expectedState: req.state,
          pkceCodeVerifier: pkce ? req.codeVerifier : undefined,
        });
      } catch (err) {
        throw new OauthProviderError(`换取访问令牌失败：${err instanceof Error ? err.message : String(err)}`);
      }
      try {
        return await profile(config, tokens, s);
      } catch (err) {
        if (err instanceof OauthProviderError) throw err;
        throw new OauthProviderError(`获取用户信息失败：${err instanceof Error ? err.message : String(err)}`);
      }
    },
  };
}

async function protectedJson(config: client.Configuration, token: string, url: string) {
  const res = await client.fetchProtectedResource(
    config,
    token,
    new URL(url),
    'GET',
    undefined,
    new Headers({ accept: 'application/json', 'user-agent': 'Wenku' }),
  );
  if (!res.ok) throw new OauthProviderError(`获取用户信息失败（HTTP ${res.status}）`);
  const body: unknown = await res.json();
  if (!body || typeof body !== 'object') throw new OauthProviderError('获取用户信息失败：返回格式错误');
  return body as Record<string, unknown>;
}

/** Common user-info field names: OIDC (sub, name, picture), GitHub/Gitee (id, login, avatar_url), others. */
export function profileFromClaims(body: Record<string, unknown>): OauthProfile {
  const openid = text(body.sub) || text(body.id) || text(body.openid) || text(body.user_id) || text(body.uid);
  if (!openid) throw new OauthProviderError('获取用户信息失败：没有返回用户标识');
  const username = text(body.login) || text(body.preferred_username) || text(body.username);
  return {
    openid,
    unionid: text(body.unionid),
    username,
    nickname: text(body.name) || text(body.nickname) || username,
    avatar: text(body.avatar_url) || text(body.picture) || text(body.avatar),
    email: text(body.email),
  };
}

const github = standard(
  true,
  (s) => {
    const host = baseUrl(s.endpoint, 'https://github.com');
    return {
      issuer: host,
      authorize: `${host}/login/oauth/authorize`,
      token: `${host}/login/oauth/access_token`,
      // github.com serves its API on api.github.com; GitHub Enterprise Server under /api/v3 of its host.
      userinfo: s.endpoint ? `${host}/api/v3/user` : 'https://api.github.com/user',
    };
  },
  async (config, tokens, s) => {
    const e = configurationEndpoints(config);
    return profileFromClaims(await protectedJson(config, tokens.access_token, e.userinfo ?? s.userinfoUrl));
  },
);

const gitee = standard(
  false,
  (s) => {
    const host = baseUrl(s.endpoint, 'https://gitee.com');
    return {
      issuer: host,
      authorize: `${host}/oauth/authorize`,
      token: `${host}/oauth/token`,
      userinfo: `${host}/api/v5/user`,
    };
  },
  async (config, tokens) => {
    const url = new URL(configurationEndpoints(config).userinfo ?? '');
    url.searchParams.set('access_token', tokens.access_token);
    return profileFromClaims(await protectedJson(config, tokens.access_token, url.toString()));
  },
);

const GOOGLE: Endpoints = {
  issuer: 'https://accounts.google.com',
  authorize: 'https://accounts.google.com/o/oauth2/v2/auth',
  token: 'https://oauth2.googleapis.com/token',
  userinfo: 'https://openidconnect.googleapis.com/v1/userinfo',
};

/** Claims of the ID token when there is one, completed by the user-info endpoint. */
async function oidcProfile(
  config: client.Configuration,
  tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers,
  userinfo: string | undefined,
): Promise<OauthProfile> {
  const claims = (tokens.claims() ?? {}) as Record<string, unknown>;
  const info = userinfo ? await protectedJson(config, tokens.access_token, userinfo) : {};
  // An ID token's subject wins; a user-info answer about someone else is ignored.
  const merged = claims.sub && info.sub && info.sub !== claims.sub ? claims : { ...info, ...claims };
  return profileFromClaims(merged);
}

const google = standard(
  true,
  (s) => (s.endpoint ? { discover: s.endpoint } : GOOGLE),
  (config, tokens) => oidcProfile(config, tokens, configurationEndpoints(config).userinfo),
  { access_type: 'online', prompt: 'select_account' },
);

const custom = standard(
  true,
  (s) => ({
    issuer: s.issuer || safeOrigin(s.authorizeUrl),
    authorize: s.authorizeUrl,
    token: s.tokenUrl,
    userinfo: s.userinfoUrl,
  }),
  (config, tokens) => oidcProfile(config, tokens, configurationEndpoints(config).userinfo),
);

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

function configurationEndpoints(config: client.Configuration) {
  const m = config.serverMetadata();
  return { userinfo: m.userinfo_endpoint };
}

// ---- WeChat (open platform web QR, official account) ----------------------------------------------------------

function wechat(path: '/connect/qrconnect' | '/connect/oauth2/authorize'): OauthProvider {
  return {
    pkce: false,
    async authorizationUrl(s, req) {
      // Parameter order matters to WeChat: appid, redirect_uri, response_type, scope, state, then #wechat_redirect.
      const url = new URL(`${baseUrl(s.endpoint, WECHAT_OPEN_DEFAULT)}${path}`);
      url.searchParams.set('appid', s.clientId);
      url.searchParams.set('redirect_uri', req.redirectUri);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', s.scope);
      url.searchParams.set('state', req.state);
      url.hash = 'wechat_redirect';
      return url;
    },
    async exchange(s, req) {
      const app = { api: baseUrl(s.endpoint, WECHAT_API_DEFAULT), appid: s.clientId, secret: s.clientSecret };
      const token = await wechatSnsToken(app, req.code);
      // snsapi_base gives only the openid; snsapi_login and snsapi_userinfo also the profile.
      const info = token.scope.includes('snsapi_base') ? null : await wechatSnsUserinfo(app, token);
      return {
        openid: token.openid,
        unionid: token.unionid || info?.unionid || '',
        username: '',
        nickname: info?.nickname ?? '',
        avatar: info?.avatar ?? '',
        email: '',
      };
    },
  };
}

// ---- QQ (graph.qq.com) -----------------------------------------------------------------------------------------

/** QQ answers errors as `{error, error_description}` or `{ret, msg}`. */
function assertQqOk(body: Record<string, unknown>, what: string): void {
  if (body.error !== undefined && body.error !== 0)
    throw new OauthProviderError(`${what}失败：${text(body.error_description) || text(body.error)}`);
  if (body.ret !== undefined && Number(body.ret) !== 0)
    throw new OauthProviderError(`${what}失败：${text(body.msg)}（${text(body.ret)}）`);
}

const qq: OauthProvider = {
  pkce: false,
  async authorizationUrl(s, req) {
    const url = new URL(`${baseUrl(s.endpoint, 'https://graph.qq.com')}/oauth2.0/authorize`);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', s.clientId);
    url.searchParams.set('redirect_uri', req.redirectUri);
    url.searchParams.set('state', req.state);
    url.searchParams.set('scope', s.scope);
    return url;
  },
  async exchange(s, req) {
    const base = baseUrl(s.endpoint, 'https://graph.qq.com');
    const tokenUrl = new URL(`${base}/oauth2.0/token`);
    for (const [k, v] of Object.entries({
      grant_type: 'authorization_code',
      client_id: s.clientId,
      client_secret: s.clientSecret,
      code: req.code,
      redirect_uri: req.redirectUri,
      fmt: 'json',
    }))
      tokenUrl.searchParams.set(k, v);
    const token = await providerJson(tokenUrl.toString(), 'QQ服务器');
    assertQqOk(token, 'QQ授权');
    const accessToken = text(token.access_token);
    if (!accessToken) throw new OauthProviderError('QQ授权失败：没有返回访问令牌');
    const me = await providerJson(
      `${base}/oauth2.0/me?access_token=${encodeURIComponent(accessToken)}&unionid=1&fmt=json`,
      'QQ服务器',
    );
    assertQqOk(me, '获取QQ用户标识');
    const openid = text(me.openid);
    if (!openid || text(me.client_id) !== s.clientId) throw new OauthProviderError('获取QQ用户标识失败');
    const info = await providerJson(
      `${base}/user/get_user_info?access_token=${encodeURIComponent(accessToken)}&oauth_consumer_key=${encodeURIComponent(s.clientId)}&openid=${encodeURIComponent(openid)}`,
      'QQ服务器',
    );
    assertQqOk(info, '获取QQ用户信息');
    return {
      openid,
      unionid: text(me.unionid),
      username: '',
      nickname: text(info.nickname),
      avatar: text(info.figureurl_qq_2) || text(info.figureurl_qq_1) || text(info.figureurl_2),
      email: '',
    };
  },
};

const PROVIDERS: Record<OauthProviderKey, OauthProvider> = {
  qq,
  wechat: wechat('/connect/qrconnect'),
  officialaccount: wechat('/connect/oauth2/authorize'),
  gitee,
  github,
  google,
  custom,
};

export function oauthProvider(key: OauthProviderKey): OauthProvider {
  return PROVIDERS[key];
}
