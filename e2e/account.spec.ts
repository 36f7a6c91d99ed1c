import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startTestSmtp } from '../apps/server/src/testing/smtp.ts';
import { DESKTOP, openApp, PHONE, snap, useBrowser } from './browser.ts';
import { adminToken, api, baseUrl, register, signIn, signOut, withConfig } from './helpers.ts';

const browser = useBrowser();

/** A fresh, valid username each run (letters and digits, not an e-mail or mobile number). */
const username = `m${Date.now().toString(36)}`;

/** The e-mail settings that send through the loopback SMTP server of a test. */
const mailConfig = (smtp: { port: number; username: string; password: string }) =>
  Object.entries({
    enable: 'true',
    host: '127.0.0.1',
    port: String(smtp.port),
    is_tls: 'false',
    username: smtp.username,
    password: smtp.password,
    test_email: '',
  }).map(([name, value]) => ({ category: 'email', name, value }));
const password = 'first-pass-1';
const newPassword = 'second-pass-2';

async function headerShows(page: Page, name: string) {
  const menu = page.getByTestId('user-menu');
  await menu.waitFor();
  await expect.poll(() => menu.textContent()).toContain(name);
}

describe('a member account', () => {
  it('registers, changes the password, signs out and signs in with the new password', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });

    await openApp(page, `${baseUrl()}/register`);
    await expect.poll(() => page.title()).toBe('用户注册 - 文库');
    await page.fill('#reg-username', username);
    await page.fill('#reg-password', password);
    await page.fill('#reg-repassword', password);
    await page.fill('#reg-email', `${username}@example.com`);
    await page.getByRole('button', { name: '立即注册' }).click();
    await page.waitForURL(`${baseUrl()}/`);
    await headerShows(page, username);

    await openApp(page, `${baseUrl()}/me/password`);
    await expect.poll(() => page.inputValue('#pw-username')).toBe(username);
    await page.fill('#pw-old', password);
    await page.fill('#pw-new', newPassword);
    await page.fill('#pw-confirm', newPassword);
    await page.getByRole('button', { name: '修改密码' }).click();
    await page.getByText('密码修改成功').waitFor();

    await signOut(page);
    // The member area is closed again: it sends the visitor to sign in and back.
    await page.waitForURL(/\/login\?redirect=%2Fme%2Fpassword$/);
    expect(await page.getByTestId('user-menu').count()).toBe(0);

    await page.fill('#login-username', username);
    await page.fill('#login-password', password);
    await page.getByRole('button', { name: '立即登录' }).click();
    await page.getByText('用户名或密码错误').waitFor();

    await page.fill('#login-username', username);
    await page.fill('#login-password', newPassword);
    await page.getByRole('button', { name: '立即登录' }).click();
    await page.waitForURL(`${baseUrl()}/me/password`);
    await headerShows(page, username);
    await snap(page, 'account-password-desktop');

    // A signed-in member who opens the login page lands on their home page (spec §6).
    await openApp(page, `${baseUrl()}/login`);
    await page.waitForURL(/\/user\/\d+$/);
    await page.getByRole('heading', { name: username }).waitFor();
    await page.close();
  });

  it('tells an English reader what is wrong in English: a form field and a failed sign-in (issue 21)', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.addInitScript("localStorage.setItem('wenku-lang', 'en');");
    const page = await context.newPage();
    await openApp(page, `${baseUrl()}/login`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The shared schema names a reason key; the form words it in the reader's language.
    await page.getByText('Please enter your login username').waitFor();
    await page.fill('#login-username', username);
    await page.fill('#login-password', 'not-the-password-9');
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The server words the refusal in the language the page asks for, and names its reason.
    await page.getByText('Incorrect username or password').waitFor();
    expect(await page.getByText('用户名或密码错误').count()).toBe(0);
    await context.close();
  });

  it('offers a spoken captcha beside the image, new after a wrong answer, and back to the image', async () => {
    const token = await adminToken();
    const member = await register('spk');
    const page = await browser.newPage({ viewport: PHONE });
    try {
      await withConfig(
        token,
        [
          { category: 'security', name: 'enable_captcha_login', value: 'true' },
          { category: 'captcha', name: 'enable_audio', value: 'true' },
        ],
        async () => {
          const spoken = () =>
            page.waitForResponse(
              (r) => r.url().includes('user.captcha') && decodeURIComponent(r.url()).includes('"audio":"zh"'),
            );
          await openApp(page, `${baseUrl()}/login`);
          await page.getByTestId('captcha-image').locator('img').waitFor();
          const first = spoken();
          await page.getByRole('button', { name: '听语音验证码（朗读数字）' }).click();
          expect(await (await first).text()).toContain('data:audio/wav;base64,');
          const replay = page.getByTestId('captcha-image-audio');
          await expect.poll(() => replay.textContent()).toContain('重听');
          await snap(page, 'login-spoken-captcha-phone');

          await page.fill('#login-username', member.username);
          await page.fill('#login-password', member.password);
          await page.fill('#captcha', '0');
          const second = spoken();
          await page.getByRole('button', { name: '立即登录' }).click();
          await page.getByText('验证码错误').first().waitFor();
          // The answer was used up: a new spoken challenge replaces it.
          expect(await (await second).text()).toContain('data:audio/wav;base64,');

          await page.getByRole('button', { name: '换回图片验证码' }).click();
          await page.getByTestId('captcha-image').locator('img').waitFor();
        },
      );
    } finally {
      await page.close();
    }
  });

  it('opens the navigation drawer on a phone', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await openApp(page, baseUrl());
    await page.getByTestId('drawer-trigger').click();
    const drawer = page.getByTestId('mobile-drawer');
    await drawer.waitFor();
    const box = await drawer.boundingBox();
    // spec §9: the drawer is 60% of the screen wide.
    expect(Math.round(box?.width ?? 0)).toBe(Math.round(PHONE.width * 0.6));
    await drawer.getByRole('link', { name: '登录' }).waitFor();
    await drawer.getByText('文档分类').waitFor();
    await snap(page, 'drawer-phone');
    await page.close();
  });
});

describe('e-mail', () => {
  it('is recovered through the link mailed by a real SMTP server', async () => {
    const smtp = await startTestSmtp();
    const member = await register('fp');
    const email = `${member.username}@example.com`;
    const settings = [
      { category: 'system', name: 'domain', value: baseUrl() },
      { category: 'security', name: 'enable_captcha_find_password', value: 'false' },
      ...mailConfig(smtp),
    ];
    const page = await browser.newPage({ viewport: DESKTOP });
    try {
      await withConfig(await adminToken(), settings, async () => {
        await openApp(page, `${baseUrl()}/login`);
        await page.getByRole('link', { name: '找回密码' }).click();
        await page.waitForURL(`${baseUrl()}/findpassword`);
        await expect.poll(() => page.title()).toBe('找回密码 - 文库');
        await page.fill('#fp-email', email);
        await page.getByRole('button', { name: '发送找回密码邮件' }).click();
        await page.getByText('如果该邮箱已注册，我们已向其发送了找回密码的邮件，请查收').waitFor();
        await snap(page, 'findpassword-sent-desktop');

        const mail = await smtp.waitFor(email);
        const link = /https?:\/\/\S+\/findpassword\?token=\S+/.exec(mail.text)?.[0] ?? '';
        expect(link.startsWith(`${baseUrl()}/findpassword?token=`)).toBe(true);
        await page.goto(link);
        await page.getByText(`为 ${email} 设置新的登录密码`).waitFor();
        await snap(page, 'findpassword-step-two-desktop');
        await page.fill('#fp-password', 'mailed-pass-3');
        await page.fill('#fp-repassword', 'mailed-pass-4');
        await page.getByRole('button', { name: '立即提交' }).click();
        await page.getByText('两次输入的密码不一致').waitFor();
        await page.fill('#fp-repassword', 'mailed-pass-3');
        await page.getByRole('button', { name: '立即提交' }).click();
        await page.getByText('密码重置成功，请重新登录').waitFor();
        await page.waitForURL(`${baseUrl()}/login`);

        await page.fill('#login-username', member.username);
        await page.fill('#login-password', 'mailed-pass-3');
        await page.getByRole('button', { name: '立即登录' }).click();
        await page.waitForURL((url) => !url.pathname.startsWith('/login'));
        await headerShows(page, member.username);

        // The link worked once.
        await page.goto(link);
        await page.fill('#fp-password', 'mailed-pass-5');
        await page.fill('#fp-repassword', 'mailed-pass-5');
        await page.getByRole('button', { name: '立即提交' }).click();
        await page.getByText('找回密码链接无效或已过期，请重新找回密码').waitFor();
      });
    } finally {
      await page.close();
      await smtp.close();
    }
  });

  it('binds an address in the profile with a mailed code when addresses are verified', async () => {
    const smtp = await startTestSmtp();
    const admin = await adminToken();
    const name = `eb${Date.now().toString(36)}`;
    const groups = await api<{ group: { id: number; is_default: boolean }[] }>('GET', '/group/list', undefined, admin);
    const group = groups.group.find((g) => g.is_default) ?? groups.group[0];
    // A member without an address (created by the administrator).
    await api('POST', '/user', { username: name, password: 'e2e-pass-1', email: '', group_id: [group?.id] }, admin);
    const email = `${name}@example.com`;
    const settings = [
      { category: 'security', name: 'enable_verify_register_email', value: 'true' },
      ...mailConfig(smtp),
    ];
    const context = await browser.newContext({ viewport: PHONE });
    try {
      await withConfig(admin, settings, async () => {
        const page = await signIn(context, name, 'e2e-pass-1');
        await openApp(page, `${baseUrl()}/me/profile`);
        await page.locator('#pf-email').fill(email);
        await page.getByRole('button', { name: '保存修改' }).click();
        await page.getByText('请输入邮箱验证码').first().waitFor();
        await page.getByRole('button', { name: '发送验证码' }).click();
        await page.getByText('验证码已发送到您的邮箱，请查收').waitFor();
        const code = /(\d{6})/.exec((await smtp.waitFor(email)).text)?.[1] ?? '';
        await page.locator('#pf-email-code').fill(code);
        await snap(page, 'profile-email-bind-phone');
        await page.getByRole('button', { name: '保存修改' }).click();
        await page.getByText('修改成功').first().waitFor();
        await expect.poll(() => page.locator('#pf-email').isDisabled()).toBe(true);
      });
    } finally {
      await context.close();
      await smtp.close();
    }
  });

  it('registers with a code mailed to the address when verification is on', async () => {
    const smtp = await startTestSmtp();
    const name = `ec${Date.now().toString(36)}`;
    const email = `${name}@example.com`;
    const settings = [
      { category: 'security', name: 'enable_verify_register_email', value: 'true' },
      ...mailConfig(smtp),
    ];
    const page = await browser.newPage({ viewport: DESKTOP });
    try {
      await withConfig(await adminToken(), settings, async () => {
        await openApp(page, `${baseUrl()}/register`);
        await page.fill('#reg-username', name);
        await page.fill('#reg-password', password);
        await page.fill('#reg-repassword', password);
        await page.fill('#reg-email', email);
        await page.getByRole('button', { name: '发送验证码' }).click();
        await page.getByText('验证码已发送到您的邮箱，请查收').waitFor();
        // The button waits out the server's one-a-minute limit.
        await page.getByRole('button', { name: /秒后重发$/ }).waitFor();
        await snap(page, 'register-email-code-desktop');
        const code = /：(\d{6})/.exec((await smtp.waitFor(email)).text)?.[1] ?? '';
        expect(code).toMatch(/^\d{6}$/);
        await page.fill('#reg-code', code === '000000' ? '111111' : '000000');
        await page.getByRole('button', { name: '立即注册' }).click();
        await page.getByText('邮箱验证码错误').first().waitFor();
        await page.fill('#reg-code', code);
        await page.getByRole('button', { name: '立即注册' }).click();
        await page.waitForURL(`${baseUrl()}/`);
        await headerShows(page, name);
      });
    } finally {
      await page.close();
      await smtp.close();
    }
  });
});
