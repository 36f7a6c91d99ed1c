import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, openApp, PHONE, snap, useBrowser } from './browser.ts';
import { api, baseUrl, signInAsAdmin } from './helpers.ts';

const browser = useBrowser();
let dir: string;
/** Conversion runs in the worker: give it time. */
const CONVERT = { timeout: 120_000, interval: 1_000 };
const POLL = { timeout: 20_000, interval: 200 };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wenku-e2e-docs-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
});

interface Account {
  username: string;
  password: string;
  token: string;
}

async function register(prefix: string): Promise<Account> {
  const username = `${prefix}${Date.now().toString(36)}`;
  const password = 'doc-pass-1';
  const { token } = await api<{ token: string }>('POST', '/user/register', {
    username,
    password,
    email: `${username}@example.com`,
  });
  return { username, password, token };
}

const balanceOf = async (account: Account) =>
  (await api<{ credit_count: number }>('GET', '/user?id=0', undefined, account.token)).credit_count;

async function signIn(context: BrowserContext, username: string, password: string): Promise<Page> {
  const page = await context.newPage();
  await openApp(page, `${baseUrl()}/login`);
  await page.locator('#login-username').fill(username);
  await page.locator('#login-password').fill(password);
  await page.locator('#login-password').press('Enter');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 15_000 });
  return page;
}

/** A real multi-page PDF made by LibreOffice from text, as apps/server/src/documents.int.test.ts does. */
function makePdf(name: string): string {
  const src = join(dir, `${name}.txt`);
  const lines = Array.from({ length: 160 }, (_, i) => `第 ${i + 1} 行：浏览器测试文档 browser test line ${i + 1}`);
  writeFileSync(src, lines.join('\n'));
  execFileSync(
    'soffice',
    ['--headless', `-env:UserInstallation=file://${join(dir, 'lo')}`, '--convert-to', 'pdf', '--outdir', dir, src],
    { stdio: 'ignore', timeout: 120_000 },
  );
  return join(dir, `${name}.pdf`);
}

describe('documents end to end', () => {
  it('a member uploads a PDF, an admin approves it, readers see its pages and a download moves the price', async () => {
    const stamp = Date.now().toString(36);
    const title = `e2e-doc-${stamp}`;
    const price = 2;
    const pdf = makePdf(title);
    const uploader = await register('upl');
    const reader = await register('rdr');

    // 1. The member uploads on /upload and watches the file reach "done".
    const upContext = await browser.newContext({ viewport: DESKTOP });
    const up = await signIn(upContext, uploader.username, uploader.password);
    await openApp(up, `${baseUrl()}/upload`);
    await up.getByTestId('upload-dropzone').waitFor();
    await up.setInputFiles('[data-testid=upload-input]', pdf);
    const item = up.getByTestId('upload-item');
    await expect.poll(() => item.getAttribute('data-phase'), POLL).toBe('ready');
    expect(await up.inputValue(`[id^=upload-title-]`)).toBe(title);
    await up.locator('#upload-category').click();
    await up.getByRole('option').first().click();
    await up.locator('#upload-price').fill(String(price));
    // Without the agreement nothing is sent.
    await up.getByRole('button', { name: /确定上传/ }).click();
    await up.getByText('请先阅读并同意文档上传协议').waitFor();
    await up.locator('#upload-agree').click();
    await up.getByRole('button', { name: /确定上传/ }).click();
    await expect.poll(() => item.getAttribute('data-phase'), { timeout: 60_000, interval: 100 }).toBe('done');
    await expect.poll(() => item.getByTestId('upload-status').textContent(), POLL).toContain('上传成功');
    const results = up.getByTestId('upload-results');
    await results.getByText('待审核').waitFor();
    const href = await results.getByRole('link', { name: title }).getAttribute('href');
    const uuid = href?.split('/').pop() ?? '';
    expect(uuid).toMatch(/^[0-9a-f]{16}$/);
    await up.evaluate('window.scrollTo(0, 0)');
    await snap(up, 'documents-upload-done');

    // The owner sees it pending review in 我的文档.
    await openApp(up, `${baseUrl()}/me/document`);
    await up.getByTestId('my-document').filter({ hasText: title }).getByText('待审核').waitFor();

    // 2. An admin approves it on /admin/document/list.
    const adminContext = await browser.newContext({ viewport: DESKTOP });
    const admin = await signInAsAdmin(adminContext);
    await openApp(admin, `${baseUrl()}/admin/document/list?wd=${encodeURIComponent(title)}`);
    const row = admin.getByRole('row').filter({ hasText: title });
    await row.getByText('待审核').waitFor();
    await row.getByRole('checkbox').click();
    await admin.getByRole('button', { name: '审核', exact: true }).click();
    await admin.getByRole('menuitem', { name: '审核通过' }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
    await admin.getByText('【审核通过】操作成功').waitFor();

    // The worker converts it.
    await expect
      .poll(async () => (await api<{ status: number }>('GET', `/document?uuid=${uuid}`)).status, CONVERT)
      .toBe(2);
    await admin.reload();
    await row.getByText('已转换').waitFor();
    await snap(admin, 'documents-admin-list');

    // 3. Another member reads the pages and downloads it for the price.
    const readContext = await browser.newContext({ viewport: PHONE, acceptDownloads: true });
    const read = await signIn(readContext, reader.username, reader.password);
    await openApp(read, `${baseUrl()}/document/${uuid}`);
    await read.getByRole('heading', { name: title }).waitFor();
    const firstPage = read.getByTestId('document-page').first().locator('img');
    await expect
      .poll(
        () =>
          firstPage.evaluate((img: { complete: boolean; naturalWidth: number }) => img.complete && img.naturalWidth),
        POLL,
      )
      .toBeGreaterThan(0);
    expect(await read.getByTestId('document-page').count()).toBeGreaterThan(0);
    await snap(read, 'documents-reading-phone');

    const readerBefore = await balanceOf(reader);
    const uploaderBefore = await balanceOf(uploader);
    // A paid document is bought on its order page (credits preselected); the download starts once it is paid.
    await read.getByTestId('download-button').first().click();
    await read.waitForURL(/\/order\?order_no=/);
    await read.getByTestId('pay-method-points').waitFor();
    const [download] = await Promise.all([read.waitForEvent('download'), read.getByTestId('pay-order').click()]);
    expect(download.suggestedFilename()).toBe(`${title}.pdf`);
    await expect.poll(() => balanceOf(reader), POLL).toBe(readerBefore - price);
    expect(await balanceOf(uploader)).toBe(uploaderBefore + price);

    // The purchase is listed in 我的下载.
    await openApp(read, `${baseUrl()}/me/download`);
    await read.getByTestId('my-downloads').getByText(title).waitFor();

    await readContext.close();
    await adminContext.close();
    await upContext.close();
  });

  it('two members upload the same file: the second goes up instantly after proving it holds the bytes', async () => {
    const pdf = makePdf(`e2e-same-${Date.now().toString(36)}`);
    /** Uploads `pdf` on /upload as `account`: the file's final status line and the calls the page made. */
    const uploadAs = async (account: Account) => {
      const context = await browser.newContext({ viewport: DESKTOP });
      const page = await signIn(context, account.username, account.password);
      const calls: string[] = [];
      page.on('request', (r) => {
        const path = new URL(r.url()).pathname;
        // What carries the file: the proof, the creation and the upload itself (the page's own reads such as
        // document.canUpload go alone or batched with the header's, as timing has it, and are not counted).
        if (/^\/api\/trpc\/document\.(challenge|create)$/.test(path) || path.startsWith('/api/v1/upload/'))
          calls.push(path);
      });
      await openApp(page, `${baseUrl()}/upload`);
      await page.getByTestId('upload-dropzone').waitFor();
      await page.setInputFiles('[data-testid=upload-input]', pdf);
      const item = page.getByTestId('upload-item');
      await expect.poll(() => item.getAttribute('data-phase'), POLL).toBe('ready');
      await page.locator('#upload-category').click();
      await page.getByRole('option').first().click();
      await page.locator('#upload-agree').click();
      await page.getByRole('button', { name: /确定上传/ }).click();
      await expect.poll(() => item.getAttribute('data-phase'), { timeout: 60_000, interval: 100 }).toBe('done');
      const status = await item.getByTestId('upload-status').textContent();
      await context.close();
      return { status, calls };
    };
    const first = await register('same1');
    const second = await register('same2');
    const one = await uploadAs(first);
    expect(one.status).toContain('上传成功');
    expect(one.calls).toContain('/api/v1/upload/document');
    // The second member's browser answers the server's challenge from its own copy and sends no file.
    const two = await uploadAs(second);
    expect(two.status).toContain('秒传成功');
    expect(two.calls).toEqual(['/api/trpc/document.challenge', '/api/trpc/document.create']);
    // Both members own a document of the file.
    const docsOf = async (account: Account) =>
      (await api<{ doc_count: number }>('GET', '/user?id=0', undefined, account.token)).doc_count;
    expect(await docsOf(first)).toBe(1);
    expect(await docsOf(second)).toBe(1);
  });
});
