import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { documentFileKey, previewDir } from '@wenku/domain';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeDocument } from './testing/factories.ts';
import { type RestClient, startTestServer, type TestServer } from './testing/harness.ts';

/**
 * ARCHITECTURE.md rule 16: every plain HTTP handler passes one door, with the site gate of the procedures
 * (`security.login_required`, `security.is_close`). Issue 15 item 12: preview pages, covers, the site map, downloads
 * and the server-rendered pages answered anonymous visitors of a gated site.
 */
let server: TestServer;
let admin: RestClient;
let member: RestClient;
const dist = mkdtempSync(join(tmpdir(), 'wenku-door-dist-'));
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
);
const TEXT = `门后的正文 ${Date.now()}`;
let doc: { id: number; uuid: string; hash: string; title: string };

const setSecurity = (name: string, value: string) => admin.putConfig({ [`security.${name}`]: value });

async function get(path: string, client?: RestClient) {
  const res = await fetch(`${server.url}${path}`, {
    headers: client?.token ? { authorization: `Bearer ${client.token}` } : {},
    redirect: 'manual',
  });
  return { status: res.status, text: await res.text() };
}

/** A download link issued while the site is open: to `client`, or to a guest. */
async function downloadLink(client: RestClient) {
  const res = await client.get<{ url: string }>('/document/download', { id: doc.id });
  if (res.status !== 200) throw new Error(`download link: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.url;
}

/** What each plain handler answers one caller: statuses, and whether the page's content showed. */
async function probe(client: RestClient | undefined, links: { download: string }) {
  const ssr = await get(`/document/${doc.uuid}`, client);
  return {
    page: (await get(`/view/page/${doc.id}/1.webp`, client)).status,
    cover: (await get(`/view/cover/${doc.hash}`, client)).status,
    sitemap: (await get('/sitemap.xml', client)).status,
    download: (await get(links.download, client)).status,
    ssrStatus: ssr.status,
    ssrContent: ssr.text.includes(doc.title) || ssr.text.includes(TEXT),
  };
}

const OPEN = { page: 200, cover: 200, sitemap: 200, download: 200, ssrStatus: 200, ssrContent: true };

beforeAll(async () => {
  server = await startTestServer({ databaseUrl: inject('databaseUrl'), webDist: dist });
  admin = await server.api.admin();
  member = (await server.api.registerMember('door')).client;
  // The files of the run share one database and one IP: this file's download links must not meet the daily limit
  // per IP that other files' downloads used up.
  await admin.putConfig({
    'ssr.cache_seconds': '0',
    'download.enable_guest_download': 'true',
    'download.times_every_ip': '100000',
  });
  // A converted free document with one preview page, a cover and its file, made without the converter.
  doc = await makeDocument(server, { title: `门后的文档${Date.now()}`, previewExt: '.webp', content: TEXT });
  const { hash } = doc;
  const storage = server.booted.runtime.storage;
  await storage.put(`${previewDir(hash)}/1.webp`, Buffer.from('RIFF-page'));
  await storage.put(`${previewDir(hash)}/cover.webp`, Buffer.from('RIFF-cover'));
  await storage.put(documentFileKey(hash, '.pdf'), Buffer.from('%PDF-1.4 door'));
  // The site map lists the document once built.
  expect((await admin.put('/sitemap')).status).toBe(200);
});
afterAll(async () => {
  await setSecurity('login_required', 'false');
  await setSecurity('is_close', 'false');
  await admin.putConfig({ 'ssr.cache_seconds': '60', 'download.enable_guest_download': 'false' });
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('one door for every plain handler', () => {
  it('serves everything to anonymous visitors while the site is open', async () => {
    expect(await probe(undefined, { download: await downloadLink(server.api) })).toEqual(OPEN);
  });

  it('with login_required, keeps anonymous visitors out of pages, covers, the site map, downloads and page text', async () => {
    const links = { guest: await downloadLink(server.api), member: await downloadLink(member) };
    await setSecurity('login_required', 'true');
    try {
      const anonymous = await probe(undefined, { download: links.guest });
      expect(anonymous).toEqual({
        page: 401,
        cover: 401,
        sitemap: 401,
        download: 401,
        ssrStatus: 200,
        ssrContent: false,
      });
      const refused = await fetch(`${server.url}/view/page/${doc.id}/1.webp`);
      expect(await refused.json()).toEqual({
        code: 'UNAUTHENTICATED',
        message: '请先登录',
        reason: 'auth.login_required',
      });
      // The shell still loads for the sign-in page; robots.txt and the health check stay open.
      expect((await get('/login')).status).toBe(200);
      expect((await get('/robots.txt')).status).toBe(200);
      expect((await get('/health')).status).toBe(200);
      // A member gets everything; a member's download link works when the browser follows it without the header.
      expect(await probe(member, { download: links.member })).toEqual(OPEN);
      expect((await get(links.member)).status).toBe(200);
    } finally {
      await setSecurity('login_required', 'false');
    }
  });

  it('with is_close, lets administrators in only', async () => {
    const links = { member: await downloadLink(member), admin: await downloadLink(admin) };
    await setSecurity('is_close', 'true');
    try {
      // Anonymous visitors are asked to sign in; a member's link is judged as its member.
      const anonymous = await probe(undefined, { download: links.member });
      expect(anonymous).toEqual({ ...OPEN, page: 401, cover: 401, sitemap: 401, download: 403, ssrContent: false });
      const signedIn = await probe(member, { download: links.member });
      expect(signedIn).toEqual({
        page: 403,
        cover: 403,
        sitemap: 403,
        download: 403,
        ssrStatus: 200,
        ssrContent: false,
      });
      expect(await probe(admin, { download: links.admin })).toEqual(OPEN);
      expect((await get(links.admin)).status).toBe(200);
    } finally {
      await setSecurity('is_close', 'false');
    }
  });

  it('refuses uploads at the door of a closed site before reading them', async () => {
    await setSecurity('is_close', 'true');
    try {
      for (const kind of ['document', 'avatar']) {
        const res = await member.upload<{ message: string }>(kind, Buffer.alloc(1024), 'a.pdf');
        expect(res.status, kind).toBe(403);
        expect(res.body.message).toBe('网站已关闭');
      }
      const tus = await fetch(`${server.url}/api/v1/upload/tus`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${member.token}`,
          'tus-resumable': '1.0.0',
          'upload-length': '10',
          'upload-metadata': `filename ${Buffer.from('a.pdf').toString('base64')}`,
        },
      });
      expect(tus.status).toBe(403);
    } finally {
      await setSecurity('is_close', 'false');
    }
  });

  it('lets payment notifications and third-party sign-in through a closed site', async () => {
    await setSecurity('is_close', 'true');
    await setSecurity('login_required', 'true');
    try {
      const count = async () =>
        Number((await server.sql<{ n: string }>(`select count(*) n from payment_log where provider = 'alipay'`))[0]?.n);
      const before = await count();
      const notice = await fetch(`${server.url}/callback/alipay`, {
        method: 'POST',
        body: 'trade_status=TRADE_SUCCESS',
      });
      expect(notice.status).not.toBe(401);
      expect(await notice.text()).toBe('fail');
      // The domain heard it: the refusal of a disabled provider is logged.
      expect(await count()).toBe(before + 1);
      const oauth = await get('/api/v1/oauth/authorize/github');
      expect(oauth.status).toBe(302);
    } finally {
      await setSecurity('is_close', 'false');
      await setSecurity('login_required', 'false');
    }
  });
});
