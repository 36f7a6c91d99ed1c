import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { countCachedArticleViews } from '@wenku/domain/articles';
import { loadSettings, type Settings, siteOrigin } from '@wenku/domain/settings';
import { type Request, type Response, Router } from 'express';
import { createRequestContext, type ServerDeps } from '../context.ts';
import { AppRender, rendersApp } from './app-render.ts';
import { precompressedStatic } from './compression.ts';
import { passesSiteGate } from './door.ts';
import { escapeHtml, gatedPage, type RenderedPage, renderPage } from './ssr.ts';

/**
 * Finished pages per origin and URL, kept `ssr.cache_seconds` in this process (anonymous views only). Bounded by the
 * memory the pages take, not only by their number: the query string is part of the key, so a visitor asking for
 * thousands of made-up URLs could otherwise park thousands of whole pages in the process.
 */
export class PageCache {
  private readonly pages = new Map<string, { at: number; version: string; page: FinishedPage }>();
  private bytes = 0;

  constructor(private readonly maxBytes = 32 * 1024 * 1024) {}

  /** A page painted at the same content `version` (see pagesVersion) within `ttlMs`. */
  get(key: string, ttlMs: number, version: string) {
    const hit = this.pages.get(key);
    return hit && hit.version === version && Date.now() - hit.at < ttlMs ? hit.page : undefined;
  }

  clear() {
    this.pages.clear();
    this.bytes = 0;
  }

  /** What the cache holds, in bytes (two a character, as V8 keeps text with Chinese in it). */
  get size() {
    return this.bytes;
  }

  /** Keeps a page that answered 200 only: a not-found or failed answer is asked again (issue 20). */
  set(key: string, page: FinishedPage, version: string) {
    if (page.status !== 200) return;
    const cost = 2 * (key.length + page.html.length);
    if (cost > this.maxBytes / 4) return;
    const old = this.pages.get(key);
    if (old) this.bytes -= 2 * (key.length + old.page.html.length);
    if (this.bytes + cost > this.maxBytes) this.clear();
    this.pages.set(key, { at: Date.now(), version, page });
    this.bytes += cost;
  }
}

/**
 * Views counted by the web handler, written together a moment later: a flood of requests for one cached page is one
 * UPDATE per interval, not one per request (the cache is what keeps such a flood cheap). Only pages the cache holds
 * are counted, so the keys are bounded by the site's articles. Views of the last interval are lost with the process.
 */
export class PendingViews {
  private readonly counts = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly write: (key: string, views: number) => Promise<void>,
    private readonly intervalMs = 500,
  ) {}

  add(key: string) {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    this.timer ??= setTimeout(() => void this.flush(), this.intervalMs).unref();
  }

  async flush() {
    this.timer = undefined;
    const batch = [...this.counts];
    this.counts.clear();
    for (const [key, views] of batch) {
      await this.write(key, views).catch((e) => console.error('web: views of', key, e));
    }
  }
}

/**
 * What visitors' pages show, as a number that any change to it raises in any process (migration PageCacheVersion:
 * documents and articles approved, edited or deleted, categories). Read before painting, so a change committed while a
 * page is painted leaves that page under the older number.
 */
async function pagesVersion(ctx: { em: { execute: (sql: string) => Promise<unknown> } }): Promise<string> {
  try {
    const rows = (await ctx.em.execute('select last_value, is_called from wenku_pages_version')) as {
      last_value: string | number;
      is_called: boolean;
    }[];
    const r = rows[0];
    return r ? `${r.last_value}:${r.is_called}` : '';
  } catch {
    // No such sequence (a database not yet migrated): nothing can be trusted to be current.
    return `none:${Math.random()}`;
  }
}

interface FinishedPage {
  html: string;
  status: number;
}

/**
 * Serves the built web app: hashed assets with long caching, and for every other path the shell carrying the page's
 * server-rendered title, description and head (spec §2 page titles; settings group `ssr`) and, for public pages, the
 * app painted by the server (issue 17), else the page's text.
 */
export function createWebHandler(deps: ServerDeps, dist: string): Router {
  const r = Router();
  const shell = readFileSync(join(dist, 'index.html'), 'utf8');
  const cache = new PageCache();
  // Pages carry the site's name and settings: a change anywhere (any process) drops them at once.
  deps.runtime.settings.onInvalidate(() => cache.clear());
  const appRender = new AppRender(deps, dist);
  const articleViews = new PendingViews((identifier, views) =>
    countCachedArticleViews({ em: deps.db.orm.em.fork() }, identifier, views),
  );
  // Hashed file names: a changed file gets a new name, so browsers may keep each one for good.
  r.use(
    '/assets',
    precompressedStatic(join(dist, 'assets'), { maxAge: '1y', immutable: true, index: false, fallthrough: false }),
  );
  r.get('/favicon.ico', async (_req, res) => {
    const s = await loadSettings({ em: deps.db.orm.em.fork(), runtime: deps.runtime, actor: null, ip: '' });
    res.redirect(302, s.str('system.favicon') || '/favicon.svg');
  });
  r.use(precompressedStatic(dist, { index: false, maxAge: '1h' }));
  r.get('/{*path}', async (req: Request, res: Response) => {
    let html = shell;
    let status = 200;
    try {
      const ctx = await createRequestContext(deps, req);
      const s = await loadSettings(ctx);
      const ttl = Math.max(0, s.num('ssr.cache_seconds', 60)) * 1000;
      // Absolute URLs come from the configured domain only, never from the Host header (issue 15 item 13): a forged
      // Host would otherwise land in canonical links and JSON-LD, and through the cache reach every visitor. Without
      // a domain, canonical and OpenGraph URLs are left out and JSON-LD keeps site paths.
      const origin = siteOrigin(s);
      // The query string is part of the key: the painted app shows the search, filter or page it names.
      const key = `${origin} ${req.originalUrl}`;
      // Behind the site gate the shell still loads (the login page must work), without a word of the page asked for.
      const gated = !(await passesSiteGate(ctx));
      const version = !gated && ttl > 0 ? await pagesVersion(ctx) : '';
      let finished = !gated && ttl > 0 ? cache.get(key, ttl, version) : undefined;
      // An article's page from the cache: its render, which counts the view (article.get by identifier), was skipped.
      const article = finished && req.method === 'GET' ? /^\/article\/([\w-]{1,64})$/.exec(req.path)?.[1] : undefined;
      if (article) articleViews.add(article);
      if (!finished) {
        const page = gated ? gatedPage(s) : await renderPage(ctx, req.path, origin);
        const app =
          !gated && s.bool('ssr.enable', true) && rendersApp(req.path)
            ? await appRender.render(req.originalUrl, ctx).catch((e) => {
                console.error('web: server render', req.originalUrl, e);
                return null;
              })
            : null;
        finished = {
          html: pageHtml(shell, s, origin, page, app),
          status: Math.max(page.status ?? 200, app?.status ?? 200),
        };
        if (app) finished.html = await appRender.criticalCss(finished.html);
        if (!gated && ttl > 0) cache.set(key, finished, version);
      }
      ({ html, status } = finished);
    } catch (e) {
      console.error('web shell', e);
    }
    res.status(status).type('html').set('cache-control', 'no-cache').send(html);
  });
  return r;
}

/**
 * The page as sent: the shell with the page's title, description, canonical link, OpenGraph and JSON-LD in its head,
 * and inside #root the app painted by the server with the data it was painted from, or else the page's static text.
 */
function pageHtml(
  shell: string,
  s: Settings,
  origin: string,
  page: RenderedPage,
  app: { html: string; stateJson: string } | null,
): string {
  const description = page.description || s.str('system.description');
  // Without a domain there is no absolute URL to give: canonical, og:url and a site-path og:image are left out.
  const abs = (p: string | undefined) => (p && (/^https?:\/\//.test(p) ? p : origin && `${origin}${p}`)) || '';
  const canonical = abs(page.canonical);
  const image = abs(page.og?.image);
  const head = [
    `<title>${escapeHtml(page.title)}</title>`,
    `<meta name="keywords" content="${escapeHtml(page.keywords || s.str('system.keywords'))}">`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    s.str('system.favicon') ? `<link rel="icon" href="${escapeHtml(s.str('system.favicon'))}">` : '',
    canonical ? `<link rel="canonical" href="${escapeHtml(canonical)}">` : '',
    page.og
      ? [
          `<meta property="og:type" content="${page.og.type}">`,
          `<meta property="og:title" content="${escapeHtml(page.title)}">`,
          `<meta property="og:description" content="${escapeHtml(description)}">`,
          `<meta property="og:site_name" content="${escapeHtml(s.str('system.sitename') || s.str('system.title'))}">`,
          canonical ? `<meta property="og:url" content="${escapeHtml(canonical)}">` : '',
          image ? `<meta property="og:image" content="${escapeHtml(image)}">` : '',
        ].join('')
      : '',
    // The analytics script (settings system.analytics, served as /analytics.js: the CSP runs no inline script) counts
    // the page's view from the page itself: a phone visitor's painted page may never start the app (issue 17).
    s.str('system.analytics').trim() ? '<script src="/analytics.js" defer></script>' : '',
    ...(page.jsonLd ?? []).map(
      // `<` escaped so no text inside can close the script element.
      (o) => `<script type="application/ld+json">${JSON.stringify(o).replace(/</g, '\\u003c')}</script>`,
    ),
  ].join('');
  // Replaced through functions: a `$'` or `$&` in a title or a painted page is text, not a replacement pattern.
  if (!app) {
    return shell
      .replace(/<title>[^<]*<\/title>/, () => head)
      .replace('<div id="root"></div>', () => `<div id="root">${page.body}</div>`);
  }
  // React's render starts with the resources it hoists (the preload of an image fetched first: a listing's first
  // cover, a document's first page): they go in the head, met before the critical CSS and the body, and the root holds
  // only what the browser takes over (React adds the same preload there itself if it is missing).
  const hoisted = /^(?:<link rel="preload"[^<>]*>)+/.exec(app.html)?.[0] ?? '';
  const markup = app.html.slice(hoisted.length);
  // A document's text stays readable without its page images (screen readers, crawlers that run no script).
  const text = page.text ? `<section class="sr-only">${escapeHtml(page.text)}</section>` : '';
  return shell
    .replace(/<title>[^<]*<\/title>/, () => `${head}${hoisted}`)
    .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>${text}`)
    .replace('</body>', () => `${app.stateJson}</body>`);
}
