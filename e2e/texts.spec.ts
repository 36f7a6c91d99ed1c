import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appReady, DESKTOP, openApp, useBrowser } from './browser.ts';
import { adminToken, baseUrl, signInAsAdmin, withConfig } from './helpers.ts';

const browser = useBrowser();

/** A text key shown instead of its text: `documents.upload.heading` and the like. */
const KEY =
  /\b(documents|credits|auth|article|home|me|interaction|oauth|moderation|spider|admin|reader|search|shell)\.[a-zA-Z]+\.[a-zA-Z0-9_.]+/g;

/** What a page shows once it has settled: its rendered text (not the page state's JSON), labels and title. */
const SHOWN = `[
  document.body.innerText,
  ...[...document.querySelectorAll('[placeholder],[aria-label],[title]')].flatMap((e) =>
    ['placeholder', 'aria-label', 'title'].map((a) => e.getAttribute(a) ?? ''),
  ),
  document.title,
].join('\\n')`;

async function shownKeys(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  return [...new Set((await page.evaluate<string>(SHOWN)).match(KEY) ?? [])];
}

/**
 * Issue 17: the texts of member pages, signed-in members' forms and the back office load with the modules that show
 * them (i18n/areas/account, loadAdminTexts), not with the public shell. Each page, opened directly, shows texts, not
 * their keys.
 */
describe('the texts of member pages and the back office', () => {
  it('are there when a page is opened directly, signed out and signed in', async () => {
    const settings = [
      { category: 'score', name: 'recharge_enable', value: 'true' },
      { category: 'vip', name: 'enable', value: 'true' },
      { category: 'display', name: 'show_order', value: 'true' },
    ];
    await withConfig(await adminToken(), settings, async () => {
      const context = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
      const page = await context.newPage();
      for (const path of ['/register', '/findpassword', '/findpassword-mobile', '/login']) {
        await openApp(page, `${baseUrl()}${path}`);
        expect({ path, keys: await shownKeys(page) }).toEqual({ path, keys: [] });
      }
      const admin = await signInAsAdmin(context);
      for (const path of [
        '/upload',
        '/post',
        '/joinvip',
        '/me',
        '/me/vip',
        '/me/order',
        '/me/document',
        '/me/article',
        '/me/download',
        '/me/profile',
        '/me/password',
        '/admin/dashboard',
        '/admin/document/list',
        '/admin/document/recycle',
        '/admin/user/sms',
      ]) {
        await admin.goto(`${baseUrl()}${path}`);
        await appReady(admin);
        expect({ path, keys: await shownKeys(admin) }).toEqual({ path, keys: [] });
      }
      await context.close();
    });
  });
});
