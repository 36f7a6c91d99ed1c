// A local stand-in for the third-party login servers the site talks to, checking what the real ones check:
// WeChat (open platform QR login, official account OAuth, server tokens, JSSDK ticket, mini-program login and codes),
// QQ (graph.qq.com), GitHub and Gitee. Codes are single use and bound to the app, the redirect URI and (GitHub) the
// PKCE challenge; secrets and tokens are verified; errors come back in each provider's own format.
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bodyFields, listenLocal, sendJson } from '../../payments/testing/stand-in-http.ts';

export interface StandInUser {
  id: string;
  name: string;
  login?: string;
  avatar?: string;
  email?: string;
  unionid?: string;
}

export type StandInProvider = 'wechat' | 'officialaccount' | 'qq' | 'github' | 'gitee' | 'wechatmp';

interface IssuedCode {
  provider: StandInProvider;
  clientId: string;
  redirectUri: string;
  user: StandInUser;
  scope: string;
  challenge: string;
}

export interface OauthStandIn {
  url: string;
  /** Client id and secret the stand-in accepts (the same for every provider). */
  clientId: string;
  clientSecret: string;
  /** The person the next authorization at `provider` signs in as. */
  signInAs(provider: StandInProvider, user: StandInUser): void;
  /** A `wx.login` code for the mini-program that identifies `user`. */
  miniProgramCode(user: StandInUser): string;
  /** The session key the stand-in gave for a mini-program user (to encrypt a profile as WeChat does). */
  sessionKeyOf(openid: string): string;
  /** Scenes of mini-program codes generated so far, newest last. */
  scenes: string[];
  /** The current JSSDK ticket (to check a share signature). */
  jsapiTicket: string;
  /** Number of server-token requests (the site must cache them). */
  tokenRequests: number;
  /** Authorize requests seen, newest last (to check the parameters the site sent). */
  authorizeRequests: URL[];
  close(): Promise<void>;
}

/** Marks a request as answered: `return handled(sendJson(...))`. */
const handled = (_answered: unknown) => true;

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

export async function startOauthStandIn(): Promise<OauthStandIn> {
  const clientId = `app${randomBytes(6).toString('hex')}`;
  const clientSecret = randomBytes(16).toString('hex');
  const codes = new Map<string, IssuedCode>();
  const accessTokens = new Map<string, { provider: StandInProvider; user: StandInUser; scope: string }>();
  const serverTokens = new Set<string>();
  const sessions = new Map<string, string>();
  const miniCodes = new Map<string, StandInUser>();
  const next = new Map<StandInProvider, StandInUser>();
  const state: OauthStandIn = {
    url: '',
    clientId,
    clientSecret,
    signInAs: (provider, user) => next.set(provider, user),
    miniProgramCode(user) {
      const code = randomBytes(12).toString('hex');
      miniCodes.set(code, user);
      return code;
    },
    sessionKeyOf: (openid) => sessions.get(openid) ?? '',
    scenes: [],
    jsapiTicket: randomBytes(16).toString('hex'),
    tokenRequests: 0,
    authorizeRequests: [],
    close: async () => {},
  };

  const fresh = () => randomBytes(16).toString('hex');
  const userOf = (p: StandInProvider): StandInUser => next.get(p) ?? { id: `${p}-default`, name: `${p} user` };

  /** Every provider's authorize page: approve at once and go back with code and state. */
  function authorize(provider: StandInProvider, q: URLSearchParams, res: ServerResponse) {
    const id = q.get(provider === 'wechat' || provider === 'officialaccount' ? 'appid' : 'client_id');
    const redirectUri = q.get('redirect_uri') ?? '';
    if (id !== clientId || !/^https?:\/\//.test(redirectUri)) {
      sendJson(res, 400, { error: 'invalid_client' });
      return;
    }
    if (q.get('response_type') !== 'code' || !q.get('state')) {
      sendJson(res, 400, { error: 'invalid_request' });
      return;
    }
    const challenge = q.get('code_challenge') ?? '';
    if (challenge && q.get('code_challenge_method') !== 'S256') {
      sendJson(res, 400, { error: 'invalid_request', error_description: 'S256 only' });
      return;
    }
    const code = fresh();
    codes.set(code, {
      provider,
      clientId: id,
      redirectUri,
      user: userOf(provider),
      scope: q.get('scope') ?? '',
      challenge,
    });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', q.get('state') ?? '');
    res.writeHead(302, { Location: back.toString() });
    res.end();
  }

  /** Takes a code once; null when unknown, used, for another provider or another redirect URI. */
  function takeCode(provider: StandInProvider | StandInProvider[], code: string, redirectUri?: string) {
    const issued = codes.get(code);
    codes.delete(code);
    if (!issued || ![provider].flat().includes(issued.provider)) return null;
    if (redirectUri !== undefined && redirectUri !== issued.redirectUri) return null;
    return issued;
  }

  function issueAccessToken(issued: IssuedCode): string {
    const token = fresh();
    accessTokens.set(token, { provider: issued.provider, user: issued.user, scope: issued.scope });
    return token;
  }

  function bearer(req: IncomingMessage, q: URLSearchParams): string {
    const h = req.headers.authorization ?? '';
    return /^(bearer|token)\s+/i.test(h) ? h.replace(/^\S+\s+/, '') : (q.get('access_token') ?? '');
  }

  async function wechat(path: string, q: URLSearchParams, body: string, res: ServerResponse): Promise<boolean> {
    const wx = (v: Record<string, unknown>) => sendJson(res, 200, v);
    const secretOk = () => q.get('appid') === clientId && q.get('secret') === clientSecret;
    switch (path) {
      case '/connect/qrconnect':
        authorize('wechat', q, res);
        return true;
      case '/connect/oauth2/authorize':
        authorize('officialaccount', q, res);
        return true;
      case '/sns/oauth2/access_token': {
        if (!secretOk()) return handled(wx({ errcode: 40125, errmsg: 'invalid appsecret' }));
        const code = q.get('code') ?? '';
        const issued = takeCode(['wechat', 'officialaccount'], code);
        if (!issued || q.get('grant_type') !== 'authorization_code')
          return handled(wx({ errcode: 40029, errmsg: 'invalid code' }));
        wx({
          access_token: issueAccessToken(issued),
          expires_in: 7200,
          refresh_token: fresh(),
          openid: issued.user.id,
          scope: issued.scope,
          unionid: issued.user.unionid ?? '',
        });
        return true;
      }
      case '/sns/userinfo': {
        const t = accessTokens.get(q.get('access_token') ?? '');
        if (!t || t.user.id !== q.get('openid') || t.scope === 'snsapi_base')
          return handled(wx({ errcode: 40001, errmsg: 'invalid credential' }));
        wx({
          openid: t.user.id,
          nickname: t.user.name,
          headimgurl: t.user.avatar ?? '',
          unionid: t.user.unionid ?? '',
        });
        return true;
      }
      case '/cgi-bin/stable_token': {
        const f = JSON.parse(body || '{}') as Record<string, string>;
        state.tokenRequests++;
        if (f.grant_type !== 'client_credential' || f.appid !== clientId || f.secret !== clientSecret)
          return handled(wx({ errcode: 40125, errmsg: 'invalid appsecret' }));
        const token = fresh();
        serverTokens.add(token);
        wx({ access_token: token, expires_in: 7200 });
        return true;
      }
      case '/cgi-bin/ticket/getticket':
        if (!serverTokens.has(q.get('access_token') ?? '') || q.get('type') !== 'jsapi')
          return handled(wx({ errcode: 40001, errmsg: 'invalid credential' }));
        wx({ errcode: 0, errmsg: 'ok', ticket: state.jsapiTicket, expires_in: 7200 });
        return true;
      case '/sns/jscode2session': {
        if (!secretOk()) return handled(wx({ errcode: 40125, errmsg: 'invalid appsecret' }));
        const user = miniCodes.get(q.get('js_code') ?? '');
        miniCodes.delete(q.get('js_code') ?? '');
        if (!user) return handled(wx({ errcode: 40029, errmsg: 'invalid code' }));
        const sessionKey = randomBytes(16).toString('base64');
        sessions.set(user.id, sessionKey);
        wx({ openid: user.id, session_key: sessionKey, unionid: user.unionid ?? '' });
        return true;
      }
      case '/wxa/getwxacodeunlimit': {
        if (!serverTokens.has(q.get('access_token') ?? ''))
          return handled(wx({ errcode: 40001, errmsg: 'invalid credential' }));
        const f = JSON.parse(body || '{}') as { scene?: string; page?: string };
        if (!f.scene || f.scene.length > 32 || !/^[\w!#$&'()*+,/:;=?@\-.~]+$/.test(f.scene))
          return handled(wx({ errcode: 40129, errmsg: 'invalid scene' }));
        if (f.page !== 'pages/scan/scan') return handled(wx({ errcode: 41030, errmsg: 'invalid page' }));
        state.scenes.push(f.scene);
        res.writeHead(200, { 'Content-Type': 'image/png' });
        res.end(PNG_1X1);
        return true;
      }
    }
    return false;
  }

  function qq(path: string, q: URLSearchParams, res: ServerResponse): boolean {
    switch (path) {
      case '/oauth2.0/authorize':
        authorize('qq', q, res);
        return true;
      case '/oauth2.0/token': {
        if (q.get('client_id') !== clientId || q.get('client_secret') !== clientSecret)
          return handled(sendJson(res, 200, { error: 100016, error_description: 'invalid client secret' }));
        const issued = takeCode('qq', q.get('code') ?? '', q.get('redirect_uri') ?? '');
        if (!issued)
          return handled(sendJson(res, 200, { error: 100019, error_description: 'code to access token error' }));
        sendJson(res, 200, { access_token: issueAccessToken(issued), expires_in: '7776000', refresh_token: fresh() });
        return true;
      }
      case '/oauth2.0/me': {
        const t = accessTokens.get(q.get('access_token') ?? '');
        if (t?.provider !== 'qq')
          return handled(sendJson(res, 200, { error: 100016, error_description: 'access token check failed' }));
        sendJson(res, 200, { client_id: clientId, openid: t.user.id, unionid: t.user.unionid ?? '' });
        return true;
      }
      case '/user/get_user_info': {
        const t = accessTokens.get(q.get('access_token') ?? '');
        if (!t || q.get('oauth_consumer_key') !== clientId || q.get('openid') !== t.user.id)
          return handled(sendJson(res, 200, { ret: 100030, msg: 'no permission' }));
        sendJson(res, 200, { ret: 0, msg: '', nickname: t.user.name, figureurl_qq_2: t.user.avatar ?? '' });
        return true;
      }
    }
    return false;
  }

  const s256 = (v: string) => createHash('sha256').update(v).digest('base64url');

  function gitHost(path: string, req: IncomingMessage, q: URLSearchParams, body: string, res: ServerResponse) {
    if (path === '/login/oauth/authorize') return handled(authorize('github', q, res));
    if (path === '/oauth/authorize') return handled(authorize('gitee', q, res));
    if (path === '/login/oauth/access_token' || path === '/oauth/token') {
      const provider: StandInProvider = path === '/oauth/token' ? 'gitee' : 'github';
      const f = { ...Object.fromEntries(q), ...bodyFields(req, body) };
      // GitHub answers errors with HTTP 200; Gitee with 4xx.
      const fail = (error: string) => sendJson(res, provider === 'github' ? 200 : 401, { error });
      if (f.client_id !== clientId || f.client_secret !== clientSecret)
        return handled(fail('incorrect_client_credentials'));
      const issued = takeCode(provider, f.code ?? '', f.redirect_uri ?? '');
      if (!issued) return handled(fail(provider === 'github' ? 'bad_verification_code' : 'invalid_grant'));
      if (issued.challenge && s256(f.code_verifier ?? '') !== issued.challenge) return handled(fail('invalid_grant'));
      sendJson(res, 200, { access_token: issueAccessToken(issued), token_type: 'bearer', scope: issued.scope });
      return true;
    }
    if (path === '/api/v3/user' || path === '/api/v5/user') {
      const t = accessTokens.get(bearer(req, q));
      if (!t) return handled(sendJson(res, 401, { message: 'Bad credentials' }));
      if (path === '/api/v3/user' && !req.headers['user-agent'])
        return handled(sendJson(res, 403, { message: 'UA required' }));
      const u = t.user;
      sendJson(res, 200, {
        id: Number(u.id) || u.id,
        login: u.login ?? u.id,
        name: u.name,
        avatar_url: u.avatar ?? '',
        email: u.email ?? null,
      });
      return true;
    }
    return false;
  }

  const server = await listenLocal(async (req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const q = url.searchParams;
    if (/(authorize|qrconnect)$/.test(url.pathname)) state.authorizeRequests.push(url);
    if (await wechat(url.pathname, q, body, res)) return;
    if (qq(url.pathname, q, res)) return;
    if (gitHost(url.pathname, req, q, body, res)) return;
    sendJson(res, 404, { error: 'not_found' });
  });
  state.url = server.url;
  state.close = server.close;
  return state;
}
