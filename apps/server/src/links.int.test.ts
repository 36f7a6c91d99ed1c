import { LINK_MESSAGES, reasonText } from '@wenku/shared';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RestClient, startTestServer, type TestServer } from './testing/harness.ts';
import { minimalWebDist } from './testing/web-dist.ts';

/**
 * Issue 15 item 6: hrefs from data are http(s) or site paths, refused on save for every entity and setting that
 * becomes a link, and neutralised in the server-rendered pages when a bad one was saved before the rule.
 */
let server: TestServer;
let admin: RestClient;
let restoreConfig: () => Promise<void>;
const dist = minimalWebDist();

const BAD = ['javascript:alert(1)', ' JAVASCRIPT:alert(1)', 'java\tscript:alert(1)', 'data:text/html,x', '//evil.com'];
const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

beforeAll(async () => {
  server = await startTestServer({ databaseUrl: inject('databaseUrl'), webDist: dist.dir });
  admin = await server.api.admin();
  restoreConfig = await server.snapshotConfig();
  await admin.putConfig({ 'ssr.cache_seconds': '0' });
});
afterAll(async () => {
  await restoreConfig();
  await server.close();
  dist.remove();
});

/** The refusal every bad link gets: 400, the link rule's message on the field. */
function expectRefused(res: { status: number; body: Record<string, unknown> }, field: string, message: string) {
  expect(res.status).toBe(400);
  expect(res.body.code).toBe('VALIDATION_FAILED');
  expect(res.body.fields).toEqual(expect.arrayContaining([expect.objectContaining({ field, message })]));
}

describe('links are checked on save', () => {
  it.each(BAD)('navigation, banners and friend links refuse %j and change nothing', async (href) => {
    const count = async (table: string) =>
      Number((await server.sql<{ n: string }>(`select count(*) as n from ${table}`))[0]?.n);
    const before = await Promise.all(['navigation', 'banner', 'friendlink'].map(count));
    expectRefused(
      await admin.post('/navigation', { title: `导航${uniq()}`, href }),
      'href',
      reasonText(LINK_MESSAGES.unsafe),
    );
    expectRefused(
      await admin.post('/banner', { path: '/uploads/banner.png', title: 'b', url: href }),
      'url',
      reasonText(LINK_MESSAGES.unsafe),
    );
    expectRefused(await admin.post('/banner', { path: href, title: 'b' }), 'path', reasonText(LINK_MESSAGES.unsafe));
    expectRefused(
      await admin.post('/friendlink', { title: `友${uniq()}`, link: href }),
      'link',
      reasonText(LINK_MESSAGES.absolute),
    );
    expect(await Promise.all(['navigation', 'banner', 'friendlink'].map(count))).toEqual(before);

    const nav = await admin.post<{ id: number }>('/navigation', { title: `导航${uniq()}`, href: '/category' });
    expect(nav.status).toBe(200);
    expectRefused(
      await admin.put('/navigation', { id: nav.body.id, title: 'x', href }),
      'href',
      reasonText(LINK_MESSAGES.unsafe),
    );
    const [row] = await server.sql<{ href: string }>('select href from navigation where id = ?', [nav.body.id]);
    expect(row?.href).toBe('/category');
  });

  it.each(BAD)('footer and float-bar settings refuse %j', async (href) => {
    for (const key of ['footer.about', 'display.contact_link']) {
      const [category, name] = key.split('.');
      const res = await admin.put('/config', { config: [{ category, name, value: href }] });
      expect(res.status).toBe(400);
      expect(String(res.body.message)).toContain(reasonText(LINK_MESSAGES.unsafe));
    }
    const [about] = await server.sql<{ value: string }>(
      "select value from config where category = 'footer' and name = 'about'",
    );
    expect(about?.value).not.toBe(href);
  });

  it('keeps site paths, http(s) addresses and empty links', async () => {
    const nav = await admin.post<{ href: string }>('/navigation', { title: `导航${uniq()}`, href: ' /article ' });
    expect(nav.body.href).toBe('/article');
    expect((await admin.post('/navigation', { title: `导航${uniq()}`, href: '' })).status).toBe(200);
    expect((await admin.post('/friendlink', { title: `友${uniq()}`, link: 'https://a.example/x' })).status).toBe(200);
    await admin.putConfig({ 'footer.about': '/article/about', 'display.contact_link': 'https://a.example/contact' });
    await admin.putConfig({ 'display.contact_link': '' });
  });

  it('takes an http(s) origin, or nothing, as the site domain', async () => {
    for (const value of ['javascript:alert(1)//', 'www.example.com', 'https://www.example.com/path']) {
      const res = await admin.put('/config', { config: [{ category: 'system', name: 'domain', value }] });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(reasonText(LINK_MESSAGES.origin));
    }
    await admin.putConfig({ 'system.domain': 'https://www.example.com/' });
    await admin.putConfig({ 'system.domain': '' });
  });
});

describe('links saved before the rule', () => {
  it('are not links in the server-rendered home page', async () => {
    const title = `坏链接${uniq()}`;
    await server.sql("insert into navigation (title, href, sort) values (?, 'javascript:alert(1)', 999999)", [title]);
    await server.sql("insert into navigation (title, href, sort) values (?, ' JAVASCRIPT:alert(2)', 999998)", [
      `${title}2`,
    ]);
    await server.sql("insert into navigation (title, href, sort) values (?, '//evil.com', 999997)", [`${title}3`]);
    await server.sql("insert into friendlink (title, link, sort) values (?, 'javascript:alert(3)', 999999)", [
      `${title}友`,
    ]);
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).toContain(title);
    expect(html).toContain(`${title}友`);
    expect(html.toLowerCase()).not.toContain('javascript:');
    expect(html).not.toContain('//evil.com');
    await server.sql('delete from navigation where title like ?', [`${title}%`]);
    await server.sql('delete from friendlink where title like ?', [`${title}%`]);
  });
});
