import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RestClient, startTestServer, type TestServer } from './testing/harness.ts';

let server: TestServer;
let admin: RestClient;
const dist = mkdtempSync(join(tmpdir(), 'wenku-dist-'));
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
);

const page = async (path: string) => {
  const res = await fetch(`${server.url}${path}`);
  return { status: res.status, html: await res.text() };
};
const setSsr = (name: string, value: string) => admin.put('/config', { config: [{ category: 'ssr', name, value }] });

beforeAll(async () => {
  server = await startTestServer({ databaseUrl: inject('databaseUrl'), webDist: dist });
  admin = await server.api.admin();
  await setSsr('cache_seconds', '0');
});
afterAll(async () => {
  await setSsr('cache_seconds', '60');
  await setSsr('enable', 'true');
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('server-rendered public pages', () => {
  it('renders the title from settings and the home text with navigation and categories', async () => {
    const title = `分类${Date.now()}`;
    await admin.post('/category', { title });
    const home = await page('/');
    expect(home.status).toBe(200);
    expect(home.html).toMatch(/<title>[^<]+<\/title>/);
    expect(home.html).toContain('<a href="/category">文库资料</a>');
    expect(home.html).toContain(title);
  });

  it("renders a member's page and answers 404 for an unknown member", async () => {
    const { username, id } = await server.api.registerMember('ssr');
    const user = await page(`/user/${id}`);
    expect(user.html).toContain(`<title>[个人主页] ${username} - `);
    expect(user.html).toContain(`<h1>${username}</h1>`);
    expect((await page('/user/987654321')).status).toBe(404);
    expect((await page('/login')).html).toContain('<title>用户登录 - ');
    const unknown = await page('/no/such/page');
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain('<title>404 - 页面未找到 - ');
    expect((await page('/me/profile')).status).toBe(200);
    expect((await page('/admin/config/system')).status).toBe(200);
    expect((await fetch(`${server.url}/assets/missing-abc123.js`)).status).toBe(404);
  });

  it('escapes what members write', async () => {
    const { client, id } = await server.api.registerMember('xss');
    await client.put('/user/profile', { signature: '<script>alert(1)</script>' });
    const html = (await page(`/user/${id}`)).html;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;');
  });

  it('keeps only the head when server-side text is turned off', async () => {
    await setSsr('enable', 'false');
    const home = await page('/');
    expect(home.html).toContain('<div id="root"></div>');
    await setSsr('enable', 'true');
  });
});
