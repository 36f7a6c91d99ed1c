import { allowedAdminPages, type PermissionDTO, permissionIdentity, type UserDTO } from '@wenku/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, openApp, snap, useBrowser } from './browser.ts';
import { adminPassword, api, baseUrl } from './helpers.ts';

const browser = useBrowser();
/** Navigations run guards and loaders; give them time. */
const POLL = { timeout: 15_000, interval: 100 };

interface Auth {
  token: string;
  user: UserDTO;
}

/** The session the web app keeps under localStorage key `wenku` (spec §3 Session). */
async function seedSession(context: BrowserContext, auth: Auth, allowPages?: string[]) {
  const { permission } = await api<{ permission: PermissionDTO[] }>('GET', '/user/permission', undefined, auth.token);
  const session = {
    user: auth.user,
    token: auth.token,
    permissions: permission,
    allowPages: allowPages ?? allowedAdminPages(permission.map(permissionIdentity)),
    groups: [],
  };
  // A script string: this package is typed without the DOM library.
  const value = JSON.stringify(JSON.stringify(session));
  await context.addInitScript({
    content: `if (!localStorage.getItem('wenku')) localStorage.setItem('wenku', ${value});`,
  });
}

/** Signs the admin in on the real login page; falls back to writing the session when no login form is built. */
async function signInAsAdmin(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await openApp(page, `${baseUrl()}/login`);
  const username = page.locator('#login-username');
  const hasForm = await username
    .waitFor({ state: 'visible', timeout: 10_000 })
    .then(() => true)
    .catch(() => false);
  if (hasForm) {
    await username.fill('admin');
    await page.locator('#login-password').fill(adminPassword());
    await page.locator('#login-password').press('Enter');
    await expect
      .poll(
        () => page.evaluate<number>("JSON.parse(localStorage.getItem('wenku') ?? '{}').allowPages?.length ?? 0"),
        POLL,
      )
      .toBeGreaterThan(0);
  } else {
    const auth = await api<Auth>('POST', '/user/login', { username: 'admin', password: adminPassword() });
    await seedSession(context, auth);
  }
  return page;
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

describe('the admin back office', () => {
  it('lets the admin add a category and a navigation item that the public site then shows', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await signInAsAdmin(context);
    const stamp = Date.now().toString(36);
    const category = `E2E分类${stamp}`;
    const nav = `E2E导航${stamp}`;

    // /admin opens the dashboard; the menu is built from the allowed pages.
    await openApp(page, `${baseUrl()}/admin`);
    await expect.poll(() => pathOf(page), POLL).toBe('/admin/dashboard');
    await page.getByRole('navigation', { name: '管理菜单' }).getByText('面板').waitFor();
    await page.getByText('数据统计').waitFor();
    await snap(page, 'admin-dashboard');

    // A document category, created in the tree page's drawer.
    await openApp(page, `${baseUrl()}/admin/document/category`);
    await page.getByRole('button', { name: '新增分类' }).click();
    await page.getByRole('dialog').getByLabel('分类名称', { exact: true }).fill(category);
    await page.getByRole('button', { name: '提交' }).click();
    await page.getByRole('cell', { name: category, exact: true }).waitFor();
    const { category: listed } = await api<{ category: { title: string }[] }>('GET', '/category/list?type=0');
    expect(listed.map((c) => c.title)).toContain(category);

    // A navigation item with an in-app link.
    await openApp(page, `${baseUrl()}/admin/navigation`);
    await page.getByRole('button', { name: '新增导航' }).click();
    await page.getByRole('dialog').getByLabel('导航名称', { exact: true }).fill(nav);
    await page.getByRole('dialog').getByLabel('链接地址', { exact: true }).fill('/search?wd=e2e');
    await page.getByRole('button', { name: '提交' }).click();
    await page.getByRole('cell', { name: nav }).waitFor();
    await snap(page, 'admin-navigation');

    // Both reach the public site: the category list API and the header navigation of the home page.
    const visitor = await browser.newContext({ viewport: DESKTOP });
    const home = await visitor.newPage();
    await openApp(home, baseUrl());
    await home.locator('header').getByText(nav).first().waitFor({ state: 'attached' });
    await visitor.close();
    await context.close();
  });

  it("lets the admin top up a member's credits in the drawer, after retyping the username", async () => {
    const name = `r${Date.now().toString(36)}`;
    await api<Auth>('POST', '/user/register', {
      username: name,
      password: 'member-pass-1',
      email: `${name}@example.com`,
    });
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await signInAsAdmin(context);
    await openApp(page, `${baseUrl()}/admin/user/list?wd=${name}`);
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByRole('button', { name: '充值' }).click();

    const drawer = page.getByRole('dialog', { name: '积分充值' });
    // The drawer states the balance of the list's row (`当前魔豆：10`); the list itself is hidden behind the drawer.
    const balance = /：(\d+)/.exec((await drawer.getByText(/^当前.+：\d+$/).textContent()) ?? '');
    const before = Number(balance?.[1]);
    expect(Number.isInteger(before)).toBe(true);

    await drawer.getByRole('spinbutton').fill('123');
    await drawer.getByLabel('备注').fill('e2e 补偿');
    // A slip in the confirmation is caught before anything is sent.
    await drawer.getByLabel('充值用户确认').fill(`${name}x`);
    await drawer.getByRole('button', { name: '确认充值' }).click();
    await drawer.getByText('您输入的用户名与当前要充值的用户不一致').waitFor();
    await drawer.getByLabel('充值用户确认').fill(name);
    await drawer.getByRole('button', { name: '确认充值' }).click();

    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(`确认给用户 ${name} 充值 123 魔豆吗？`).waitFor();
    await confirm.getByRole('button', { name: '确定' }).click();
    await page.getByText('充值成功').first().waitFor();
    await drawer.waitFor({ state: 'detached' });
    await row.getByRole('cell', { name: String(before + 123), exact: true }).waitFor();
    await snap(page, 'admin-user-recharged');
    await context.close();
  });

  it('sends a plain member away from the back office, even with a forged page list in storage', async () => {
    const name = `m${Date.now().toString(36)}`;
    const auth = await api<Auth>('POST', '/user/register', {
      username: name,
      password: 'member-pass-1',
      email: `${name}@example.com`,
    });

    // No allowed pages: straight back to the home page.
    const plain = await browser.newContext({ viewport: DESKTOP });
    await seedSession(plain, auth);
    const page = await plain.newPage();
    await openApp(page, `${baseUrl()}/admin/user/list`);
    await expect.poll(() => pathOf(page), POLL).toBe('/');
    await plain.close();

    // A tampered session claiming admin pages: the guard reloads the real permissions and still refuses.
    const forged = await browser.newContext({ viewport: DESKTOP });
    await seedSession(forged, auth, ['/admin', '/admin/dashboard', '/admin/user/list']);
    const page2 = await forged.newPage();
    await openApp(page2, `${baseUrl()}/admin/user/list`);
    await expect.poll(() => pathOf(page2), POLL).toBe('/');
    await forged.close();

    // Anonymous visitors too.
    const anonymous = await browser.newContext({ viewport: DESKTOP });
    const page3 = await anonymous.newPage();
    await openApp(page3, `${baseUrl()}/admin`);
    await expect.poll(() => pathOf(page3), POLL).toBe('/');
    await anonymous.close();
  });
});
