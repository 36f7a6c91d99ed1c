import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, snap } from './browser.ts';

let browser: Browser;
const base = inject('baseUrl');
const adminPassword = inject('adminPassword');
const POLL = { timeout: 20_000, interval: 200 };
/** The demo documents are converted by the worker after the first start. */
const CONVERT = { timeout: 120_000, interval: 1_000 };

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as T & { message?: string };
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json.message ?? ''}`);
  return json;
}

async function signIn(context: BrowserContext, username: string, password: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.locator('#login-username').fill(username);
  await page.locator('#login-password').fill(password);
  await page.locator('#login-password').press('Enter');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 15_000 });
  return page;
}

interface ListedDocument {
  id: number;
  uuid: string;
  title: string;
  status: number;
  favorite_count: number;
}

/** A converted demo document (status 2), once the worker has finished one. */
async function convertedDemoDocument(): Promise<ListedDocument> {
  let found: ListedDocument | undefined;
  await expect
    .poll(async () => {
      const list = await api<{ document: ListedDocument[] }>('GET', '/document/list?size=20');
      found = list.document.find((d) => d.status === 2);
      return !!found;
    }, CONVERT)
    .toBe(true);
  return found!;
}

describe('favourites and comments', () => {
  it('a member favourites a document and comments; an admin approves the comment; a guest then reads it', async () => {
    const stamp = Date.now().toString(36);
    const { token: adminToken } = await api<{ token: string }>('POST', '/user/login', {
      username: 'admin',
      password: adminPassword,
    });
    // The comment captcha is tested on its own (integration tests); here it would only stand in the way.
    await api(
      'PUT',
      '/config',
      { config: [{ category: 'security', name: 'enable_captcha_comment', value: 'false' }] },
      adminToken,
    );
    const username = `fav${stamp}`;
    const password = 'fav-pass-1';
    await api('POST', '/user/register', { username, password, email: `${username}@example.com` });
    const doc = await convertedDemoDocument();
    const before = (await api<{ favorite_count: number }>('GET', `/document?uuid=${doc.uuid}`)).favorite_count;

    // 1. The member favourites the document: the count goes up at once and on the server.
    const memberContext = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
    const member = await signIn(memberContext, username, password);
    await member.goto(`${base}/document/${doc.uuid}`);
    await member.getByRole('heading', { name: doc.title }).waitFor();
    const favorite = member.getByTestId('favorite-button');
    await expect.poll(() => favorite.getAttribute('data-state'), POLL).toBe('off');
    await expect.poll(() => favorite.isEnabled(), POLL).toBe(true);
    expect(Number(await favorite.getByTestId('favorite-count').textContent())).toBe(before);
    await favorite.click();
    await member.getByText('收藏成功').waitFor();
    await expect.poll(() => favorite.getAttribute('data-state'), POLL).toBe('on');
    expect(Number(await favorite.getByTestId('favorite-count').textContent())).toBe(before + 1);
    await expect
      .poll(async () => (await api<{ favorite_count: number }>('GET', `/document?uuid=${doc.uuid}`)).favorite_count)
      .toBe(before + 1);

    // 2. The member comments; the default member group needs approval, so it shows as pending, and as text.
    const text = `e2e 评论 ${stamp} <b>not bold</b>`;
    const comments = member.getByTestId('comments');
    const form = comments.getByTestId('comment-form');
    await form.getByPlaceholder('请输入评论内容').waitFor();
    await form.getByText('请文明评论，理性发言.').waitFor();
    await form.getByTestId('comment-input').fill(text);
    await form.getByRole('button', { name: '发表点评' }).click();
    await member.getByText('评论成功').waitFor();
    const mine = comments.getByTestId('comment').filter({ hasText: stamp });
    await mine.getByText('(待审核)').waitFor();
    expect(await mine.getByTestId('comment-content').textContent()).toBe(text);
    expect(await mine.locator('b').count()).toBe(0);
    expect(await form.getByTestId('comment-input').inputValue()).toBe('');
    await mine.scrollIntoViewIfNeeded();
    await snap(member, 'interactions-document-comments');

    // A guest does not see it yet.
    const guestContext = await browser.newContext({ viewport: PHONE, locale: 'zh-CN', isMobile: true, hasTouch: true });
    const guest = await guestContext.newPage();
    await guest.goto(`${base}/document/${doc.uuid}`);
    await guest.getByTestId('comment-login').waitFor();
    await expect.poll(() => guest.getByTestId('comments').getByText(stamp).count(), POLL).toBe(0);

    // 3. An admin approves it on /admin/comment.
    const adminContext = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
    const admin = await signIn(adminContext, 'admin', adminPassword);
    await admin.goto(`${base}/admin/comment?wd=${encodeURIComponent(stamp)}`);
    const row = admin.getByRole('row').filter({ hasText: stamp });
    await row.getByText('待审核').waitFor();
    await row.getByRole('link', { name: doc.title }).waitFor();
    await snap(admin, 'interactions-admin-comments');
    await row.getByRole('button', { name: '审核通过' }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
    await admin.getByText('【审核通过】操作成功').waitFor();
    await row.getByText('已通过').waitFor();

    // 4. The guest now reads it, approved: no pending mark.
    await guest.reload();
    const approved = guest.getByTestId('comments').getByTestId('comment').filter({ hasText: stamp });
    await approved.waitFor();
    expect(await approved.getByText('(待审核)').count()).toBe(0);
    expect(await approved.getByTestId('comment-content').textContent()).toBe(text);
    const width = await guest.evaluate<number>('document.documentElement.scrollWidth');
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await approved.scrollIntoViewIfNeeded();
    await snap(guest, 'interactions-document-guest-phone');

    // 5. The member finds the document among their favourites.
    await member.goto(`${base}/me/favorite`);
    const favorites = member.getByTestId('my-favorites');
    const link = favorites.getByRole('link', { name: doc.title });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/document/${doc.uuid}`);
    await snap(member, 'interactions-me-favorite');

    await guestContext.close();
    await adminContext.close();
    await memberContext.close();
  }, 240_000);
});
