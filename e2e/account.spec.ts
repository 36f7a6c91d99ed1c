import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, snap } from './browser.ts';

let browser: Browser;
const base = inject('baseUrl');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** A fresh, valid username each run (letters and digits, not an e-mail or mobile number). */
const username = `m${Date.now().toString(36)}`;
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

    await page.goto(`${base}/register`);
    await expect.poll(() => page.title()).toBe('用户注册 - 文库');
    await page.fill('#reg-username', username);
    await page.fill('#reg-password', password);
    await page.fill('#reg-repassword', password);
    await page.fill('#reg-email', `${username}@example.com`);
    await page.getByRole('button', { name: '立即注册' }).click();
    await page.waitForURL(`${base}/`);
    await headerShows(page, username);

    await page.goto(`${base}/me/password`);
    await expect.poll(() => page.inputValue('#pw-username')).toBe(username);
    await page.fill('#pw-old', password);
    await page.fill('#pw-new', newPassword);
    await page.fill('#pw-confirm', newPassword);
    await page.getByRole('button', { name: '修改密码' }).click();
    await page.getByText('密码修改成功').waitFor();

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.getByText('退出成功').waitFor();
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
    await page.waitForURL(`${base}/me/password`);
    await headerShows(page, username);
    await snap(page, 'account-password-desktop');

    // A signed-in member who opens the login page lands on their home page (spec §6).
    await page.goto(`${base}/login`);
    await page.waitForURL(/\/user\/\d+$/);
    await page.getByRole('heading', { name: username }).waitFor();
    await page.close();
  });

  it('opens the navigation drawer on a phone', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(base);
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
