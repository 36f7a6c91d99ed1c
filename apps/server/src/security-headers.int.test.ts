import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RestClient, startTestServer, type TestServer } from './testing/harness.ts';
import { minimalWebDist } from './testing/web-dist.ts';

/**
 * Issue 15 item 10: every answer carries the security headers (HTML, JSON, tRPC, errors, files), the pages a
 * Content-Security-Policy that runs no inline script and cannot be framed, stored files a sandbox; item 3: an ad is
 * served as its own document in an opaque origin.
 */
let server: TestServer;
let admin: RestClient;
let restoreConfig: () => Promise<void>;
const dist = minimalWebDist();

const head = async (path: string) => {
  const res = await fetch(`${server.url}${path}`);
  await res.arrayBuffer();
  return res;
};
const directives = (csp: string | null) =>
  new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name as string, values]),
  );

beforeAll(async () => {
  server = await startTestServer({ databaseUrl: inject('databaseUrl'), webDist: dist.dir });
  admin = await server.api.admin();
  restoreConfig = await server.snapshotConfig();
  const uploads = join(server.booted.storageRoot, 'uploads', 'sec');
  mkdirSync(uploads, { recursive: true });
  writeFileSync(join(uploads, 'evil.svg'), '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
});
afterAll(async () => {
  await restoreConfig();
  await server.close();
  dist.remove();
});

describe('security headers', () => {
  it.each([
    ['a page', '/'],
    ['an unknown page', '/no/such/page'],
    ['robots.txt', '/robots.txt'],
    ['REST JSON', '/api/v1/settings'],
    ['a REST error', '/api/v1/no-such-call'],
    ['tRPC', '/api/trpc/settings.get'],
    ['the health check', '/health'],
  ])('%s carries a CSP without inline script, nosniff, no framing and a referrer policy', async (_what, path) => {
    const res = await head(path);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toContain("'self'");
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it.each([
    ['an uploaded SVG', '/uploads/sec/evil.svg', 200],
    ['a missing upload', '/uploads/sec/missing.svg', 404],
    ['a preview page', '/view/page/1/1.svg', 404],
    ['a cover', '/view/cover/0123456789abcdef0123456789abcdef', 404],
    ['a download', '/download/not-a-token', 404],
  ])('%s runs no script when opened directly: sandbox, nothing loaded, nosniff', async (_what, path, status) => {
    const res = await head(path);
    expect(res.status).toBe(status);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.has('sandbox')).toBe(true);
    expect(csp.get('sandbox')).toEqual([]);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('keeps every script of the web app shell in files', () => {
    const shell = readFileSync(new URL('../../web/index.html', import.meta.url), 'utf8');
    const scripts = [...shell.matchAll(/<script\b([^>]*)>/gi)].map((m) => m[1] ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((attrs) => !/\bsrc=/.test(attrs))).toEqual([]);
  });
});

describe('advertisement frames', () => {
  it('serve a live ad as its own document in an opaque origin that only the site may frame', async () => {
    const content = '<div id="ad">广告</div><script>document.getElementById("ad").textContent = "ran";</script>';
    const ad = await admin.post<{ id: number }>('/advertisement', { position: 'global_top', title: '框', content });
    const res = await fetch(`${server.url}/ad-frame/${ad.body.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('sandbox')).toEqual(
      expect.arrayContaining(['allow-scripts', 'allow-popups', 'allow-popups-to-escape-sandbox']),
    );
    expect(csp.get('sandbox')).not.toContain('allow-same-origin');
    expect(csp.get('sandbox')?.some((f) => f.startsWith('allow-top-navigation'))).toBe(false);
    // The ad network's script may load from anywhere: no source list limits it.
    expect(csp.has('script-src') || csp.has('default-src')).toBe(false);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    const html = await res.text();
    expect(html).toContain(`<body>${content}</body>`);
    expect(html).toContain('wenku-ad-height');
  });

  it('serve nothing for ads the public may not see', async () => {
    const off = await admin.post<{ id: number }>('/advertisement', {
      position: 'global_top',
      title: '停用',
      content: '<b>off</b>',
      enable: false,
    });
    const ended = await admin.post<{ id: number }>('/advertisement', {
      position: 'global_top',
      title: '已结束',
      content: '<b>ended</b>',
      end_time: new Date(Date.now() - 86_400_000).toISOString(),
    });
    for (const path of [`/ad-frame/${off.body.id}`, `/ad-frame/${ended.body.id}`, '/ad-frame/0', '/ad-frame/x']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain('<b>');
    }
  });
});

describe('the analytics script', () => {
  it('is a file of the site, holding only what was inside the script tags', async () => {
    await admin.putConfig({ 'system.analytics': '<script>var _hmt = _hmt || [];</script>' });
    const res = await fetch(`${server.url}/analytics.js`);
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(await res.text()).toBe('var _hmt = _hmt || [];');
  });

  it('is named by every page the site sends while there is code, and by none without', async () => {
    const tag = '<script src="/analytics.js" defer></script>';
    await admin.putConfig({ 'system.analytics': '<script>var _hmt = _hmt || [];</script>' });
    // A page painted by the server (read on a phone without the app) and one the browser renders.
    for (const path of ['/', '/me']) expect(await (await fetch(`${server.url}${path}`)).text(), path).toContain(tag);
    await admin.putConfig({ 'system.analytics': '' });
    for (const path of ['/', '/me'])
      expect(await (await fetch(`${server.url}${path}`)).text(), path).not.toContain(tag);
  });
});
