import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, openApp, PHONE, snap, useBrowser } from './browser.ts';
import { adminToken, api, baseUrl, CONVERT, POLL, signInAsAdmin } from './helpers.ts';

/**
 * The crawler journey of issue 8 in the browser: an administrator adds a page link on /admin/spider/url, sees the
 * documents found, downloads them, fixes their titles with the batch editor's quick tools, publishes them into a
 * category and finds the converted document on the site. The fixture site runs on loopback, which the e2e server
 * allows (`WENKU_SPIDER_ALLOW_PRIVATE=1` in global-setup.ts, tests only).
 */
const browser = useBrowser();
let site: Server;
let siteUrl = '';
const files: Record<string, Buffer> = {};

function makePdfs() {
  const dir = mkdtempSync(join(tmpdir(), 'wenku-e2e-spider-'));
  const stamp = Date.now();
  writeFileSync(join(dir, 'report-a.txt'), `采集报告甲 ${stamp}\n浏览器测试生成的第一份文档。`);
  writeFileSync(join(dir, 'report-b.txt'), `采集报告乙 ${stamp}\n浏览器测试生成的第二份文档。`);
  execFileSync(
    'soffice',
    [
      '--headless',
      `-env:UserInstallation=file://${join(dir, 'lo')}`,
      '--convert-to',
      'pdf',
      '--outdir',
      dir,
      join(dir, 'report-a.txt'),
      join(dir, 'report-b.txt'),
    ],
    { stdio: 'ignore', timeout: 180_000 },
  );
  files['report-a.pdf'] = readFileSync(join(dir, 'report-a.pdf'));
  files['report-b.pdf'] = readFileSync(join(dir, 'report-b.pdf'));
}

beforeAll(async () => {
  makePdfs();
  site = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/reports.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(
        '<!doctype html><meta charset="utf-8"><title>报告</title><a href="/files/report-a.pdf">【下载】第一份报告</a> <a href="/files/report-b.pdf">【下载】第二份报告</a>',
      );
    }
    if (path === '/article.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(
        '<!doctype html><meta charset="utf-8"><title>采集文章测试 - 站点</title><nav>导航</nav><article><h1>采集文章测试</h1><p>这是一段足够长的正文，用来测试文章采集功能能否把网页正文提取出来并填入编辑器。正文需要有一定的长度，提取算法才会把它当作文章的主体内容。</p><p>第二段正文，同样用于测试。<script>alert(1)</script></p></article><footer>页脚</footer>',
      );
    }
    const file = files[path.replace('/files/', '')];
    if (file) {
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(file.length) });
      return res.end(file);
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', () => r()));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
}, 240_000);

afterAll(async () => {
  await new Promise((r) => site?.close(r));
});

describe('crawler', () => {
  it('collects, downloads, retitles and publishes documents from a web page', async () => {
    const token = await adminToken();
    const category = (
      await api<{ category: { id: number; title: string }[] }>(
        'POST',
        '/category',
        { title: `采集分类${Date.now().toString(36)}`, type: 0 },
        token,
      )
    ).category[0] as { id: number; title: string };
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
    const page = await signInAsAdmin(context);

    // 链接采集: add the page, watch it crawl.
    await openApp(page, `${baseUrl()}/admin/spider/url`);
    await page.getByRole('button', { name: '新增链接' }).click();
    await page.getByLabel('采集链接').fill(`${siteUrl}/reports.html`);
    await page.getByRole('button', { name: '提交' }).click();
    await expect.poll(() => page.getByText('新增成功').count(), POLL).toBeGreaterThan(0);
    const row = page.getByRole('row').filter({ hasText: `${siteUrl}/reports.html` });
    await expect.poll(() => row.getByTestId('spider-url-status').textContent(), POLL).toBe('采集完成');
    expect(await row.getByTestId('spider-url-total').textContent()).toBe('2');
    await snap(page, 'spider-url-desktop');
    await page.setViewportSize(PHONE);
    await snap(page, 'spider-url-phone');
    await page.setViewportSize(DESKTOP);

    // 文档采集: the two documents of that link.
    await row.getByRole('link', { name: '查看发现的文档' }).click();
    await page.waitForURL(/\/admin\/spider\/document/);
    const rows = page.getByRole('row').filter({ hasText: siteUrl });
    await expect.poll(() => rows.count(), POLL).toBe(2);

    // Download selected.
    await page.getByLabel('全选').check();
    await page.getByRole('button', { name: '下载选中' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '下载选中' }).click();
    await expect.poll(() => page.getByText('加入下载队列成功').count(), POLL).toBeGreaterThan(0);
    await expect
      .poll(() => rows.getByTestId('spider-document-status').allTextContents(), { timeout: 60_000, interval: 500 })
      .toEqual(['下载成功', '下载成功']);

    // Batch edit: copy the link text into the titles, then strip the 【下载】 prefix with a replacement.
    await page.getByLabel('全选').check();
    await page.getByRole('button', { name: '批量修改' }).click();
    await page.getByRole('button', { name: '快捷操作' }).click();
    await page.getByLabel('引用字段').click();
    await page.getByRole('option', { name: '链接标题' }).click();
    await page.getByRole('button', { name: '应用' }).first().click();
    await page.getByRole('button', { name: '快捷操作' }).click();
    await page.getByLabel('查找内容').fill('^【下载】');
    await page.getByLabel('替换内容').fill('');
    await page.getByRole('button', { name: '应用' }).last().click();
    await snap(page, 'spider-document-batch-edit');
    await page.getByRole('button', { name: '提交修改' }).click();
    await expect.poll(() => page.getByText('批量修改成功').count(), POLL).toBeGreaterThan(0);
    await expect.poll(() => rows.filter({ hasText: '第一份报告' }).count(), POLL).toBe(1);
    expect(await page.getByText('【下载】第一份报告').count()).toBeGreaterThan(0); // the link text is unchanged

    // Publish selected into the category, as the administrator.
    await page.getByLabel('全选').check();
    await page.getByRole('button', { name: '发布选中' }).click();
    const drawer = page.getByRole('dialog');
    await expect.poll(() => drawer.getByTestId('publish-row').count(), POLL).toBe(2);
    await expect.poll(() => drawer.getByText('满足', { exact: true }).count(), POLL).toBe(2);
    await drawer.getByRole('combobox', { name: '用户ID' }).fill('admin');
    await page.getByRole('option', { name: /^admin\b/ }).click();
    await drawer.getByLabel('第 1 级分类').click();
    await page.getByRole('option', { name: category.title }).click();
    await snap(page, 'spider-publish-drawer');
    await drawer.getByRole('button', { name: '提交发布' }).click();
    await expect.poll(() => page.getByText('加入发布队列成功').count(), POLL).toBeGreaterThan(0);
    await expect
      .poll(() => rows.getByTestId('spider-document-status').allTextContents(), { timeout: 60_000, interval: 500 })
      .toEqual(['发布成功', '发布成功']);
    await snap(page, 'spider-document-desktop');
    await page.setViewportSize(PHONE);
    await snap(page, 'spider-document-phone');

    // The published document is converted and readable on the site, with its source.
    const list = await api<{ spider_document: { title: string; document_id: number; url: string }[] }>(
      'GET',
      '/spiderdocument/list?size=50',
      undefined,
      token,
    );
    const first = list.spider_document.find((d) => d.title === '第一份报告' && d.url.startsWith(siteUrl));
    expect(first?.document_id).toBeGreaterThan(0);
    let uuid = '';
    await expect
      .poll(async () => {
        const doc = await api<{ status: number; uuid: string; source: string }>(
          'GET',
          `/document?id=${first?.document_id}`,
          undefined,
          token,
        );
        uuid = doc.uuid;
        expect(doc.source).toBe(first?.url);
        return doc.status;
      }, CONVERT)
      .toBe(2);
    await page.setViewportSize(DESKTOP);
    await openApp(page, `${baseUrl()}/document/${uuid}`);
    await expect.poll(() => page.getByRole('heading', { name: '第一份报告' }).count(), POLL).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('来源').count(), POLL).toBeGreaterThan(0);
    await snap(page, 'spider-published-document');
    // Let the page's own requests finish before the site shuts down.
    await page.waitForLoadState('networkidle');
    await context.close();
  }, 240_000);

  it('crawls an article into the admin editor', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
    const page = await signInAsAdmin(context);
    await openApp(page, `${baseUrl()}/admin/article/list`);
    await page.getByRole('button', { name: '新增文章' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('button', { name: '采集文章' }).click();
    await drawer.getByLabel('文章链接').fill(`${siteUrl}/article.html`);
    await drawer.getByRole('button', { name: '采集文章' }).last().click();
    await expect.poll(() => page.getByText('采集成功').count(), POLL).toBeGreaterThan(0);
    await expect.poll(() => drawer.getByLabel('标题', { exact: true }).inputValue(), POLL).toBe('采集文章测试');
    const content = await drawer.getByLabel('内容', { exact: true }).inputValue();
    expect(content).toContain('第二段正文');
    expect(content).not.toContain('<script');
    await snap(page, 'spider-article-crawl');
    await page.setViewportSize(PHONE);
    await snap(page, 'spider-article-crawl-phone');
    await context.close();
  }, 120_000);
});
