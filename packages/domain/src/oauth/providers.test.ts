import { createCipheriv } from 'node:crypto';
import type { OauthProviderKey } from '@wenku/shared';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthProvider, oauthSettings, profileFromClaims } from './providers.ts';
import { type OauthStandIn, type StandInProvider, startOauthStandIn } from './testing/oauth.stand-in.ts';
import {
  clearWechatTokenCache,
  decryptMiniProgramData,
  jssdkSignature,
  officialAccountSignature,
  wechatAccessToken,
  wechatCodeToSession,
  wechatJsapiTicket,
  wechatMiniProgramCode,
} from './wechat-api.ts';

let standIn: OauthStandIn;
beforeAll(async () => {
  standIn = await startOauthStandIn();
});
afterAll(() => standIn.close());

const GROUP: Record<OauthProviderKey, string> = {
  qq: 'oauthQQ',
  wechat: 'oauthWechat',
  officialaccount: 'oauthOfficialAccount',
  gitee: 'oauthGitee',
  github: 'oauthGithub',
  google: 'oauthGoogle',
  custom: 'oauthCustom',
};
const SCOPE: Partial<Record<OauthProviderKey, string>> = {
  qq: 'get_user_info',
  wechat: 'snsapi_login',
  officialaccount: 'snsapi_userinfo',
  gitee: 'user_info',
  github: 'user',
};

function settingsFor(key: OauthProviderKey, over: Record<string, string> = {}) {
  const rows: Record<string, string> = {
    enable: 'true',
    client_id: standIn.clientId,
    client_secret: standIn.clientSecret,
    scope: SCOPE[key] ?? '',
    endpoint: standIn.url,
    ...over,
  };
  return oauthSettings(key, (k) => rows[k.slice(GROUP[key].length + 1)] ?? '');
}

const REDIRECT = 'https://site.example/oauth/';

/** The browser's part: open the authorize URL, come back with code and state. */
async function authorize(key: OauthProviderKey, over: Record<string, string> = {}) {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const s = settingsFor(key, over);
  const url = await oauthProvider(key).authorizationUrl(s, {
    redirectUri: REDIRECT + key,
    state,
    codeChallenge: await client.calculatePKCECodeChallenge(verifier),
  });
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status, await res.clone().text()).toBe(302);
  const back = new URL(res.headers.get('location') ?? '');
  expect(back.searchParams.get('state')).toBe(state);
  return { s, url, verifier, state, code: back.searchParams.get('code') ?? '' };
}

describe.each<[OauthProviderKey, StandInProvider]>([
  ['qq', 'qq'],
  ['wechat', 'wechat'],
  ['officialaccount', 'officialaccount'],
  ['github', 'github'],
  ['gitee', 'gitee'],
])('%s login against the stand-in', (key, provider) => {
  it('authorizes, exchanges the code once, and reads the profile', async () => {
    const person = {
      id: `${key}-42`,
      name: `昵称${key}`,
      avatar: 'https://img.example/a.png',
      unionid: `u-${key}`,
      login: `${key}login`,
    };
    standIn.signInAs(provider, person);
    const a = await authorize(key);
    const profile = await oauthProvider(key).exchange(a.s, {
      code: a.code,
      state: a.state,
      redirectUri: REDIRECT + key,
      codeVerifier: a.verifier,
    });
    expect(profile.openid).toBe(person.id);
    expect(profile.nickname).toBe(person.name);
    expect(profile.avatar).toBe(person.avatar);
    if (key === 'qq' || key === 'wechat' || key === 'officialaccount') expect(profile.unionid).toBe(person.unionid);
    if (key === 'github' || key === 'gitee') expect(profile.username).toBe(person.login);
    // The provider refuses a code used twice.
    await expect(
      oauthProvider(key).exchange(a.s, {
        code: a.code,
        state: a.state,
        redirectUri: REDIRECT + key,
        codeVerifier: a.verifier,
      }),
    ).rejects.toThrow(/失败/);
  });

  it('fails cleanly with a wrong secret', async () => {
    const a = await authorize(key);
    const wrong = settingsFor(key, { client_secret: 'wrong-secret' });
    await expect(
      oauthProvider(key).exchange(wrong, {
        code: a.code,
        state: a.state,
        redirectUri: REDIRECT + key,
        codeVerifier: a.verifier,
      }),
    ).rejects.toThrow(/失败/);
  });
});

describe('PKCE and request shapes', () => {
  it('GitHub sends an S256 challenge and the token call needs the matching verifier', async () => {
    const a = await authorize('github');
    expect(a.url.searchParams.get('code_challenge_method')).toBe('S256');
    await expect(
      oauthProvider('github').exchange(a.s, {
        code: a.code,
        state: a.state,
        redirectUri: `${REDIRECT}github`,
        codeVerifier: client.randomPKCECodeVerifier(),
      }),
    ).rejects.toThrow(/换取访问令牌失败/);
  });

  it('Gitee and WeChat get no PKCE; WeChat URLs end with #wechat_redirect and carry appid', async () => {
    expect((await authorize('gitee')).url.searchParams.has('code_challenge')).toBe(false);
    const wx = await authorize('wechat');
    expect(wx.url.hash).toBe('#wechat_redirect');
    expect(wx.url.searchParams.get('appid')).toBe(standIn.clientId);
    expect(wx.url.searchParams.get('scope')).toBe('snsapi_login');
    expect(wx.url.pathname).toBe('/connect/qrconnect');
  });

  it('a code issued for another redirect URI is refused', async () => {
    const a = await authorize('gitee');
    await expect(
      oauthProvider('gitee').exchange(a.s, {
        code: a.code,
        state: a.state,
        redirectUri: 'https://evil.example/x',
        codeVerifier: '',
      }),
    ).rejects.toThrow();
  });

  it('refuses plain http to anything but loopback', async () => {
    const s = settingsFor('gitee', { endpoint: 'http://gitee.example' });
    await expect(
      oauthProvider('gitee').authorizationUrl(s, { redirectUri: REDIRECT, state: 'x', codeChallenge: 'y' }),
    ).rejects.toThrow(/https/);
  });

  it('is enabled only when switched on and complete', () => {
    expect(settingsFor('github').enabled).toBe(true);
    expect(settingsFor('github', { enable: 'false' }).enabled).toBe(false);
    expect(settingsFor('github', { client_secret: '' }).enabled).toBe(false);
    expect(settingsFor('custom').enabled).toBe(false);
    expect(
      settingsFor('custom', { authorize_url: 'https://a/x', token_url: 'https://a/t', userinfo_url: 'https://a/u' })
        .enabled,
    ).toBe(true);
  });
});

describe('profileFromClaims', () => {
  it('reads OIDC, GitHub-style and other field names', () => {
    expect(profileFromClaims({ sub: 's1', name: 'N', picture: 'https://p', email: 'a@b.c' })).toMatchObject({
      openid: 's1',
      nickname: 'N',
      avatar: 'https://p',
      email: 'a@b.c',
    });
    expect(profileFromClaims({ id: 7, login: 'octo', avatar_url: 'https://g' })).toMatchObject({
      openid: '7',
      username: 'octo',
      nickname: 'octo',
    });
    expect(() => profileFromClaims({ name: 'no id' })).toThrow(/用户标识/);
  });
});

describe('WeChat server APIs', () => {
  const app = () => ({ api: standIn.url, appid: standIn.clientId, secret: standIn.clientSecret });

  it('caches the stable access token and the JSSDK ticket', async () => {
    clearWechatTokenCache();
    const before = standIn.tokenRequests;
    const [t1, t2] = await Promise.all([wechatAccessToken(app()), wechatAccessToken(app())]);
    expect(t1).toBe(t2);
    expect(await wechatJsapiTicket(app())).toBe(standIn.jsapiTicket);
    expect(await wechatJsapiTicket(app())).toBe(standIn.jsapiTicket);
    expect(standIn.tokenRequests - before).toBe(1);
  });

  it('signs JSSDK config as WeChat documents it (its published example)', () => {
    // https://developers.weixin.qq.com/doc/offiaccount/OA_Web_Apps/JS-SDK.html appendix 1
    expect(
      jssdkSignature(
        'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
        'Wm3WZYTPz0wzccnW',
        1414587457,
        'http://mp.weixin.qq.com?params=value#fragment',
      ),
    ).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
    expect(officialAccountSignature('tok', '2', '1')).toMatch(/^[0-9a-f]{40}$/);
  });

  it('mini-program: code to session, profile decryption, code image for a scene', async () => {
    const code = standIn.miniProgramCode({ id: 'mp-openid-1', name: '小程序用户' });
    const session = await wechatCodeToSession(app(), code);
    expect(session.openid).toBe('mp-openid-1');
    await expect(wechatCodeToSession(app(), code)).rejects.toThrow(/invalid code/);
    const iv = Buffer.alloc(16, 7);
    const plain = JSON.stringify({ nickName: '阿文', avatarUrl: 'https://a', watermark: { appid: standIn.clientId } });
    const c = createCipheriv('aes-128-cbc', Buffer.from(session.sessionKey, 'base64'), iv);
    const enc = Buffer.concat([c.update(plain), c.final()]).toString('base64');
    expect(decryptMiniProgramData(session, standIn.clientId, enc, iv.toString('base64'))?.nickName).toBe('阿文');
    expect(decryptMiniProgramData(session, 'other-app', enc, iv.toString('base64'))).toBeNull();
    expect(decryptMiniProgramData(session, standIn.clientId, 'garbage', iv.toString('base64'))).toBeNull();
    const image = await wechatMiniProgramCode(app(), 'scene123', 'pages/scan/scan');
    expect(image[0]).toBe(0x89);
    expect(standIn.scenes.at(-1)).toBe('scene123');
    await expect(wechatMiniProgramCode(app(), 'x'.repeat(40), 'pages/scan/scan')).rejects.toThrow(/invalid scene/);
  });
});
