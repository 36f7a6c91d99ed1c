import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, openApp, PHONE, snap, useBrowser } from './browser.ts';
import { baseUrl } from './helpers.ts';

/**
 * The header's menus load their code when first used (issue 17): the page's own buttons stand in for them until
 * then. They still open on the first press or key, work, and hand focus back.
 */
const browser = useBrowser();

/** Runs `test` on the home page opened in a new page of this size, and closes the page after, even when it fails. */
async function onHome(viewport: typeof DESKTOP, test: (page: Page) => Promise<void>) {
  const page = await browser.newPage({ viewport });
  try {
    await openApp(page, baseUrl());
    await test(page);
  } finally {
    await page.close();
  }
}

const htmlClass = (page: Page) =>
  page
    .locator('html')
    .getAttribute('class')
    .then((c) => c ?? '');

describe('menus loaded on first use', () => {
  it('opens the theme menu on the first click and switches the theme', () =>
    onHome(DESKTOP, async (page) => {
      const button = page.getByRole('banner').getByRole('button', { name: '切换主题' });
      expect(await button.getAttribute('aria-haspopup')).toBe('menu');
      await button.click();
      await page.getByRole('menuitem', { name: '深色' }).click();
      await expect.poll(() => htmlClass(page)).toMatch(/\bdark\b/);
      // Loaded once, the menu opens as any menu does.
      await page.getByRole('banner').getByRole('button', { name: '切换主题' }).click();
      await page.getByRole('menuitem', { name: '浅色' }).click();
      await expect.poll(() => htmlClass(page)).not.toMatch(/\bdark\b/);
    }));

  it('opens the language menu from the keyboard and switches to English', () =>
    onHome(DESKTOP, async (page) => {
      await page.getByRole('banner').getByRole('button', { name: '切换语言' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menuitem', { name: 'English' }).waitFor();
      await page.getByRole('menuitem', { name: 'English' }).click();
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    }));

  it('opens the phone drawer on the first tap and gives focus back to its button when closed', () =>
    onHome(PHONE, async (page) => {
      const trigger = page.getByTestId('drawer-trigger');
      expect(await trigger.getAttribute('aria-expanded')).toBe('false');
      await trigger.click();
      const drawer = page.getByTestId('mobile-drawer');
      await drawer.waitFor();
      expect(await trigger.getAttribute('aria-expanded')).toBe('true');
      await drawer.getByRole('link', { name: '登录' }).waitFor();
      await snap(page, 'lazy-drawer-phone');
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
      await expect
        .poll(() =>
          trigger.evaluate(
            (el: { ownerDocument: { activeElement: unknown } }) => el === el.ownerDocument.activeElement,
          ),
        )
        .toBe(true);
      // And opens again.
      await trigger.click();
      await drawer.waitFor();
    }));
});
