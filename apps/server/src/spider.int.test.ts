import { lookup } from 'node:dns/promises';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { gzipSync } from 'node:zlib';
import { clearRobotsCache, DEFAULT_FETCH_POLICY, FetchError, isPublicAddress, safeFetch } from '@wenku/domain';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { officeFiles } from '../../../packages/converter/src/testing/office-files.ts';
import { type RestClient, startTestServer, type TestServer } from './testing/harness.ts';

/**
 * The crawler against PostgreSQL (issue 8): a fixture site on loopback (pages linking to PDF and DOCX files, a
 * robots.txt forbidding one folder, a slow page, a redirect loop, redirects into the forbidden folder, files over the
 * size limit by stream, by declared length and by gzip expansion), the queue jobs that crawl, download and publish,
 * and the article crawl. The loopback site is reachable only because the test allows private addresses; tests show
 * they are refused otherwise, on the first request and on a redirect.
 */
let server: TestServer;
let admin: RestClient;
let restoreConfig: () => Promise<void>;
let site: Server;
let base = '';
const files: Record<string, Buffer> = {};
/** Called by the fixture's `/hop` just before it answers with its redirect. */
let beforeHopAnswer: (() => void) | null = null;
/** 8 MB of a PDF-looking file, gzip-encoded into a few kilobytes (a compression bomb against a 1 MB limit). */
const gzipBomb = gzipSync(Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(8 * 1024 * 1024, 0x20)]));

/** The files the fixture site serves, made by LibreOffice from text (officeFiles: one start per format, at once). */
async function makeFiles() {
  const made = await officeFiles({
    report: { text: '年度报告 2026\n第一章 总则\n这是一份用于采集测试的年度报告。', to: 'pdf' },
    manual: { text: '使用手册\n第一节 安装\n这是一份用于采集测试的使用手册。', to: 'pdf' },
    notes: { text: '会议纪要\n议题：文库采集功能\n结论：通过。', to: 'docx' },
  });
  files.report = readFileSync(made.report);
  files.manual = readFileSync(made.manual);
  files.notes = readFileSync(made.notes);
}

const page = (body: string, title = '采集测试') =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;

/** The fixture site. */
function startSite(): Promise<void> {
  site = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const html = (s: string) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(s);
    };
    const file = (buf: Buffer, type: string, extra: Record<string, string> = {}) => {
      res.writeHead(200, { 'content-type': type, 'content-length': String(buf.length), ...extra });
      res.end(req.method === 'HEAD' ? undefined : buf);
    };
    switch (url.pathname) {
      case '/robots.txt':
        res.writeHead(200, { 'content-type': 'text/plain' });
        return res.end('User-agent: *\nDisallow: /private/\n');
      case '/index.html':
        return html(
          page(`
            <h1>资料下载</h1>
            <a href="/files/report.pdf">年度报告</a>
            <a href="files/notes.docx"> 会议
               纪要 </a>
            <a href="/files/report.pdf#page=2">年度报告（第二页）</a>
            <a href="/private/secret.pdf">内部文件</a>
            <a href="/download?id=1">下载手册</a>
            <a href="/about">关于我们</a>
            <a href="mailto:a@example.com">联系</a>
            <a href="/logo.png">标志</a>`),
        );
      case '/about':
        return html(page('<p>关于</p>'));
      case '/big.html':
        return html(page('<a href="/huge.pdf">超大文件</a>'));
      case '/mirror.html':
        return html(page('<a href="/mirror/report-copy.pdf">年度报告副本</a>'));
      case '/article.html':
        return html(
          page(
            `<header><nav><a href="/">首页</a> <a href="/about">关于</a></nav></header>
             <article><h1>采集的文章标题</h1>
               <div class="content">
                 <p>第一段：文库的采集功能可以把网页上的文章整理进编辑器。这一段需要足够长，才能被正文提取算法识别为正文内容，所以这里多写几句话，说明采集的目的和用法。</p>
                 <p>第二段：采集的结果会经过与文章相同的清洗，脚本和事件属性都会被去掉，只留下安全的标签。foo 会被替换。</p>
                 <p class="ad">广告：点击购买</p>
                 <img src="/img/a.png" alt="示意图">
                 <script>alert(1)</script>
                 <p onclick="steal()">第三段：相对链接 <a href="/about">关于</a> 会变成绝对地址。</p>
               </div></article>
             <footer>版权所有</footer>`,
            '采集的文章标题 - 测试站',
          ),
        );
      case '/files/report.pdf':
      case '/mirror/report-copy.pdf':
        return file(files.report as Buffer, 'application/pdf');
      case '/files/notes.docx':
        return file(files.notes as Buffer, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
      case '/private/secret.pdf':
        return file(files.report as Buffer, 'application/pdf');
      case '/download':
        return file(files.manual as Buffer, 'application/octet-stream', {
          'content-disposition': `attachment; filename="manual.pdf"; filename*=UTF-8''${encodeURIComponent('使用手册.pdf')}`,
        });
      case '/slow.html':
        // Never answers within the crawler's deadline.
        setTimeout(() => html(page('<a href="/files/report.pdf">迟到</a>')), 10_000).unref();
        return;
      case '/loop':
        res.writeHead(302, { location: '/loop2' });
        return res.end();
      case '/hop':
        beforeHopAnswer?.();
        res.writeHead(302, { location: url.searchParams.get('to') ?? '/' });
        return res.end();
      case '/go/secret':
      case '/moved/report.pdf':
        // Allowed addresses that redirect into the folder robots.txt forbids.
        res.writeHead(302, { location: '/private/secret.pdf' });
        return res.end();
      case '/moved/manual.pdf':
        res.writeHead(301, { location: '/download?id=1' });
        return res.end();
      case '/moved.html':
        return html(page('<a href="/moved/report.pdf">搬走的报告</a><a href="/moved/manual.pdf">搬走的手册</a>'));
      case '/limits.html':
        return html(page('<a href="/declared-huge.pdf">声明超大</a><a href="/bomb.pdf">压缩炸弹</a>'));
      case '/declared-huge.pdf': {
        // Declares 2 MB and sends nothing: only the declared length can refuse it before the 2-second deadline.
        res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(2 * 1024 * 1024) });
        res.flushHeaders();
        const hang = setTimeout(() => res.destroy(), 10_000);
        hang.unref();
        res.on('close', () => clearTimeout(hang));
        return;
      }
      case '/bomb.pdf':
        return file(gzipBomb, 'application/pdf', { 'content-encoding': 'gzip' });
      case '/loop2':
        res.writeHead(302, { location: '/loop' });
        return res.end();
      case '/huge.pdf': {
        // 3 MB streamed without a Content-Length: the limit must stop it while streaming.
        res.writeHead(200, { 'content-type': 'application/pdf' });
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        chunk.write('%PDF-1.4\n');
        let sent = 0;
        const pump = () => {
          while (sent < 3 * 1024 * 1024) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end();
        };
        res.on('error', () => undefined);
        return pump();
      }
      default:
        res.writeHead(404);
        return res.end('not found');
    }
  });
  return new Promise((resolve) =>
    site.listen(0, '127.0.0.1', () => {
      base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

interface SpiderUrlBody {
  id: number;
  status: number;
  url: string;
  total: number;
  error: string;
}
interface SpiderDocBody {
  id: number;
  status: number;
  url: string;
  title: string;
  title_from_href: string;
  title_from_url: string;
  title_from_attachment: string;
  ext: string;
  size: number;
  hash: string;
  error: string;
  attachment_id: number;
  document_id: number;
  duplicate_document_id: number;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 120_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

async function addLinks(urls: string[]): Promise<SpiderUrlBody[]> {
  const res = await admin.post<{ spider_url: SpiderUrlBody[] }>('/spiderurl', { url: urls });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.spider_url;
}

const linkDone = (id: number) =>
  until(`link ${id}`, async () => {
    const r = await admin.get<SpiderUrlBody>('/spiderurl', { id });
    return r.body.status >= 2 ? r.body : undefined;
  });

async function docsOf(linkId: number): Promise<SpiderDocBody[]> {
  const r = await admin.get<{ spider_document: SpiderDocBody[]; total: number }>('/spiderdocument/list', {
    spider_url_id: linkId,
    size: 100,
  });
  expect(r.status).toBe(200);
  return r.body.spider_document;
}

/**
 * Crawls a fixture page that links exactly the files ending in `endings`, queues them for download and returns
 * them in that order.
 */
async function downloadFromPage<const E extends readonly string[]>(
  page: string,
  endings: E,
): Promise<{ [K in keyof E]: SpiderDocBody }> {
  const [link] = await addLinks([`${base}${page}`]);
  expect((await linkDone(link!.id)).total).toBe(endings.length);
  const docs = await docsOf(link!.id);
  const picked = endings.map((end) => docs.find((d) => d.url.endsWith(end))!);
  const res = await admin.put('/spiderdocument/batch', {
    spider_document: picked.map((d) => ({ id: d.id, status: 1 })),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return picked as { [K in keyof E]: SpiderDocBody };
}

const docWhen = (id: number, statuses: number[], ms?: number) =>
  until(
    `spider document ${id} in ${statuses}`,
    async () => {
      const r = await admin.get<SpiderDocBody>('/spiderdocument', { id });
      return statuses.includes(r.body.status) ? r.body : undefined;
    },
    ms,
  );

beforeAll(async () => {
  // The files are made while the server starts.
  [server] = await Promise.all([
    startTestServer({ databaseUrl: inject('databaseUrl'), worker: true }),
    makeFiles().then(startSite),
  ]);
  server.booted.runtime.spider = {
    allowPrivate: true,
    timeoutMs: 2000,
    maxRedirects: 3,
    hostIntervalMs: 0,
    hostConcurrency: 4,
  };
  clearRobotsCache();
  admin = await server.api.admin();
  restoreConfig = await server.snapshotConfig();
  const res = await admin.put('/config', {
    config: [{ category: 'security', name: 'max_document_size', value: '1' }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}, 300_000);

afterAll(async () => {
  await restoreConfig?.();
  await server?.close();
  await new Promise((r) => site?.close(r));
});

describe('network rules', () => {
  it('classifies addresses: only public unicast passes', () => {
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) expect(isPublicAddress(a), a).toBe(true);
    for (const a of ['127.0.0.1', '10.1.2.3', '192.168.1.1', '172.16.0.1', '100.64.0.1', '169.254.169.254', '0.0.0.0'])
      expect(isPublicAddress(a), a).toBe(false);
    for (const a of ['::1', '::', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:8.8.8.8', 'ff02::1'])
      expect(isPublicAddress(a), a).toBe(false);
  });

  it('refuses loopback and private URLs unless explicitly allowed (names, literals, IPv6 forms)', async () => {
    const policy = { ...DEFAULT_FETCH_POLICY, timeoutMs: 2000 };
    const port = new URL(base).port;
    const refused = [
      `${base}/index.html`,
      `http://localhost:${port}/index.html`,
      `http://2130706433:${port}/index.html`,
      `http://[::1]:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'ftp://example.com/a.pdf',
      'file:///etc/passwd',
    ];
    for (const u of refused) {
      const e = await safeFetch(u, policy).then(
        () => null,
        (err: unknown) => err,
      );
      expect(e, u).toBeInstanceOf(FetchError);
      expect((e as FetchError).kind, u).toBe('blocked');
    }
    // A host name that resolves to a private address is refused on the resolved address (the one connected to).
    const own = hostname();
    const resolved = await lookup(own).catch(() => null);
    if (resolved && !isPublicAddress(resolved.address)) {
      const e = await safeFetch(`http://${own}:${port}/index.html`, policy).catch((err: unknown) => err);
      expect((e as FetchError).kind).toBe('blocked');
    }
    // The same site is reachable when the test explicitly allows private addresses.
    const ok = await safeFetch(`${base}/index.html`, { ...policy, allowPrivate: true });
    expect(await ok.text()).toContain('资料下载');
  });

  it('refuses a redirect to a loopback or private address when private addresses are not allowed', async () => {
    const port = new URL(base).port;
    const targets = [
      `${base}/index.html`,
      `http://localhost:${port}/index.html`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      'http://169.254.169.254/latest/meta-data/',
    ];
    // A name that resolves to a private address: refused by the lookup of the hop's own connection.
    const own = hostname();
    const resolved = await lookup(own).catch(() => null);
    if (resolved && !isPublicAddress(resolved.address)) targets.push(`http://${own}:${port}/index.html`);
    try {
      for (const to of targets) {
        // The fixture stands in for a public site: private addresses are allowed until it answers with its
        // redirect, then the production rule applies to the hop.
        const policy = { ...DEFAULT_FETCH_POLICY, timeoutMs: 2000, allowPrivate: true };
        let answered = false;
        beforeHopAnswer = () => {
          answered = true;
          policy.allowPrivate = false;
        };
        const e = await safeFetch(`${base}/hop?to=${encodeURIComponent(to)}`, policy).catch((err: unknown) => err);
        expect(answered, to).toBe(true);
        expect(e, to).toBeInstanceOf(FetchError);
        expect((e as FetchError).kind, to).toBe('blocked');
        expect((e as FetchError).message, to).toContain('禁止访问内网');
      }
    } finally {
      beforeHopAnswer = null;
    }
    // The same redirect is followed while private addresses are allowed.
    const ok = await safeFetch(`${base}/hop?to=${encodeURIComponent(`${base}/index.html`)}`, {
      ...DEFAULT_FETCH_POLICY,
      timeoutMs: 2000,
      allowPrivate: true,
    });
    expect(ok.url.pathname).toBe('/index.html');
    expect(await ok.text()).toContain('资料下载');
  });

  it('fails a crawl of a loopback link cleanly when private addresses are not allowed', async () => {
    const spider = server.booted.runtime.spider;
    server.booted.runtime.spider = { ...spider, allowPrivate: false };
    try {
      const [link] = await addLinks([`${base}/about?blocked=1`]);
      const done = await linkDone(link!.id);
      expect(done.status).toBe(3);
      expect(done.error).toContain('禁止访问内网');
    } finally {
      server.booted.runtime.spider = spider;
    }
  });
});

describe('crawling, downloading and publishing', () => {
  let indexLink: SpiderUrlBody;
  let found: SpiderDocBody[] = [];

  it('finds exactly the allowed documents of a page and fails slow pages, redirect loops cleanly', async () => {
    const [index, slow, loop] = await addLinks([`${base}/index.html`, `${base}/slow.html`, `${base}/loop`]);
    indexLink = await linkDone(index!.id);
    expect(indexLink.status, indexLink.error).toBe(2);
    expect(indexLink.total).toBe(3);
    found = await docsOf(index!.id);
    expect(found.map((d) => d.url.replace(base, '')).sort()).toEqual([
      '/download?id=1',
      '/files/notes.docx',
      '/files/report.pdf',
    ]);
    const byPath = new Map(found.map((d) => [d.url.replace(base, ''), d]));
    expect(byPath.get('/files/report.pdf')).toMatchObject({
      status: 0,
      title: '年度报告',
      title_from_href: '年度报告',
      title_from_url: 'report',
      ext: '.pdf',
    });
    expect(byPath.get('/files/notes.docx')?.title_from_href).toBe('会议 纪要');
    // Found by its Content-Disposition (the name says nothing).
    expect(byPath.get('/download?id=1')?.ext).toBe('.pdf');

    const slowDone = await linkDone(slow!.id);
    expect(slowDone.status).toBe(3);
    expect(slowDone.error).toContain('超时');
    const loopDone = await linkDone(loop!.id);
    expect(loopDone.status).toBe(3);
    expect(loopDone.error).toContain('重定向');
  }, 180_000);

  it('downloads the queued documents as crawler attachments, and stops a file over the size limit', async () => {
    const [big] = await addLinks([`${base}/big.html`]);
    expect((await linkDone(big!.id)).total).toBe(1);
    const [huge] = await docsOf(big!.id);
    const res = await admin.put('/spiderdocument/batch', {
      spider_document: [...found, huge!].map((d) => ({ id: d.id, status: 1 })),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const failed = await docWhen(huge!.id, [3, 4]);
    expect(failed.status).toBe(4);
    expect(failed.error).toContain('超过限制');
    for (const d of found) {
      const done = await docWhen(d.id, [3, 4]);
      expect(done.status, done.error).toBe(3);
      expect(done.hash).toMatch(/^[0-9a-f]{32}$/);
      expect(done.size).toBeGreaterThan(0);
      const [att] = await server.booted.db.orm.em
        .fork()
        .getConnection()
        .execute<{ type: number; type_id: number }[]>('select type, type_id from attachment where id = ?', [
          done.attachment_id,
        ]);
      expect(att).toMatchObject({ type: 8, type_id: d.id });
    }
    const manual = await admin.get<SpiderDocBody>('/spiderdocument', {
      id: found.find((d) => d.url.endsWith('/download?id=1'))!.id,
    });
    expect(manual.body.title_from_attachment).toBe('使用手册');
  }, 180_000);

  it('refuses to delete a document being downloaded, or to change its status', async () => {
    const [link] = await addLinks([`${base}/files/report.pdf?busy=${Date.now()}`]);
    expect((await linkDone(link!.id)).status).toBe(2);
    const [doc] = await docsOf(link!.id);
    // A download in progress, set directly so the check does not depend on the worker's timing.
    await server.sql('update spider_document set status = 2 where id = ?', [doc!.id]);
    try {
      expect((await admin.delete('/spiderdocument', { id: doc!.id })).status).toBe(403);
      const kept = await admin.get<SpiderDocBody>('/spiderdocument', { id: doc!.id });
      expect(kept.status).toBe(200);
      expect(kept.body.status).toBe(2);
      // The status is the job's; the titles are still the operator's.
      const reset = await admin.put('/spiderdocument/batch', { spider_document: [{ id: doc!.id, status: 0 }] });
      expect(reset.status).toBe(403);
      const renamed = await admin.put('/spiderdocument/batch', { spider_document: [{ id: doc!.id, title: '改名' }] });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    } finally {
      await server.sql('update spider_document set status = 0 where id = ?', [doc!.id]);
    }
    expect((await admin.delete('/spiderdocument', { id: doc!.id })).status).toBe(200);
  });

  it('refuses a file by its declared length and stops a gzip bomb at the size limit', async () => {
    // The bomb is small on the wire: only counting decoded bytes can stop it.
    expect(gzipBomb.length).toBeLessThan(1024 * 1024);
    const [declared, bomb] = await downloadFromPage('/limits.html', ['/declared-huge.pdf', '/bomb.pdf']);
    // The declared file never sends a byte: a refusal other than by its Content-Length would be a timeout.
    const refused = await docWhen(declared.id, [3, 4]);
    expect(refused.status).toBe(4);
    expect(refused.error).toContain('超过限制');
    const stopped = await docWhen(bomb.id, [3, 4]);
    expect(stopped.status).toBe(4);
    expect(stopped.error).toContain('超过限制');
    expect(stopped.attachment_id).toBe(0);
    // The fetcher itself ends the decoded stream with a size refusal, not a decoder or network error.
    const direct = await safeFetch(`${base}/bomb.pdf`, {
      ...DEFAULT_FETCH_POLICY,
      allowPrivate: true,
      timeoutMs: 5000,
      maxBytes: 1024 * 1024,
    });
    const e = await direct.buffer().catch((err: unknown) => err);
    expect(e).toBeInstanceOf(FetchError);
    expect((e as FetchError).kind).toBe('too_large');
  }, 60_000);

  it('asks robots.txt again on every redirect hop', async () => {
    // A page that redirects into the forbidden folder.
    const [go] = await addLinks([`${base}/go/secret`]);
    const goDone = await linkDone(go!.id);
    expect(goDone.status).toBe(3);
    expect(goDone.error).toContain('robots.txt 禁止采集该链接');
    expect(goDone.error).toContain('/private/secret.pdf');
    expect(await docsOf(go!.id)).toEqual([]);
    // Document links that redirect: into the forbidden folder (refused) and to an allowed file (downloaded).
    const [toSecret, toManual] = await downloadFromPage('/moved.html', ['/moved/report.pdf', '/moved/manual.pdf']);
    const refused = await docWhen(toSecret.id, [3, 4]);
    expect(refused.status).toBe(4);
    expect(refused.error).toContain('robots.txt 禁止采集该链接');
    expect(refused.attachment_id).toBe(0);
    const followed = await docWhen(toManual.id, [3, 4]);
    expect(followed.status, followed.error).toBe(3);
    expect(followed.title_from_attachment).toBe('使用手册');
  }, 60_000);

  it('publishes downloaded documents into a category under a member, converted like uploads', async () => {
    const member = await server.api.registerMember('spider');
    const created = await admin.post<{ category: { id: number }[] }>('/category', {
      title: `采集分类${Date.now()}`,
      type: 0,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const cat = { body: created.body.category[0]! };
    const report = found.find((d) => d.url.endsWith('/files/report.pdf'))!;
    const notes = found.find((d) => d.url.endsWith('/files/notes.docx'))!;
    // Publishing needs a member and a category.
    const missing = await admin.put('/spiderdocument/batch', { spider_document: [{ id: report.id, status: 5 }] });
    expect(missing.status).toBe(400);
    const res = await admin.put('/spiderdocument/batch', {
      spider_document: [report, notes].map((d) => ({
        id: d.id,
        status: 5,
        title: d.id === report.id ? '2026 年度报告' : '会议纪要',
        user_id: member.id,
        category_id: JSON.stringify([cat.body.id]),
        price: 3,
        language: 'zh',
      })),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    for (const d of [report, notes]) {
      const published = await docWhen(d.id, [7, 8]);
      expect(published.status, published.error).toBe(7);
      const doc = await until(
        `document ${published.document_id} converted`,
        async () => {
          const r = await admin.get<{
            status: number;
            source: string;
            user_id: number;
            price: number;
            title: string;
            category_id: number[];
            convert_error?: string;
          }>('/document', { id: published.document_id });
          return r.body.status === 2 || r.body.status === 3 ? r.body : undefined;
        },
        150_000,
      );
      expect(doc.status, doc.convert_error).toBe(2);
      expect(doc).toMatchObject({ source: d.url, user_id: member.id, price: 3 });
      expect(doc.category_id).toContain(cat.body.id);
    }
  }, 300_000);

  it('marks a downloaded file the library already holds, and does not publish it twice', async () => {
    const [mirror] = await addLinks([`${base}/mirror.html`]);
    await linkDone(mirror!.id);
    const [copy] = await docsOf(mirror!.id);
    await admin.put('/spiderdocument/batch', { spider_document: [{ id: copy!.id, status: 1 }] });
    const downloaded = await docWhen(copy!.id, [3, 4]);
    expect(downloaded.status).toBe(3);
    expect(downloaded.duplicate_document_id).toBeGreaterThan(0);
    expect(downloaded.error).toContain('已存在');
    const member = await server.api.registerMember('spider');
    await admin.put('/spiderdocument/batch', {
      spider_document: [{ id: copy!.id, status: 5, user_id: member.id, category_id: [1] }],
    });
    const refused = await docWhen(copy!.id, [7, 8]);
    expect(refused.status).toBe(8);
    expect(refused.error).toContain('已存在');
    // A failed publish may be queued again (8 → 5); the file is still the library's, so it fails the same way.
    const retry = await admin.put('/spiderdocument/batch', { spider_document: [{ id: copy!.id, status: 5 }] });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    const retried = await docWhen(copy!.id, [7, 8]);
    expect(retried.status).toBe(8);
    expect(retried.error).toContain('已存在');
    // Finished documents can be deleted; the link can be re-queued by setting it pending.
    expect((await admin.delete('/spiderdocument', { id: copy!.id })).status).toBe(200);
    const again = await admin.put<SpiderUrlBody>('/spiderurl', { id: mirror!.id, status: 0 });
    expect(again.status).toBe(200);
    expect((await linkDone(mirror!.id)).total).toBe(1);
  }, 180_000);

  it('keeps the crawler to administrators', async () => {
    const member = await server.api.registerMember('spider');
    expect((await member.client.get('/spiderurl/list')).status).toBe(403);
    expect((await member.client.post('/spiderurl', { url: [`${base}/index.html`] })).status).toBe(403);
    expect((await server.api.get('/spiderdocument/list')).status).toBe(401);
  });
});

describe('article crawl', () => {
  it('extracts the main content, sanitized, with exclusions and replacements', async () => {
    const smart = await admin.post<{ title: string; content: string; description: string }>('/article/crawl', {
      url: `${base}/article.html`,
      mode: 0,
    });
    expect(smart.status, JSON.stringify(smart.body)).toBe(200);
    expect(smart.body.title).toContain('采集的文章标题');
    expect(smart.body.content).toContain('第一段');
    expect(smart.body.content).not.toContain('<script');
    expect(smart.body.content).not.toContain('onclick');
    expect(smart.body.content).not.toContain('版权所有');
    expect(smart.body.content).toContain(`${base}/about`);

    const custom = await admin.post<{ title: string; content: string }>('/article/crawl', {
      url: `${base}/article.html`,
      mode: 1,
      select: '.content',
      exclude: '.ad\nimg',
      replace: 'foo => bar\n第三段 => 最后一段',
    });
    expect(custom.status, JSON.stringify(custom.body)).toBe(200);
    expect(custom.body.title).toBe('采集的文章标题');
    expect(custom.body.content).toContain('bar 会被替换');
    expect(custom.body.content).toContain('最后一段');
    expect(custom.body.content).not.toContain('广告');
    expect(custom.body.content).not.toContain('<img');
    expect(custom.body.content).not.toContain('<script');
  });

  it('is refused for members until their group may crawl, and for private addresses', async () => {
    const member = await server.api.registerMember('crawl');
    const input = { url: `${base}/article.html`, mode: 0 };
    expect((await member.client.post('/article/crawl', input)).status).toBe(403);
    const conn = server.booted.db.orm.em.fork().getConnection();
    const [g] = await conn.execute<{ group_id: number }[]>('select group_id from user_group where user_id = ?', [
      member.id,
    ]);
    await conn.execute('update "group" set enable_article_crawl = true where id = ?', [g!.group_id]);
    try {
      const ok = await member.client.post<{ content: string }>('/article/crawl', input);
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      const spider = server.booted.runtime.spider;
      server.booted.runtime.spider = { ...spider, allowPrivate: false };
      try {
        const blocked = await member.client.post<{ message: string }>('/article/crawl', input);
        expect(blocked.status).toBe(400);
        expect(blocked.body.message).toContain('禁止访问内网');
      } finally {
        server.booted.runtime.spider = spider;
      }
    } finally {
      await conn.execute('update "group" set enable_article_crawl = false where id = ?', [g!.group_id]);
    }
  });
});
