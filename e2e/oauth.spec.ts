import { OAuth2Server } from 'oauth2-mock-server';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OauthStandIn, startOauthStandIn } from '../packages/domain/src/oauth/testing/oauth.stand-in.ts';
import { DESKTOP, openApp, PHONE, snap, useBrowser } from './browser.ts';
import { adminToken, api, baseUrl, type ConfigEntry, POLL, register, signOut, withConfig } from './helpers.ts';

/**
 * Third-party login in a real browser (issue 7, moredoc-pro-facts §7): the custom OAuth 2 provider against
 * oauth2-mock-server (which auto-approves and checks PKCE), and the mini-program scan login against the WeChat
 * stand-in. Each run boots a fresh database (global-setup.ts), so the mock's fixed subject `johndoe` starts unbound.
 */
const browser = useBrowser();
let oidc: OAuth2Server;
let standIn: OauthStandIn;
let token: string;

beforeAll(async () => {
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  // The ID token always names `johndoe`; the user-info answer gives the profile the bind card shows.
  oidc.service.on('beforeUserinfo', (userInfo) => {
    userInfo.body = { sub: 'johndoe', name: 'E2E 模拟用户', email: 'johndoe@example.com' };
  });
  standIn = await startOauthStandIn();
  token = await adminToken();
});
afterAll(async () => {
  await oidc?.stop();
  await standIn?.close();
});

function customConfig(): ConfigEntry[] {
  const issuer = oidc.issuer.url ?? '';
  return [
    { category: 'system', name: 'domain', value: baseUrl() },
    { category: 'security', name: 'enable_register', value: 'true' },
    { category: 'security', name: 'is_close', value: 'false' },
    { category: 'oauthCustom', name: 'enable', value: 'true' },
    { category: 'oauthCustom', name: 'name', value: '模拟OIDC' },
    { category: 'oauthCustom', name: 'client_id', value: 'wenku-e2e' },
    { category: 'oauthCustom', name: 'client_secret', value: 'wenku-e2e-secret' },
    { category: 'oauthCustom', name: 'scope', value: 'openid profile' },
    { category: 'oauthCustom', name: 'authorize_url', value: `${issuer}/authorize` },
    { category: 'oauthCustom', name: 'token_url', value: `${issuer}/token` },
    { category: 'oauthCustom', name: 'userinfo_url', value: `${issuer}/userinfo` },
  ];
}

function mpConfig(): ConfigEntry[] {
  return [
    { category: 'system', name: 'domain', value: baseUrl() },
    { category: 'mp', name: 'enable_login', value: 'true' },
    { category: 'mp', name: 'appid', value: standIn.clientId },
    { category: 'mp', name: 'appsecret', value: standIn.clientSecret },
    { category: 'mp', name: 'endpoint', value: standIn.url },
    { category: 'security', name: 'enable_wechatmp_login', value: 'true' },
  ];
}

/** Whether the page's stored session holds a token (the session lives in localStorage, spec §4). */
const signedIn = (page: Page) =>
  page.evaluate(() => {
    const storage = (
      globalThis as unknown as {
        localStorage: { length: number; key(i: number): string | null; getItem(k: string): string | null };
      }
    ).localStorage;
    for (let i = 0; i < storage.length; i++) {
      if (/"token":"[^"]+"/.test(storage.getItem(storage.key(i) ?? '') ?? '')) return true;
    }
    return false;
  });

/** Signs out, then starts the custom provider's login from /login. */
async function signOutAndStartOauth(page: Page) {
  await signOut(page);
  await openApp(page, `${baseUrl()}/login`);
  await page.getByTestId('oauth-custom').click();
}

describe('third-party login', () => {
  it('asks to bind on the first login, binds by registering, signs in directly next time, unbinds, refuses a forged state', async () => {
    await withConfig(token, customConfig(), async () => {
      const context = await browser.newContext({ viewport: DESKTOP });
      const page = await context.newPage();
      await openApp(page, `${baseUrl()}/login`);
      const icon = page.getByTestId('oauth-custom');
      await icon.waitFor();
      await page.getByText('您可以通过以下方式快速注册或登录').waitFor();
      expect(await icon.getAttribute('href')).toBe('/api/v1/oauth/authorize/custom');
      await snap(page, 'oauth-login-icons');

      // First login: the provider approves, the page asks to complete the account.
      await icon.click();
      await page.waitForURL(/\/oauth\/custom\?code=/);
      await page.getByText('完善用户信息').waitFor();
      await page.getByTestId('oauth-nickname').getByText('E2E 模拟用户').waitFor();
      await expect.poll(() => page.title(), POLL).toMatch(/^\[custom\] 完善用户信息 - /);
      await page.getByRole('button', { name: '登录并绑定' }).waitFor();
      await snap(page, 'oauth-bind-card-desktop');
      await page.setViewportSize(PHONE);
      await snap(page, 'oauth-bind-card-phone');
      await page.setViewportSize(DESKTOP);

      // New account mode: register and bind in one go.
      await page.getByRole('button', { name: '没有帐号？注册一个' }).click();
      await page.getByRole('button', { name: '已有帐号？点此绑定' }).waitFor();
      const username = `oa${Date.now().toString(36)}`;
      await page.fill('#reg-username', username);
      await page.fill('#reg-password', 'oauth-pass-1');
      await page.fill('#reg-repassword', 'oauth-pass-1');
      await page.fill('#reg-email', `${username}@example.com`);
      await snap(page, 'oauth-bind-register');
      await page.getByRole('button', { name: '注册并绑定' }).click();
      await page.getByText('绑定成功').waitFor();
      await page.waitForURL(`${baseUrl()}/me`);
      await page.getByTestId('user-menu').waitFor();

      // Log out, then the same provider signs in at once.
      await signOutAndStartOauth(page);
      await page.getByText('登录成功').waitFor();
      await page.waitForURL(`${baseUrl()}/me`);
      await page.getByTestId('user-menu').waitFor();
      expect(await page.getByText('完善用户信息').count()).toBe(0);

      // The profile lists the binding; the custom icon is greyed there.
      await openApp(page, `${baseUrl()}/me/profile?tab=oauth`);
      await page.getByTestId('oauth-table').getByText('模拟OIDC').waitFor();
      await page.getByTestId('oauth-table').getByText('E2E 模拟用户').waitFor();
      await page.getByText('您还可以绑定以下第三方帐号').waitFor();
      expect(await page.getByTestId('oauth-custom').getAttribute('aria-disabled')).toBe('true');
      await snap(page, 'oauth-profile-tab');
      await page.setViewportSize(PHONE);
      await page.getByTestId('oauth-card-row').waitFor();
      await snap(page, 'oauth-profile-tab-phone');
      await page.setViewportSize(DESKTOP);

      // Unbind, with the confirmation.
      await page.getByTestId('oauth-table').getByRole('button', { name: '解绑' }).click();
      await page.getByText('解绑后将无法使用该第三方帐号快速登录，您确定要解绑吗？').waitFor();
      await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
      await page.getByText('解绑成功!').waitFor();
      await page.getByTestId('oauth-empty').waitFor();
      expect(await page.getByTestId('oauth-custom').getAttribute('href')).toBe('/api/v1/oauth/authorize/custom');

      // Unbound again: the next provider login asks again, and this time binds by logging in with the password.
      await signOutAndStartOauth(page);
      await page.getByText('完善用户信息').waitFor();
      await page.fill('#login-username', username);
      await page.fill('#login-password', 'oauth-pass-1');
      await page.getByRole('button', { name: '登录并绑定' }).click();
      await page.getByText('绑定成功').waitFor();
      await page.waitForURL(`${baseUrl()}/me`);
      await openApp(page, `${baseUrl()}/me/profile?tab=oauth`);
      await page.getByTestId('oauth-table').getByText('E2E 模拟用户').waitFor();
      await context.close();

      // A forged state (no login was started in this browser): refused, nobody signed in.
      const stranger = await browser.newContext({ viewport: DESKTOP });
      const other = await stranger.newPage();
      await openApp(other, `${baseUrl()}/oauth/custom?code=abc&state=forged`);
      await other.getByTestId('oauth-error').getByText('授权已失效或来源不明，请重新发起登录').waitFor();
      await other.getByRole('link', { name: '返回登录' }).waitFor();
      expect(await signedIn(other)).toBe(false);
      expect(await other.getByTestId('user-menu').count()).toBe(0);
      await snap(other, 'oauth-forged-state');
      // No code at all.
      await openApp(other, `${baseUrl()}/oauth/custom`);
      await other.getByTestId('oauth-error').getByText('code不能为空').waitFor();
      // A link with a forged error text (content spoofing): the page names a known reason only, never the text.
      const forged = encodeURIComponent('账户异常，请致电 400-000-0000 领取退款');
      await openApp(other, `${baseUrl()}/oauth/custom?error=${forged}`);
      await other.getByTestId('oauth-error').getByText('登录失败', { exact: true }).waitFor();
      expect(await other.getByText('400-000-0000').count()).toBe(0);
      await openApp(other, `${baseUrl()}/oauth/custom?error=${forged}&reason=oauth.provider_refused`);
      await other.getByTestId('oauth-error').getByText('登录失败', { exact: true }).waitFor();
      expect(await other.getByText('400-000-0000').count()).toBe(0);
      // The server's own redirect (a known reason) is still worded.
      await openApp(other, `${baseUrl()}/oauth/custom?error=x&reason=oauth.disabled`);
      await other.getByTestId('oauth-error').getByText('该登录方式未开启').waitFor();
      await stranger.close();
    });
  });

  it('signs the browser in when a bound mini-program user confirms the scanned code', async () => {
    await withConfig(token, mpConfig(), async () => {
      // A member whose WeChat (mini-program) identity is bound, as the mini-program would do it.
      const member = await register('mpe2e');
      const who = { id: `e2e-mp-${Date.now().toString(36)}`, name: '小程序E2E' };
      const first = await api<{ oauth?: { openid: string; oauth_type: number; session: string } }>(
        'POST',
        '/oauth/wechatmp/login',
        { code: standIn.miniProgramCode(who) },
      );
      expect(first.oauth?.openid).toBe(who.id);
      await api('POST', '/oauth/bind', first.oauth, member.token);

      const context = await browser.newContext({ viewport: DESKTOP });
      const page = await context.newPage();
      await openApp(page, `${baseUrl()}/login`);
      await page.getByTestId('oauth-wechatmp').waitFor();
      await page.getByTestId('oauth-wechatmp').click();
      await page.waitForURL(`${baseUrl()}/oauth/wechatmp`);
      await page.getByText('小程序扫码登录').waitFor();
      await page.getByTestId('scan-qrcode').waitFor();
      await page.getByText('打开微信，扫码登录').waitFor();
      await snap(page, 'oauth-scan-login');
      const scene = standIn.scenes.at(-1) ?? '';
      expect(scene).not.toBe('');

      await api('POST', '/oauth/wechatmp/scan/login', { code: standIn.miniProgramCode(who), scene });
      await page.getByText('登录成功').waitFor();
      await page.waitForURL(`${baseUrl()}/me`);
      await page.getByTestId('user-menu').waitFor();
      await context.close();
    });
  });
});
