import { request } from 'node:http';
import { reasonText } from '@wenku/shared';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeDocument } from './testing/factories.ts';
import { type RestClient, startTestServer, type TestServer } from './testing/harness.ts';
import { minimalWebDist } from './testing/web-dist.ts';

/**
 * Issue 15 item 13: absolute URLs come from 网站域名 (system.domain) only. A request with a forged Host (and the
 * forwarded headers a proxy would add) never sees that host in a server-rendered page, robots.txt or the sitemap,
 * neither in its own answer nor, through the page cache, in anyone else's.
 */
let server: TestServer;
let admin: RestClient;
let restoreConfig: () => Promise<void>;
let uuid: string;
const EVIL = 'evil.example';
const SITE = 'https://wenku.example';
const dist = minimalWebDist();

/** A GET with the Host and forwarding headers an attacker chooses (fetch would not let the Host be set). */
function get(path: string, host: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        headers: { host, 'x-forwarded-host': host, 'x-forwarded-proto': 'https' },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          body += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const PAGES = () => ['/', `/document/${uuid}`, '/article/about', '/login', '/robots.txt'];

beforeAll(async () => {
  server = await startTestServer({ databaseUrl: inject('databaseUrl'), webDist: dist.dir });
  admin = await server.api.admin();
  restoreConfig = await server.snapshotConfig();
  ({ uuid } = await makeDocument(server, { title: '主机头测试文档', description: '摘要', pages: 3 }));
  // The page cache on, as on a real site: a poisoned entry would reach later visitors.
  await admin.putConfig({ 'ssr.cache_seconds': '60', 'ssr.enable': 'true' });
});
afterAll(async () => {
  await restoreConfig();
  await server.close();
  dist.remove();
});

describe('a forged Host header', () => {
  it('never reaches pages or robots.txt while the domain is unset, and leaves out canonical URLs', async () => {
    await admin.putConfig({ 'system.domain': '' });
    for (const path of PAGES()) {
      const forged = await get(path, EVIL);
      expect(forged.status, path).toBeLessThan(500);
      expect(forged.body, path).not.toContain(EVIL);
      // The same page for an honest visitor afterwards: nothing of the forged request was cached.
      const honest = await get(path, new URL(server.url).host);
      expect(honest.body, path).not.toContain(EVIL);
    }
    const doc = await get(`/document/${uuid}`, EVIL);
    expect(doc.body).not.toContain('rel="canonical"');
    expect(doc.body).toContain('"@type":"DigitalDocument"');
    expect((await get('/robots.txt', EVIL)).body).not.toContain('Sitemap:');
  });

  it('has no sitemap to give while the domain is unset', async () => {
    await admin.putConfig({ 'system.domain': '' });
    const sitemap = await get('/sitemap.xml', EVIL);
    expect(sitemap.status).toBe(403);
    expect(JSON.parse(sitemap.body).message).toBe(reasonText('sitemap.domain_missing'));
    expect((await admin.put('/sitemap')).body.message).toBe(reasonText('sitemap.domain_missing'));
  });

  it('gives way to the configured domain everywhere', async () => {
    await admin.putConfig({ 'system.domain': `${SITE}/` });
    for (const path of PAGES()) expect((await get(path, EVIL)).body, path).not.toContain(EVIL);
    const doc = await get(`/document/${uuid}`, EVIL);
    expect(doc.body).toContain(`<link rel="canonical" href="${SITE}/document/${uuid}">`);
    expect(doc.body).toContain(`"url":"${SITE}/document/${uuid}"`);
    expect((await get('/robots.txt', EVIL)).body).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    const sitemap = await get('/sitemap.xml', EVIL);
    expect(sitemap.status).toBe(200);
    expect(sitemap.body).toContain(`<loc>${SITE}/document/${uuid}</loc>`);
    expect(sitemap.body).not.toContain(EVIL);
  });
});
