import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RestClient, startTestServer, type TestServer } from './testing/harness.ts';

/**
 * Issue 17: how the built web app reaches a visitor. Every text answer is compressed (brotli, else gzip, with
 * `Vary: Accept-Encoding`), hashed assets are precompressed and immutable while pages are revalidated, and the public
 * shell loads nothing of the back office. Runs against the real build (`npm run build`).
 */
const dist = process.env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname;
let server: TestServer;
let admin: RestClient;

/** The raw answer, undecoded (fetch would undo the encoding it asked for). */
function get(path: string, acceptEncoding: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(`${server.url}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    },
  );
}

/** The entry script the shell names. */
const entryScript = (html: string) => /<script type="module"[^>]*src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? '';

beforeAll(async () => {
  expect(existsSync(join(dist, 'index.html')), 'apps/web/dist is missing: run npm run build first').toBe(true);
  server = await startTestServer({ databaseUrl: inject('databaseUrl'), webDist: dist });
  admin = await server.api.admin();
});
afterAll(async () => {
  await server?.close();
});

describe('compressed answers', () => {
  it('sends pages brotli-compressed, or gzip to a client without brotli, and revalidated', async () => {
    const br = await get('/', 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('no-cache');
    const gzip = await get('/', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await get('/', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toContain('<div id="root">');
  });

  it('sends the API compressed', async () => {
    const res = await get('/api/v1/settings', 'br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const trpc = await get('/api/trpc/system.settings', 'gzip');
    expect(trpc.headers['content-encoding']).toBe('gzip');
  });

  it('sends hashed scripts and styles precompressed and immutable', async () => {
    const html = (await get('/', 'identity')).body.toString();
    const entry = entryScript(html);
    expect(entry).not.toBe('');
    const br = await get(entry, 'gzip, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toMatch(/immutable/);
    // The file written at build time, not a compression made per request.
    expect(br.body.equals(readFileSync(join(dist, `${entry}.br`)))).toBe(true);
    expect((await get(entry, 'gzip')).headers['content-encoding']).toBe('gzip');
    const css = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1] ?? '';
    expect((await get(css, 'br')).headers['content-encoding']).toBe('br');
  });
});

/** What a public page must not load before it is used (issue 17): the back office, the editor, charts, payment. */
const BACK_OFFICE = [
  // Back-office pages and their loaders (route definitions themselves stay: the router knows every path).
  /^apps\/web\/src\/routes\/admin\/.*\?tsr-split/,
  /^apps\/web\/src\/routes\/admin\/(.*\/)?-[^/]+\/.*\.tsx$/,
  /^apps\/web\/src\/components\/admin\/(?!list-search\.ts$)/,
  /^apps\/web\/src\/components\/credits\/(recharge-dialog|pay-card)\.tsx$/,
  // The second language loads when chosen.
  /^apps\/web\/src\/i18n\/en\//,
  /^node_modules\/(@tanstack\/(react-table|table-core)|recharts|@tiptap|prosemirror-|react-hook-form|@dnd-kit|qrcode|tus-js-client|hash-wasm)/,
];

/** Radix's menus, dialogs, popovers and tooltips and their positioning library: loaded when a visitor opens one. */
const MENU_LIBRARIES =
  /^node_modules\/(@radix-ui\/react-(menu|dropdown-menu|popover|dialog|tooltip|popper|focus-scope|dismissable-layer)|@floating-ui|react-remove-scroll)\//;

/** Public-page code that loads with what uses it rather than with the shell (issue 17). */
const LOADED_WHEN_USED = [
  /^packages\/shared\/src\/reasons\/(zh-CN|en)\.ts$/,
  /^packages\/shared\/src\/permissions\.ts$/,
  /^apps\/web\/src\/i18n\/(zh-CN\/(me|interaction|oauth|moderation|spider|account|back-office)|areas\/.*)\.ts$/,
  /^node_modules\/sonner\//,
];

/**
 * The JavaScript a first visit to a public page runs before it is interactive, in gzip bytes: the entry, the app it
 * starts and their static imports (docs/decisions.md "Performance: the public shell's JavaScript"). Issue 17 aims at
 * 150 KB; React DOM, the router, the query cache with tRPC and tailwind-merge alone take ~110 KB of it, so this guards
 * what has been reached (229 KB, with the route search params in zod/mini; 231 KB with the reason-key formatter the
 * error messages need, issue 21; 208.6 KB with the search params parsed without zod, the texts of five areas and
 * the permission table out of the shell; 199.2 KB with the shell's libraries and small shared modules grouped into a
 * few chunks; 192.7 KB with components reading texts through i18n/react instead of react-i18next; 186.6 KB with the
 * zh-CN sub-groups only member pages, signed-in members' forms and the back office use out of the shell; 179.9 KB
 * without Vite's preload helper and lists around dynamic imports; 188.3 KB with the icons, cards and listing parts
 * the public pages share grouped into the shell, which took 25-45 requests of a few hundred bytes off every public
 * page and 4-9 KB gzip off each page's total; 173.8 KB with the texts looked up by rosetta instead of i18next; 174.6 KB
 * with the parts below the fold taken over when seen, which took a third to a half of the take-over's blocking time off
 * most public pages, and the zone compared by offsets) against growth: raise it only with a reason written down there.
 */
const SHELL_JS_BUDGET = 175_000;
/** Chunks of the shell: 59 before its libraries and small shared modules were grouped (issue 17: requests), 19 before
 * the public pages' shared parts joined them. */
const SHELL_CHUNKS_MAX = 8;

interface Chunk {
  file: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  modules: string[];
}

/** Radix's select, radio group and dialog, and what a reading page opens on a press (issue 17, round 4). */
const READING_LOADED_WHEN_USED =
  /^(node_modules\/@radix-ui\/react-(select|radio-group|dialog|dropdown-menu|popover)\/|apps\/web\/src\/(components\/(documents\/(image-viewer|document-edit-dialog|language-select)|moderation\/report-dialog|admin\/confirm-dialog|ui\/(dialog|select|menu)|layout\/hover-popover-panel)|routes\/_site\/document\/-components\/quick-download-drawer)\.tsx?$)/;

/**
 * What the reading page (`/document/{id}`) loads beyond the shell before it is interactive, in gzip bytes and chunks
 * (docs/decisions.md "Performance: the reading page's JavaScript (issue 17, round 4)"): 103.2 KB in 69 chunks with
 * its dialogs, popovers and select loaded with it; 47.2 KB in 35 once they load when used, the page's small modules
 * shared only with rare pages are grouped (`reading` in apps/web/vite.config.ts) and so are Radix's few core modules
 * (`radix-core`); 46.1 KB without Vite's preload lists; 30.3 KB in 7 once the parts every public page shares moved
 * into the shell (the page's total fell from 226 to 218 KB). The budget is that +5%.
 */
const READING_JS_BUDGET = 31_800;
const READING_CHUNKS_MAX = 10;

/** The chunks the reading page's component needs beyond the shell (the entry, the app and their static imports). */
const readingPage = () => routePage('apps/web/src/routes/_site/document/$id.tsx?tsr-split=component');

/** The chunks the component of a route (`route`: the split module's id) needs beyond the shell. */
function routePage(route: string) {
  const chunks = JSON.parse(readFileSync(join(dist, '.vite', 'chunk-modules.json'), 'utf8')) as Chunk[];
  const byFile = new Map(chunks.map((c) => [c.file, c]));
  const closure = (start: string[]) => {
    const found = new Set<string>();
    const todo = [...start];
    for (let file = todo.pop(); file; file = todo.pop()) {
      if (found.has(file)) continue;
      found.add(file);
      todo.push(...(byFile.get(file)?.imports ?? []));
    }
    return found;
  };
  const entry = chunks.find((c) => c.isEntry && /^assets\/index-[^/]+\.js$/.test(c.file));
  expect(entry).toBeDefined();
  const shell = closure([entry?.file ?? '', ...(entry?.dynamicImports ?? [])]);
  const page = chunks.filter((c) => c.modules.some((m) => m.startsWith(route)));
  expect(page.length).toBeGreaterThan(0);
  const files = [...closure(page.map((c) => c.file))].filter((f) => !shell.has(f));
  return { files, modules: files.flatMap((f) => byFile.get(f)?.modules ?? []) };
}

describe('the public shell', () => {
  it("is not loaded by a page waiting for its visitor: the entry imports none of the app's chunks", () => {
    // A phone visitor's painted page evaluates the entry alone until the visitor uses the page
    // (apps/web/src/lib/take-over-on-intent.ts): a chunk of the app's imported by the entry would load on every page.
    const chunks = JSON.parse(readFileSync(join(dist, '.vite', 'chunk-modules.json'), 'utf8')) as Chunk[];
    const byFile = new Map(chunks.map((c) => [c.file, c]));
    const entry = chunks.find((c) => c.isEntry && /^assets\/index-[^/]+\.js$/.test(c.file));
    const loaded = new Set<string>();
    const todo = [entry?.file ?? ''];
    for (let file = todo.pop(); file; file = todo.pop()) {
      if (loaded.has(file)) continue;
      loaded.add(file);
      todo.push(...(byFile.get(file)?.imports ?? []));
    }
    const modules = [...loaded].flatMap((f) => byFile.get(f)?.modules ?? []);
    const app = modules.filter(
      (m) =>
        !/^apps\/web\/(index\.html|vite\/preload-helper\.js|rolldown\/runtime\.js|src\/(main\.tsx|styles\.css|lib\/(take-over-on-intent|yield-to-browser)\.ts))$/.test(
          m,
        ),
    );
    expect(app).toEqual([]);
    const gzip = [...loaded].reduce((sum, f) => sum + gzipSync(readFileSync(join(dist, f))).length, 0);
    expect(gzip, `the entry and its imports are ${gzip} bytes gzip`).toBeLessThanOrEqual(4_000);
  });

  it('names only the entry and what it imports, and none of it is back office', async () => {
    const chunks = JSON.parse(readFileSync(join(dist, '.vite', 'chunk-modules.json'), 'utf8')) as Chunk[];
    const byFile = new Map(chunks.map((c) => [c.file, c]));
    const html = (await get('/', 'identity')).body.toString();
    const entry = entryScript(html).slice(1);
    expect(byFile.get(entry)?.isEntry).toBe(true);
    // The chunks a first visit cannot do without: the entry, the app it starts once the page has painted, and all
    // they import statically.
    const shell = new Set<string>();
    const todo = [entry, ...(byFile.get(entry)?.dynamicImports ?? [])];
    for (let file = todo.pop(); file; file = todo.pop()) {
      if (shell.has(file)) continue;
      shell.add(file);
      todo.push(...(byFile.get(file)?.imports ?? []));
    }
    const named = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    expect(named.filter((f) => !shell.has(f ?? ''))).toEqual([]);
    const modules = [...shell].flatMap((f) => byFile.get(f)?.modules ?? []);
    expect(modules.filter((m) => BACK_OFFICE.some((re) => re.test(m)))).toEqual([]);
    // The back office exists in the build, as chunks of its own.
    expect(chunks.flatMap((c) => c.modules).some((m) => BACK_OFFICE[0]?.test(m))).toBe(true);
    // No menu, dialog or popover library before the visitor opens one (the header's menus load theirs when used).
    expect(modules.filter((m) => MENU_LIBRARIES.test(m))).toEqual([]);
    // Route search params use a small parser of their own (apps/web/src/lib/url-schema.ts): zod loads with the forms.
    expect(modules.filter((m) => m.startsWith('node_modules/zod/'))).toEqual([]);
    // Loaded when used: the reason catalogues (with a form), the permission table (with the back office or a
    // member's permissions), the texts of the member pages, comments, providers, reports and the crawler, and the
    // sub-groups of the shell's groups that only member pages, members' forms (account) and the back office use.
    expect(modules.filter((m) => LOADED_WHEN_USED.some((re) => re.test(m)))).toEqual([]);
    // Settings HTML comes filtered by the server: nothing the shell loads, even later, brings an HTML sanitizer.
    const later = [...shell].flatMap((f) => byFile.get(f)?.dynamicImports ?? []);
    expect(
      later.flatMap((f) => byFile.get(f)?.modules ?? []).filter((m) => /dompurify|html-sanitizer/.test(m)),
    ).toEqual([]);
    // What all this weighs, gzip-compressed as the server sends it (brotli is smaller still).
    const gzip = [...shell].reduce((sum, f) => sum + gzipSync(readFileSync(join(dist, f))).length, 0);
    expect(gzip, `the public shell's JavaScript is ${gzip} bytes gzip`).toBeLessThanOrEqual(SHELL_JS_BUDGET);
    expect(shell.size, `the public shell is ${shell.size} chunks`).toBeLessThanOrEqual(SHELL_CHUNKS_MAX);
  });

  it('paints the article pages without a tooltip or positioning library (the notice mark is plain CSS)', () => {
    for (const route of ['apps/web/src/routes/_site/article/$id.tsx', 'apps/web/src/routes/_site/article/index.tsx']) {
      const { modules } = routePage(`${route}?tsr-split=component`);
      expect(modules.some((m) => m.endsWith('components/articles/notice-mark.tsx'))).toBe(true);
      expect(
        modules.filter((m) => /^node_modules\/(@radix-ui\/react-(tooltip|popper)|@floating-ui)\//.test(m)),
      ).toEqual([]);
    }
  });

  it("loads the document page's comments when they come near the screen, their form's library when first used", () => {
    // Under the document: their code loads as they come near the screen (lib/lazy-part.ts), not with the page.
    expect(readingPage().modules.filter((m) => m.includes('components/interactions/comment'))).toEqual([]);
    const { modules } = routePage('apps/web/src/components/interactions/comments-section.tsx');
    // The comment box is painted as a stand-in; react-hook-form, zod and the resolver come with its first focus.
    expect(modules.some((m) => m.endsWith('components/interactions/comment-form.tsx'))).toBe(true);
    expect(modules.filter((m) => /^node_modules\/(react-hook-form|@hookform|zod)\//.test(m))).toEqual([]);
    expect(modules.filter((m) => m.endsWith('components/interactions/comment-form-live.tsx'))).toEqual([]);
  });

  it("loads the reading page's dialogs, popovers and menus when first used, within its budget", () => {
    const { modules, files } = readingPage();
    // What opens on a press (image viewer, share and sign-in popovers, report dialog, confirmations, quick download
    // drawer, edit dialog) loads then, with its library: none of them, nor a select, is in what the page needs first.
    expect(modules.filter((m) => READING_LOADED_WHEN_USED.test(m))).toEqual([]);
    expect(modules.filter((m) => MENU_LIBRARIES.test(m))).toEqual([]);
    // The managers' buttons check permissions by key, without the permission table.
    expect(modules.filter((m) => m === 'packages/shared/src/permissions.ts')).toEqual([]);
    // Nor the texts of the member pages and members' forms, nor the back office's.
    expect(modules.filter((m) => /^apps\/web\/src\/i18n\/(zh-CN|areas)\/(account|back-office)\.ts$/.test(m))).toEqual(
      [],
    );
    const gzip = files.reduce((sum, f) => sum + gzipSync(readFileSync(join(dist, f))).length, 0);
    expect(gzip, `the reading page adds ${gzip} bytes gzip to the shell`).toBeLessThanOrEqual(READING_JS_BUDGET);
    expect(files.length, `the reading page adds ${files.length} chunks to the shell`).toBeLessThanOrEqual(
      READING_CHUNKS_MAX,
    );
  });
});

describe('the first paint', () => {
  it('is the app painted by the server, with its data, its critical CSS and no script of its own', async () => {
    const title = `分类${Date.now()}`;
    expect((await admin.post('/category', { title })).status).toBe(200);
    // A query string of its own: a page painted before the category existed may be cached for a minute.
    const html = (await get(`/category?t=${Date.now()}`, 'identity')).body.toString();
    const root = html.indexOf('<div id="root">');
    // The app's own markup, with the category it lists, rather than an empty root.
    expect(html.slice(root, root + 40)).toMatch(/^<div id="root"><div/);
    expect(html.slice(root)).toContain(title);
    // With the moment it was rendered and the server's time zone (the browser counts relative times from the one
    // and writes dates in the other while taking the page over), and the zone's offsets around that moment (a reader
    // whose zone has the same ones writes the same dates).
    const state =
      /<script type="application\/json" id="wenku-state" data-at="(\d+)" data-tz="([^"]+)" data-tzo="(-?\d+),(-?\d+),(-?\d+)">\{.*"queries":/s.exec(
        html,
      );
    const at = Number(state?.[1]);
    expect(Math.abs(at - Date.now())).toBeLessThan(60_000);
    expect(state?.[2]).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    const year = new Date(at).getFullYear();
    expect(state?.slice(3).map(Number)).toEqual(
      [new Date(year, 0, 1), new Date(year, 6, 1), new Date(at)].map((d) => 0 - d.getTimezoneOffset()),
    );
    // The CSS the page uses is inlined; the full stylesheet comes after the content, blocking none of it.
    expect(html.slice(0, root)).toMatch(/<style>[^<]*\.flex\{/);
    const stylesheet = html.search(/<link rel="stylesheet"[^>]*\/assets\/[^"]+\.css"/);
    expect(stylesheet).toBeGreaterThan(root);
    // Under the site's CSP no inline script may run: every script element either loads a file or is data.
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
    expect(inline.filter((attrs) => !/type="application\/(ld\+)?json"/.test(attrs ?? ''))).toEqual([]);
  });

  it("paints the home page's friend links, which exist for crawlers", async () => {
    const title = `友链${Date.now()}`;
    const res = await admin.post('/friendlink', { title, link: 'https://friend.example/wenku', enable: true, sort: 1 });
    expect(res.status).toBe(200);
    const html = (await get(`/?t=${Date.now()}`, 'identity')).body.toString();
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toMatch(new RegExp(`<a href="https://friend.example/wenku"[^>]*>${title}</a>`));
  });

  it('carries data that cannot close its script element', async () => {
    const title = `</script><script>alert(${Date.now()})</script>`;
    expect((await admin.post('/category', { title })).status).toBe(200);
    const html = (await get(`/category?t=${Date.now()}`, 'identity')).body.toString();
    const state = /<script type="application\/json" id="wenku-state"[^>]*>([^<]*)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.stringify(JSON.parse(state))).toContain(title);
    expect(html).not.toContain(title);
  });

  it("writes a name holding a replacement pattern ($', $&, $`) as it is, into the page and its head", async () => {
    const title = `价格$'后$&前$\`${Date.now()}`;
    const created = await admin.post<{ category: { id: number }[] }>('/category', { title });
    expect(created.status).toBe(200);
    const id = created.body.category[0]?.id;
    const html = (await get(`/category/${id}?t=${Date.now()}`, 'identity')).body.toString();
    // In the title of the head and in the painted page, and the page is one document with one root.
    const text = (h: string) =>
      h.replace(
        /&(#39|#x27|amp|quot|lt|gt);/g,
        (_, e: string) => ({ '#39': "'", '#x27': "'", amp: '&', quot: '"', lt: '<', gt: '>' })[e] ?? '',
      );
    expect(text(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '')).toContain(title);
    expect(text(html.slice(html.indexOf('<div id="root">')))).toContain(title);
    expect(html.match(/<div id="root">/g)).toHaveLength(1);
    expect(html.match(/<\/html>/g)).toHaveLength(1);
  });

  it('leaves pages that depend on who is signed in to the browser', async () => {
    const html = (await get('/me', 'identity')).body.toString();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('wenku-state');
  });
});
