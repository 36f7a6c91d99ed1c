import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, openApp, PHONE, snap, useBrowser } from './browser.ts';

/**
 * The header's menus load their code when first used (issue 17): the page's own buttons stand in for them until
 * then. They still open on the first press or key, work, and hand focus back.
 */
const browser = useBrowser();
const base = inject('baseUrl');

describe('menus loaded on first use', () => {
  it('opens the theme menu on the first click and switches the theme', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    try {
      await openApp(page, base);
      const button = page.getByRole('banner').getByRole('button', { name: '切换主题' });
      expect(await button.getAttribute('aria-haspopup')).toBe('menu');
      await button.click();
      await page.getByRole('menuitem', { name: '深色' }).click();
      await expect
        .poll(() =>
          page
            .locator('html')
            .getAttribute('class')
            .then((c) => c ?? ''),
        )
        .toMatch(/\bdark\b/);
      // Loaded once, the menu opens as any menu does.
      await page.getByRole('banner').getByRole('button', { name: '切换主题' }).click();
      await page.getByRole('menuitem', { name: '浅色' }).click();
      await expect
        .poll(() =>
          page
            .locator('html')
            .getAttribute('class')
            .then((c) => c ?? ''),
        )
        .not.toMatch(/\bdark\b/);
    } finally {
      await page.close();
    }
  });

  it('opens the language menu from the keyboard and switches to English', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    try {
      await openApp(page, base);
      await page.getByRole('banner').getByRole('button', { name: '切换语言' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menuitem', { name: 'English' }).waitFor();
      await page.getByRole('menuitem', { name: 'English' }).click();
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    } finally {
      await page.close();
    }
  });

  it('opens the phone drawer on the first tap and gives focus back to its button when closed', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    try {
      await openApp(page, base);
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
    } finally {
      await page.close();
    }
  });
});
