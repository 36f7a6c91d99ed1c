import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../apps/web/src/lib/dates.ts';
import { appReady, openApp, PHONE, PHONE_CONTEXT, useBrowser } from './browser.ts';
import { api, baseUrl, firstConvertedDocument, POLL, register, signIn } from './helpers.ts';

/**
 * A page the server painted is taken over with the data it was painted from (issue 17). That data counts as fresh
 * from the take-over, even when the page is older than the queries' stale time (30 s; the server's page cache keeps
 * pages 60 s): fetched again while the page was being taken over, each answer made React finish the take-over in
 * one blocking task.
 */
const browser = useBrowser();

/** A call and its input, keys sorted, to compare what the page asks with what it was painted from. */
function callKey(path: string, input: unknown): string {
  const sorted = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sorted)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([k, x]) => [k, sorted(x)]),
          )
        : v;
  return `${path} ${JSON.stringify(sorted(input ?? {}))}`;
}

/** Runs `test` on a page of its own with a phone's screen, closed afterwards. */
async function onPhone(test: (page: Page) => Promise<void>) {
  const page = await browser.newPage({ viewport: PHONE });
  try {
    await test(page);
  } finally {
    await page.close();
  }
}

/** The paths of the scripts `page` fetches from now on, as they are fetched. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  return scripts;
}

describe('taking over a painted page', () => {
  it('fetches none of the data the page was painted from, also when the page is older than its stale time', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    try {
      // The browser's clock 45 s after the server's: the painted data is older than the queries' stale time.
      await page.clock.setFixedTime(Date.now() + 45_000);
      const asked: string[] = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (!url.pathname.startsWith('/api/trpc/')) return;
        const inputs = JSON.parse(url.searchParams.get('input') ?? '{}') as Record<string, unknown>;
        url.pathname
          .slice('/api/trpc/'.length)
          .split(',')
          .forEach((path, i) => {
            asked.push(callKey(path, inputs[i]));
          });
      });
      await page.goto(`${baseUrl()}/`);
      await appReady(page);
      // The painted page's own data is in the page.
      const state = JSON.parse((await page.locator('#wenku-state').textContent()) ?? '{}') as {
        queries: { queryKey: [string[], { input?: unknown }] }[];
      };
      const painted = new Set(state.queries.map((q) => callKey(q.queryKey[0].join('.'), q.queryKey[1]?.input)));
      expect([...painted].some((k) => k.startsWith('category.list '))).toBe(true);
      expect([...painted].some((k) => k.startsWith('system.settings '))).toBe(true);
      await page.waitForTimeout(1500);
      expect(asked.filter((call) => painted.has(call))).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('asks for nothing a page shows on arrival: ads, comments, related documents and the uploader come painted', async () => {
    const doc = await firstConvertedDocument();
    for (const path of ['/', `/document/${doc.uuid}`]) {
      const page = await browser.newPage({ viewport: PHONE });
      try {
        const asked: string[] = [];
        page.on('request', (r) => {
          const url = new URL(r.url());
          if (url.pathname.startsWith('/api/trpc/')) asked.push(...url.pathname.slice('/api/trpc/'.length).split(','));
        });
        await page.goto(`${baseUrl()}${path}`);
        await appReady(page);
        await page.waitForTimeout(1500);
        const state = (await page.locator('#wenku-state').textContent()) ?? '';
        expect(state).toContain('"advertisement","byPosition"');
        if (path !== '/') {
          for (const call of ['"comment","list"', '"document","related"', '"user","get"'])
            expect(state).toContain(call);
        }
        // Only what counts a visit (the document asked with its author) and the first page's text layer, which
        // loads when the page comes near the screen.
        expect(asked.filter((call) => call !== 'document.get' && call !== 'search.pageText')).toEqual([]);
      } finally {
        await page.close();
      }
    }
  });

  it("loads a document's comments when a visitor scrolls to them, and they are painted and live then", async () => {
    const doc = await firstConvertedDocument();
    await onPhone(async (page) => {
      const scripts = scriptsOf(page);
      await openApp(page, `${baseUrl()}/document/${doc.uuid}`);
      await page.waitForTimeout(1500);
      const comments = page.getByTestId('comments');
      // Painted by the server under the pages, beyond what is taken over ahead of the screen: its code is not loaded yet, nor taken over.
      await expect(comments.getByTestId('comment-login').isVisible()).resolves.toBe(true);
      await expect(comments.isVisible()).resolves.toBe(true);
      await expect(
        comments.evaluate((el) => el.getBoundingClientRect().top > el.ownerDocument.documentElement.clientHeight + 300),
      ).resolves.toBe(true);
      const live = () => comments.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber')));
      const commentsChunks = () => scripts.filter((s) => s.includes('/comments-section-'));
      // The rating card above the comments and the uploader's card come with them, as they are scrolled to.
      const cardChunks = () => scripts.filter((s) => s.includes('/document-cards-'));
      expect(commentsChunks()).toEqual([]);
      expect(cardChunks()).toEqual([]);
      await expect(live()).resolves.toBe(false);
      await comments.scrollIntoViewIfNeeded();
      await expect.poll(() => commentsChunks().length).toBe(1);
      await expect.poll(() => cardChunks().length).toBe(1);
      await expect.poll(live).toBe(true);
      // A phone shows the drawer's button: the desktop header's row is never fetched.
      expect(scripts.filter((s) => s.includes('/desktop-header-'))).toEqual([]);
      // Taken over as painted: the same section, the link to sign in now the app's own.
      await comments.getByTestId('comment-login').click();
      await page.waitForURL(/\/login\?redirect=/);
    });
  });

  it("loads the home page's category blocks when a visitor scrolls to them, painted and live then", async () => {
    await firstConvertedDocument();
    await onPhone(async (page) => {
      const scripts = scriptsOf(page);
      await openApp(page, `${baseUrl()}/`);
      await page.waitForTimeout(1500);
      const blocks = page.getByTestId('home-category-blocks');
      // Painted by the server under the first screen; its code is not loaded yet.
      await expect(blocks.isVisible()).resolves.toBe(true);
      const chunks = () => scripts.filter((s) => s.includes('/category-blocks-'));
      expect(chunks()).toEqual([]);
      const live = () => blocks.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber')));
      await expect(live()).resolves.toBe(false);
      await blocks.scrollIntoViewIfNeeded();
      await expect.poll(() => chunks().length).toBe(1);
      await expect.poll(live).toBe(true);
      // A link of a block is the app's own now: a click navigates without loading the page anew.
      await page.evaluate(() => Object.assign(globalThis, { __sameApp: true }));
      await blocks.locator('a[href^="/document/"]').first().click();
      await page.waitForURL(/\/document\//);
      await expect(page.evaluate(() => (globalThis as { __sameApp?: boolean }).__sameApp)).resolves.toBe(true);
    });
  });

  it("shows a member's home card with their avatar, whose code only members' pages fetch", async () => {
    const member = await register('welcome');
    const visitor = await browser.newPage({ viewport: PHONE });
    const context = await browser.newContext({ viewport: PHONE });
    try {
      const fetched = (page: Page) => {
        const scripts = scriptsOf(page);
        return () => scripts.filter((s) => s.includes('/avatar-'));
      };
      const visitorAvatars = fetched(visitor);
      await openApp(visitor, `${baseUrl()}/`);
      await visitor.getByTestId('home-welcome').waitFor();
      await visitor.waitForTimeout(1000);
      expect(visitorAvatars()).toEqual([]);

      const page = await signIn(context, member.username, member.password);
      const memberAvatars = fetched(page);
      await page.goto(`${baseUrl()}/`);
      const card = page.getByTestId('home-welcome');
      await card.getByText(member.username).waitFor();
      // The initial of the name stands for an avatar not uploaded yet.
      await card.getByText(member.username.slice(0, 1).toUpperCase(), { exact: true }).waitFor();
      expect(memberAvatars().length).toBeGreaterThan(0);
    } finally {
      await visitor.close();
      await context.close();
    }
  });

  it("fetches a listing's first covers first and eagerly, and the rest as they are scrolled to", async () => {
    await firstConvertedDocument();
    await onPhone(async (page) => {
      await openApp(page, `${baseUrl()}/category`);
      const covers = page.getByTestId('listing-cards').locator('img');
      await expect.poll(() => covers.count()).toBeGreaterThan(2);
      const loading = await covers.evaluateAll((imgs) =>
        imgs.map((i) => `${i.getAttribute('loading')} ${i.getAttribute('fetchpriority')}`),
      );
      // The first row (two on a phone) is the page's largest paint: eager and first; the first screen eager; the
      // rest lazy.
      expect(loading.slice(0, 2)).toEqual(['eager high', 'eager high']);
      expect(loading.slice(2, 6).every((l) => l === 'eager null')).toBe(true);
      expect(loading.slice(6).every((l) => l === 'lazy null')).toBe(true);
      // As painted by the server, which names the first for the browser to fetch before it meets the image.
      const html = await (await fetch(`${baseUrl()}/category`)).text();
      const first = /<img [^>]*class="size-full object-cover"[^>]*>/.exec(html)?.[0] ?? '';
      expect(first).toContain('fetchpriority="high"');
      const src = /src="([^"]+)"/.exec(first)?.[1];
      const preload = html.indexOf(`<link rel="preload" as="image" href="${src}" fetchpriority="high">`);
      // In the head, met before the critical CSS and the body; the root holds only the app's markup.
      expect(preload).toBeGreaterThan(0);
      expect(preload).toBeLessThan(html.indexOf('<style>'));
      expect(html).toContain('<div id="root"><div');
    });
  });

  it("keeps the page when the comments' code cannot be fetched, and says so there", async () => {
    const doc = await firstConvertedDocument();
    await onPhone(async (page) => {
      // A deployment replaced the chunk (the page is older than the build), and the page reloaded for it a moment ago.
      await page.route('**/assets/comments-section-*.js', (route) => route.fulfill({ status: 404 }));
      await openApp(page, `${baseUrl()}/document/${doc.uuid}`);
      // (apps/web/src/components/layout/chunk-reload.ts: the tab's last reload for a failed chunk)
      await page.evaluate("sessionStorage.setItem('wenku-chunk-reload-at', String(Date.now()))");
      const title = await page.locator('h1').first().textContent();
      await page.getByTestId('comments').scrollIntoViewIfNeeded();
      await page.getByTestId('part-failed').waitFor();
      await expect(page.getByTestId('part-failed').textContent()).resolves.toContain('这部分内容未能加载');
      // The rest of the page is still there, not the error page.
      await expect(page.locator('h1').first().textContent()).resolves.toBe(title);
      expect(title).toContain(doc.title);
    });
  });

  it("is taken over without a mismatch by a reader in another time zone, minutes later, then shows the reader's dates", async () => {
    const doc = await firstConvertedDocument();
    // The oldest article (the demo's): the newest may be one another test file is about to delete.
    const { article: listed = [] } = await api<{ article?: { identifier: string }[] }>(
      'GET',
      '/article/list?page=1&size=50',
    );
    const article = listed.slice(-1);
    const server = Intl.DateTimeFormat().resolvedOptions().timeZone;
    // A reader on the other side of the world from the server (which runs in this machine's zone).
    const timezoneId = server === 'Asia/Shanghai' ? 'America/New_York' : 'Asia/Shanghai';
    const context = await browser.newContext({ viewport: PHONE, timezoneId });
    try {
      const paths = ['/', `/document/${doc.uuid}`, '/article', ...article.map((a) => `/article/${a.identifier}`)];
      for (const path of paths) {
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(`${path}: ${e.message}`));
        page.on('console', (m) => {
          if (m.type() === 'error') errors.push(`${path}: ${m.text()}`);
        });
        // The browser's clock 150 s after the server's: relative times painted as one count are another by now.
        await page.clock.setFixedTime(Date.now() + 150_000);
        await page.goto(`${baseUrl()}${path}`);
        await appReady(page);
        await page.waitForTimeout(1000);
        expect(errors).toEqual([]);
        if (path.startsWith('/document/')) {
          // Once taken over, the upload time reads in the reader's zone.
          const time = page.locator('time[datetime]').first();
          const iso = (await time.getAttribute('datetime')) ?? '';
          // (formatDateTime with a zone is checked against known zones in apps/web/src/lib/dates.test.ts.)
          await expect.poll(() => time.textContent()).toBe(formatDateTime(iso, timezoneId));
        }
        await page.close();
      }
    } finally {
      await context.close();
    }
  });
});

/**
 * A visitor's painted page on a phone waits for the visitor before the app takes it over (issue 17, round 14;
 * apps/web/src/lib/take-over-on-intent.ts): a reader who reads and leaves loads none of the app's script.
 */
describe("a phone visitor's page before the app", () => {
  /** The document's view count as the API tells it (a fetch by id counts no view). */
  const viewsOf = async (id: number) =>
    (await api<{ view_count?: number }>('GET', `/document?id=${id}`)).view_count ?? 0;

  it('loads no script of the app while the visitor reads, counts the visit once, and hands a tap to the app', async () => {
    const doc = await firstConvertedDocument();
    const context = await browser.newContext(PHONE_CONTEXT);
    try {
      const page = await context.newPage();
      const scripts = scriptsOf(page);
      const before = await viewsOf(doc.id);
      await page.goto(`${baseUrl()}/document/${doc.uuid}`);
      await page.waitForTimeout(1500);
      await expect(page.locator('html[data-waiting]').count()).resolves.toBe(1);
      // The entry, Vite's import helper and the bundler's runtime: nothing of React, the router or the page.
      expect(scripts.filter((s) => !/\/assets\/(index|preload-helper|rolldown-runtime)-[\w-]+\.js$/.test(s))).toEqual([
        '/theme.js',
      ]);
      // The visit is counted without the app.
      await expect.poll(() => viewsOf(doc.id), POLL).toBe(before + 1);
      // A tap on 收藏 before the app is there: held, then the app's button answers it (a visitor is asked to sign in).
      await page.getByRole('button', { name: '收藏' }).tap();
      await expect(page.getByText('登录后即可收藏').waitFor({ timeout: 20_000 })).resolves.toBeUndefined();
      await expect(page.locator('html[data-ready]').count()).resolves.toBe(1);
      expect(scripts.some((s) => s.includes('/react-dom-'))).toBe(true);
      // The app did not count the same visit again when it took the page over.
      await page.waitForTimeout(1000);
      expect(await viewsOf(doc.id)).toBe(before + 1);
    } finally {
      await context.close();
    }
  });

  it("sends what was typed into the painted search before the app came, and opens the drawer's menu", async () => {
    await firstConvertedDocument();
    const context = await browser.newContext(PHONE_CONTEXT);
    try {
      const page = await context.newPage();
      await page.goto(`${baseUrl()}/search?wd=${encodeURIComponent('文档')}`);
      await expect(page.locator('html[data-waiting]').count()).resolves.toBe(1);
      const box = page.locator('main input[type="search"]');
      await box.fill('TypeScript');
      await box.press('Enter');
      await page.waitForURL(/wd=TypeScript/, { timeout: 20_000 });
      expect(await box.inputValue()).toBe('TypeScript');

      // A page loaded afresh: the drawer's button answers the first tap.
      await page.goto(`${baseUrl()}/`);
      await expect(page.locator('html[data-waiting]').count()).resolves.toBe(1);
      await page.locator('header button').last().tap();
      await expect(page.getByRole('dialog').waitFor({ timeout: 20_000 })).resolves.toBeUndefined();
    } finally {
      await context.close();
    }
  });
});
