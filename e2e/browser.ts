import { mkdirSync } from 'node:fs';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

/** Debian's Chromium, never a downloaded browser (DEVELOPERS.md); flags from the machine notes. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}

/**
 * One browser for the tests of a spec file: launched before them, closed after them. What a test asks of it is a new
 * context or a new page.
 */
export function useBrowser(): Pick<Browser, 'newContext' | 'newPage'> {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  const open = () => {
    if (!browser) throw new Error('the browser is launched before the tests');
    return browser;
  };
  return {
    newContext: (options) => open().newContext(options),
    newPage: (options) => open().newPage(options),
  };
}

export const DESKTOP = { width: 1366, height: 900 };
export const PHONE = { width: 390, height: 844 };
/** A phone's context: its screen, touch, the mobile layout and the Chinese interface. */
export const PHONE_CONTEXT: BrowserContextOptions = {
  viewport: PHONE,
  locale: 'zh-CN',
  isMobile: true,
  hasTouch: true,
};

/** Saves a screenshot under e2e/screenshots for a person to look at (not compared by the tests). */
export async function snap(page: Page, name: string) {
  const dir = new URL('./screenshots/', import.meta.url).pathname;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}${name}.png`, fullPage: true });
}

/**
 * Opens a page of the app and waits until the app has taken over what the server painted (`<html data-ready>`):
 * before that a click on a server-painted button does nothing (issue 17's server render).
 */
export async function openApp(page: Page, url: string) {
  await page.goto(url);
  await appReady(page);
}

/**
 * Waits for the app to take the page over after a load or a reload. A visitor's page painted for a phone waits for
 * the visitor to use it (`<html data-waiting>`, apps/web/src/lib/take-over-on-intent.ts): a key pressed, as a visitor
 * starting to use the page, makes the app take it over.
 */
export async function appReady(page: Page) {
  if (await page.locator('html[data-waiting]').count()) await page.keyboard.press('Shift');
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
}
