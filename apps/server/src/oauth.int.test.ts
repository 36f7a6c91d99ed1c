import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  clearWechatTokenCache,
  jssdkSignature,
  officialAccountSignature,
} from '../../../packages/domain/src/oauth/index.ts';
import {
  type OauthStandIn,
  type StandInProvider,
  type StandInUser,
  startOauthStandIn,
} from '../../../packages/domain/src/oauth/testing/oauth.stand-in.ts';
import { startWechatPayStandIn, type WechatPayStandIn } from '../../../packages/domain/src/payments/testing/index.ts';
import { type RestClient, startTestServer, type TestServer } from './testing/harness.ts';

/**
 * Third-party login (issue 7) through the real server: the authorize redirect with its state/PKCE cookie, the code
 * exchange at a stand-in that checks what the providers check, binding, direct sign-in, unbinding, refusals (forged
 * state, foreign session, double binding), OpenID Connect providers against oauth2-mock-server (which verifies
 * PKCE), the mini-program scan login, the JSSDK share signature, the official account server check and JSAPI pay.
 */
let server: TestServer;
let standIn: OauthStandIn;
let oidc: OAuth2Server;
let wechatPay: WechatPayStandIn;
let admin: RestClient;
let restoreConfig: () => Promise<void>;

interface Pending {
  id: number;
  oauth_type: number;
  openid: string;
  session: string;
  nickname: string;
}
interface LoginBody {
  token?: string;
  user?: { id: number; username: string };
  oauth?: Pending;
  message?: string;
}

const setConfig = (rows: Record<string, string>) => admin.putConfig(rows);
const provider = (group: string, over: Record<string, string> = {}) => ({
  [`${group}.enable`]: 'true',
  [`${group}.client_id`]: standIn.clientId,
  [`${group}.client_secret`]: standIn.clientSecret,
  [`${group}.endpoint`]: standIn.url,
  ...Object.fromEntries(Object.entries(over).map(([k, v]) => [`${group}.${k}`, v])),
});

/** The browser: start at the site, follow the provider's redirect, come back with code and state and the cookie. */
async function authorize(type: string) {
  const start = await fetch(`${server.url}/api/v1/oauth/authorize/${type}`, { redirect: 'manual' });
  expect(start.status).toBe(302);
  const cookie = (start.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const providerRes = await fetch(start.headers.get('location') ?? '', { redirect: 'manual' });
  expect(providerRes.status, await providerRes.clone().text()).toBe(302);
  const back = new URL(providerRes.headers.get('location') ?? '');
  expect(back.origin + back.pathname).toBe(`${server.url}/oauth/${type}`);
  return {
    cookie,
    setCookie: start.headers.get('set-cookie') ?? '',
    providerUrl: new URL(start.headers.get('location') ?? ''),
    code: back.searchParams.get('code') ?? '',
    state: back.searchParams.get('state') ?? '',
  };
}

async function postLogin(
  body: Record<string, unknown>,
  cookie: string,
  token = '',
): Promise<{ status: number; body: LoginBody }> {
  const res = await fetch(`${server.url}/api/v1/oauth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as LoginBody };
}

async function oauthLogin(type: string, token = '') {
  const a = await authorize(type);
  return postLogin({ code: a.code, state: a.state, oauth_type: type }, a.cookie, token);
}

const person = (p: StandInProvider, name = '张三'): StandInUser => ({
  id: `${p}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`,
  name,
  avatar: 'https://img.example/avatar.png',
  login: `login${Math.random().toString(36).slice(2, 8)}`,
});

beforeAll(async () => {
  standIn = await startOauthStandIn();
  wechatPay = await startWechatPayStandIn();
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  server = await startTestServer({ databaseUrl: inject('databaseUrl'), worker: false });
  restoreConfig = await server.snapshotConfig();
  admin = await server.api.admin();
  clearWechatTokenCache();
  await setConfig({
    'system.domain': server.url,
    'security.enable_register': 'true',
    'security.enable_captcha_register': 'false',
    'security.enable_captcha_login': 'false',
    ...provider('oauthGithub'),
    ...provider('oauthGitee'),
    ...provider('oauthQQ'),
    ...provider('oauthWechat'),
    ...provider('oauthOfficialAccount', { token: 'wx-server-token' }),
    'oauthCustom.enable': 'true',
    'oauthCustom.client_id': 'wenku-custom',
    'oauthCustom.client_secret': 'custom-secret',
    'oauthCustom.scope': 'openid profile',
    'oauthCustom.authorize_url': `${oidc.issuer.url}/authorize`,
    'oauthCustom.token_url': `${oidc.issuer.url}/token`,
    'oauthCustom.userinfo_url': `${oidc.issuer.url}/userinfo`,
    'oauthGoogle.enable': 'true',
    'oauthGoogle.client_id': 'wenku-google',
    'oauthGoogle.client_secret': 'google-secret',
    'oauthGoogle.endpoint': oidc.issuer.url ?? '',
    'mp.enable_login': 'true',
    'mp.appid': standIn.clientId,
    'mp.appsecret': standIn.clientSecret,
    'mp.endpoint': standIn.url,
    'security.enable_wechatmp_login': 'true',
  });
}, 120_000);

afterAll(async () => {
  await restoreConfig?.();
  await Promise.all([standIn?.close(), wechatPay?.close(), oidc?.stop()]);
  await server.close();
});

describe('GET /oauth/configs', () => {
  it('lists providers with public fields only, the scan login when on, and never a secret', async () => {
    const res = await server.api.get<{ oauths: Array<Record<string, unknown>> }>('/oauth/configs');
    expect(res.status).toBe(200);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(standIn.clientSecret);
    expect(text).not.toContain('custom-secret');
    const github = res.body.oauths.find((o) => o.key === 'github');
    expect(github).toMatchObject({
      type: 4,
      enable: true,
      client_id: standIn.clientId,
      redirect_url: `${server.url}/oauth/github`,
      login_url: '/api/v1/oauth/authorize/github',
    });
    expect(res.body.oauths.find((o) => o.key === 'custom')).toMatchObject({
      authorize_url: `${oidc.issuer.url}/authorize`,
    });
    expect(res.body.oauths.find((o) => o.type === 5)).toMatchObject({ enable: true, login_url: '/oauth/wechatmp' });
  });
});

describe('sign in, bind, sign in again, unbind', () => {
  it('GitHub: the cookie carries state and PKCE; first login asks to bind; binding works; next login is direct', async () => {
    const who = person('github', 'Octo Cat');
    standIn.signInAs('github', who);
    const a = await authorize('github');
    expect(a.setCookie).toMatch(/HttpOnly/i);
    expect(a.setCookie).toMatch(/SameSite=Lax/i);
    expect(a.providerUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(a.providerUrl.searchParams.get('redirect_uri')).toBe(`${server.url}/oauth/github`);
    const first = await postLogin({ code: a.code, state: a.state, oauth_type: 'github' }, a.cookie);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.token).toBeUndefined();
    expect(first.body.oauth).toMatchObject({ oauth_type: 4, openid: who.id, nickname: 'Octo Cat' });
    const pending = first.body.oauth as Pending;

    // Register and bind (moredoc-pro-facts §7.4).
    const m = await server.api.registerMember('gh');
    const bind = await m.client.post('/oauth/bind', {
      openid: pending.openid,
      oauth_type: pending.oauth_type,
      session: pending.session,
    });
    expect(bind.status, JSON.stringify(bind.body)).toBe(200);

    const second = await oauthLogin('github');
    expect(second.status).toBe(200);
    expect(second.body.user?.id).toBe(m.id);
    expect(second.body.token).toBeTruthy();
    const me = await server.api.withToken(second.body.token ?? '').get<{ id: number }>('/user');
    expect(me.body.id).toBe(m.id);

    const list = await m.client.get<{ oauth: Array<{ id: number; oauth_type: number; nickname: string }> }>(
      '/user/oauth',
    );
    expect(list.body.oauth).toHaveLength(1);
    expect(list.body.oauth[0]).toMatchObject({ oauth_type: 4, nickname: 'Octo Cat' });

    // Another member cannot unbind it; the owner can, and the next login asks to bind again.
    const other = await server.api.registerMember('gh2');
    expect((await other.client.delete('/user/oauth', { id: list.body.oauth[0]?.id })).status).toBe(404);
    expect((await m.client.delete('/user/oauth', { id: list.body.oauth[0]?.id })).status).toBe(200);
    expect((await m.client.get<{ oauth: unknown[] }>('/user/oauth')).body.oauth).toHaveLength(0);
    const third = await oauthLogin('github');
    expect(third.body.token).toBeUndefined();
    expect(third.body.oauth?.openid).toBe(who.id);
  });

  it.each(['qq', 'wechat', 'gitee'] as const)('%s: the same flow through its own protocol', async (type) => {
    const who = person(type, `用户${type}`);
    standIn.signInAs(type, who);
    const first = await oauthLogin(type);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.oauth).toMatchObject({ openid: who.id, nickname: `用户${type}` });
    const m = await server.api.registerMember(type);
    const p = first.body.oauth as Pending;
    expect(
      (await m.client.post('/oauth/bind', { openid: p.openid, oauth_type: p.oauth_type, session: p.session })).status,
    ).toBe(200);
    const again = await oauthLogin(type);
    expect(again.body.user?.id).toBe(m.id);
  });

  it('OpenID Connect (custom provider and Google by discovery) against oauth2-mock-server, PKCE checked there', async () => {
    // The mock's ID tokens always name `johndoe`; its user-info answer completes the profile.
    for (const type of ['custom', 'google'] as const) {
      oidc.service.once('beforeUserinfo', (userInfo) => {
        userInfo.body = { sub: 'johndoe', name: `OIDC ${type}`, email: `${type}@example.com` };
      });
      const first = await oauthLogin(type);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.oauth).toMatchObject({ openid: 'johndoe', oauth_type: type === 'custom' ? 6 : 7 });
      expect(first.body.oauth?.nickname).toBe(`OIDC ${type}`);
    }
    // A user-info answer about someone else than the ID token's subject is ignored.
    oidc.service.once('beforeUserinfo', (userInfo) => {
      userInfo.body = { sub: 'mallory', name: 'Mallory' };
    });
    const mixed = await oauthLogin('custom');
    expect(mixed.body.oauth).toMatchObject({ openid: 'johndoe' });
    expect(mixed.body.oauth?.nickname).not.toBe('Mallory');
    // A verifier that does not match the challenge is refused by the server (so PKCE really is sent and checked).
    const a = await authorize('custom');
    const cookie = `wenku_oauth=${Buffer.from(JSON.stringify({ k: 'custom', s: a.state, v: 'x'.repeat(43) })).toString(
      'base64url',
    )}`;
    const forged = await postLogin({ code: a.code, state: a.state, oauth_type: 'custom' }, cookie);
    expect(forged.status).toBe(400);
    expect(forged.body.message).toMatch(/换取访问令牌失败/);
  });
});

describe('refusals', () => {
  it('a forged state, a missing cookie, or a cookie of another provider is refused before any code exchange', async () => {
    const a = await authorize('gitee');
    const forged = await postLogin({ code: a.code, state: 'forged-state', oauth_type: 'gitee' }, a.cookie);
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe('授权已失效或来源不明，请重新发起登录');
    expect((await postLogin({ code: a.code, state: a.state, oauth_type: 'gitee' }, '')).status).toBe(400);
    expect((await postLogin({ code: a.code, state: a.state, oauth_type: 'github' }, a.cookie)).status).toBe(400);
    // The code was never spent: the genuine request still works.
    expect((await postLogin({ code: a.code, state: a.state, oauth_type: 'gitee' }, a.cookie)).status).toBe(200);
    // A state answers one callback: replaying it is refused before the provider is asked again.
    const replay = await postLogin({ code: a.code, state: a.state, oauth_type: 'gitee' }, a.cookie);
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe('授权已失效或来源不明，请重新发起登录');
  });

  it('no code, an unknown type, a disabled provider', async () => {
    expect((await postLogin({ code: '', state: 'x', oauth_type: 'github' }, '')).body.message).toContain(
      'code不能为空',
    );
    expect((await postLogin({ code: 'c', state: 'x', oauth_type: 'myspace' }, '')).body.message).toBe('未知授权类型');
    await setConfig({ 'oauthQQ.enable': 'false' });
    const start = await fetch(`${server.url}/api/v1/oauth/authorize/qq`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    expect(decodeURIComponent(start.headers.get('location') ?? '')).toBe(
      '/oauth/qq?error=该登录方式未开启&reason=oauth.disabled',
    );
    await setConfig({ 'oauthQQ.enable': 'true' });
  });

  it('bind sessions are signed, bound to the identity, and one identity binds one member, one per provider', async () => {
    standIn.signInAs('gitee', person('gitee'));
    const p = (await oauthLogin('gitee')).body.oauth as Pending;
    const a = await server.api.registerMember('ba');
    const b = await server.api.registerMember('bb');
    const tampered = `${p.session.slice(0, -4)}AAAA`;
    expect(
      (await a.client.post('/oauth/bind', { openid: p.openid, oauth_type: p.oauth_type, session: tampered })).status,
    ).toBe(400);
    expect(
      (await a.client.post('/oauth/bind', { openid: 'someone-else', oauth_type: p.oauth_type, session: p.session }))
        .status,
    ).toBe(400);
    expect((await server.api.post('/oauth/bind', { ...p })).status).toBe(401);

    // Both members race to bind the same identity: exactly one wins.
    const body = { openid: p.openid, oauth_type: p.oauth_type, session: p.session };
    const results = await Promise.all([a.client.post('/oauth/bind', body), b.client.post('/oauth/bind', body)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);

    // The winner cannot bind a second Gitee account.
    const winner = results[0]?.status === 200 ? a : b;
    standIn.signInAs('gitee', person('gitee'));
    const p2 = (await oauthLogin('gitee')).body.oauth as Pending;
    const second = await winner.client.post('/oauth/bind', {
      openid: p2.openid,
      oauth_type: p2.oauth_type,
      session: p2.session,
    });
    expect(second.status).toBe(409);
    expect((second.body as { message?: string }).message).toBe('您已绑定过该类型的第三方帐号，请先解绑');
  });

  it('a disabled member cannot sign in through a bound identity; a signed-in member is never switched', async () => {
    const who = person('github');
    standIn.signInAs('github', who);
    const p = (await oauthLogin('github')).body.oauth as Pending;
    const m = await server.api.registerMember('dis');
    await m.client.post('/oauth/bind', { openid: p.openid, oauth_type: p.oauth_type, session: p.session });
    const other = await server.api.registerMember('sw');
    const switched = await oauthLogin('github', other.client.token);
    expect(switched.status).toBe(409);
    expect(switched.body.message).toBe('该第三方帐号已绑定其他帐号');
    await server.sql('update "user" set status = 1 where id = ?', [m.id]);
    const refused = await oauthLogin('github');
    expect(refused.status).toBe(403);
  });
});

describe('mini-program scan login', () => {
  it('scene + secret ticket; waiting, scanned, bind in the mini-program, one token to the browser, then expired', async () => {
    const code = await server.api.get<{ qrcode: string; scene: string; ticket: string }>('/oauth/wechatmp/scan/code');
    expect(code.status, JSON.stringify(code.body)).toBe(200);
    expect(code.body.qrcode).toMatch(/^data:image\/png;base64,/);
    expect(code.body.scene.length).toBeLessThanOrEqual(32);
    expect(standIn.scenes.at(-1)).toBe(code.body.scene);
    const { scene, ticket } = code.body;
    const poll = () =>
      server.api.post<{ status: number; token?: string; user?: { id: number } }>('/oauth/wechatmp/scan/login/status', {
        scene,
        ticket,
      });
    expect((await poll()).body.status).toBe(0);
    expect((await server.api.post('/oauth/wechatmp/scan/login/status', { scene, ticket: 'guess' })).status).toBe(400);

    // The mini-program scans with an unbound WeChat: it is asked to bind.
    const who = person('wechatmp', '小程序用户');
    const scanned = await server.api.post<LoginBody>('/oauth/wechatmp/scan/login', {
      code: standIn.miniProgramCode(who),
      scene,
    });
    expect(scanned.status, JSON.stringify(scanned.body)).toBe(200);
    expect(scanned.body.oauth).toMatchObject({ oauth_type: 5, openid: who.id });
    expect((await poll()).body.status).toBe(1);

    // It signs in inside the mini-program and binds; the browser's next poll signs in, exactly once.
    const m = await server.api.registerMember('mp');
    const p = scanned.body.oauth as Pending;
    expect(
      (await m.client.post('/oauth/bind', { openid: p.openid, oauth_type: p.oauth_type, session: p.session })).status,
    ).toBe(200);
    const [r1, r2] = await Promise.all([poll(), poll()]);
    const winners = [r1, r2].filter((r) => r.body.status === 2);
    expect(winners).toHaveLength(1);
    expect(winners[0]?.body.user?.id).toBe(m.id);
    expect((await poll()).body.status).toBe(4);

    // A bound scanner confirms at once; a used scene cannot be scanned again.
    const again = await server.api.get<{ scene: string; ticket: string }>('/oauth/wechatmp/scan/code');
    const direct = await server.api.post<LoginBody>('/oauth/wechatmp/scan/login', {
      code: standIn.miniProgramCode(who),
      scene: again.body.scene,
    });
    expect(direct.body.user?.id).toBe(m.id);
    const status = await server.api.post<{ status: number; user?: { id: number } }>(
      '/oauth/wechatmp/scan/login/status',
      { scene: again.body.scene, ticket: again.body.ticket },
    );
    expect(status.body).toMatchObject({ status: 2, user: { id: m.id } });
    const reused = await server.api.post('/oauth/wechatmp/scan/login', {
      code: standIn.miniProgramCode(who),
      scene: again.body.scene,
    });
    expect(reused.status).toBe(400);
  });

  it('an expired scene is refused to the scanner and reads as expired to the browser', async () => {
    const code = await server.api.get<{ scene: string; ticket: string }>('/oauth/wechatmp/scan/code');
    await server.sql(`update oauth_scan set expires_at = now() - interval '1 second' where scene = ?`, [
      code.body.scene,
    ]);
    const scanned = await server.api.post<{ message: string }>('/oauth/wechatmp/scan/login', {
      code: standIn.miniProgramCode(person('wechatmp')),
      scene: code.body.scene,
    });
    expect(scanned.status).toBe(400);
    expect(scanned.body.message).toBe('登录码已过期，请刷新网页后重新扫码');
    const status = await server.api.post<{ status: number }>('/oauth/wechatmp/scan/login/status', code.body);
    expect(status.body.status).toBe(4);
  });
});

describe('WeChat official account', () => {
  it('signs JSSDK config for pages of this site only', async () => {
    const url = `${server.url}/document/1?from=share#top`;
    const res = await server.api.get<{ appid: string; timestamp: number; noncestr: string; signature: string }>(
      '/oauth/wxshare/signature',
      { url },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.appid).toBe(standIn.clientId);
    expect(res.body.signature).toBe(jssdkSignature(standIn.jsapiTicket, res.body.noncestr, res.body.timestamp, url));
    expect((await server.api.get('/oauth/wxshare/signature', { url: 'https://evil.example/' })).status).toBe(400);
  });

  it('answers the server check only with the right signature', async () => {
    const sig = officialAccountSignature('wx-server-token', '1700000000', 'n0nce');
    const ok = await fetch(
      `${server.url}/api/v1/oauth/officialaccount/token?signature=${sig}&timestamp=1700000000&nonce=n0nce&echostr=hello`,
    );
    expect(await ok.text()).toBe('hello');
    const bad = await fetch(
      `${server.url}/api/v1/oauth/officialaccount/token?signature=${'0'.repeat(40)}&timestamp=1700000000&nonce=n0nce&echostr=hello`,
    );
    expect(bad.status).toBe(403);
  });

  it('JSAPI pay inside WeChat: the snsapi_base code becomes the payer openid of the WeChat Pay order', async () => {
    const get = wechatPay.settings();
    const names = ['enable', 'appid', 'mchid', 'api_v3_key', 'serial_no', 'private_key', 'public_key_id', 'public_key'];
    await setConfig({
      ...Object.fromEntries(names.map((n) => [`wechatpay.${n}`, get(`wechatpay.${n}`)])),
      'wechatpay.gateway': wechatPay.url,
      'score.recharge_enable': 'true',
    });
    const m = await server.api.registerMember('jsapi');
    const order = await m.client.post<{ order_no: string }>('/order', { order_type: 3, quantity: 100 });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const payer = person('officialaccount');
    standIn.signInAs('officialaccount', payer);
    // The order page's snsapi_base round trip (the official account's authorize page).
    const authorizeUrl = new URL(`${standIn.url}/connect/oauth2/authorize`);
    for (const [k, v] of Object.entries({
      appid: standIn.clientId,
      redirect_uri: `${server.url}/order?order_no=${order.body.order_no}`,
      response_type: 'code',
      scope: 'snsapi_base',
      state: 'state',
    }))
      authorizeUrl.searchParams.set(k, v);
    const back = new URL((await fetch(authorizeUrl, { redirect: 'manual' })).headers.get('location') ?? '');
    const pay = await m.client.post<{ extra: Record<string, string> | null; message?: string }>('/order/pay', {
      order_no: order.body.order_no,
      payment_type: 1,
      code: back.searchParams.get('code'),
    });
    expect(pay.status, JSON.stringify(pay.body)).toBe(200);
    const sent = wechatPay.payments.get(order.body.order_no);
    expect(sent?.kind).toBe('jsapi');
    expect(sent?.openid ?? (sent?.request.payer as { openid?: string })?.openid).toBe(payer.id);
    expect(pay.body.extra).toMatchObject({ signType: 'RSA' });
  });
});
