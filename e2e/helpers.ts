import type { BrowserContext, Page } from 'playwright-core';
import { expect, inject } from 'vitest';

/**
 * What the browser tests share for talking to the site under test (global-setup.ts): the REST API, members,
 * settings, documents and signing in through the login page.
 */
export const POLL = { timeout: 20_000, interval: 200 };
/** Conversion runs in the worker: give it time. */
export const CONVERT = { timeout: 120_000, interval: 1_000 };

export const baseUrl = () => inject('baseUrl');
/** The administrator's password global-setup.ts gave the site. */
export const adminPassword = () => inject('adminPassword');

/** A call to `/api/v1`; a non-2xx answer throws with the server's message. */
export async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl()}/api/v1${path}`, {
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

export const adminToken = async () =>
  (await api<{ token: string }>('POST', '/user/login', { username: 'admin', password: adminPassword() })).token;

export interface ConfigEntry {
  category: string;
  name: string;
  value: string;
}

/** Changes site settings through the back office's `PUT /config`. */
export async function setConfig(token: string, config: ConfigEntry[]) {
  await api('PUT', '/config', { config }, token);
}

/**
 * Runs `fn` with the settings changed and puts the previous values back afterwards, even when `fn` fails, so the
 * other tests on the same site are unaffected.
 */
export async function withConfig<T>(token: string, config: ConfigEntry[], fn: () => Promise<T>): Promise<T> {
  const previous: ConfigEntry[] = [];
  for (const category of new Set(config.map((c) => c.category))) {
    const { config: rows } = await api<{ config: ConfigEntry[] }>(
      'GET',
      `/config/list?category=${encodeURIComponent(category)}`,
      undefined,
      token,
    );
    for (const c of config.filter((e) => e.category === category)) {
      const row = rows.find((r) => r.name === c.name);
      if (row) previous.push({ category, name: c.name, value: row.value });
    }
  }
  await setConfig(token, config);
  try {
    return await fn();
  } finally {
    await setConfig(token, previous);
  }
}

export interface Member {
  id: number;
  username: string;
  password: string;
  token: string;
}

/** A new member, registered through the API with a unique name starting with `prefix`. */
export async function register(prefix: string, password = 'e2e-pass-1'): Promise<Member> {
  const username = `${prefix}${Date.now().toString(36)}`;
  const r = await api<{ token: string; user: { id: number } }>('POST', '/user/register', {
    username,
    password,
    email: `${username}@example.com`,
  });
  return { id: r.user.id, username, password, token: r.token };
}

/** Signs in on /login in a new page of `context` and waits to leave the login page. */
export async function signIn(context: BrowserContext, username: string, password: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/login`);
  await page.locator('#login-username').fill(username);
  await page.locator('#login-password').fill(password);
  await page.locator('#login-password').press('Enter');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 15_000 });
  return page;
}

/** Signs the administrator in on /login in a new page of `context`. */
export const signInAsAdmin = (context: BrowserContext): Promise<Page> => signIn(context, 'admin', adminPassword());

/** Signs out through the user menu (spec §4 logout) and waits for 退出成功. */
export async function signOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await page.getByText('退出成功').waitFor();
}

export interface ListedDocument {
  id: number;
  uuid: string;
  title: string;
  description: string;
  status: number;
  favorite_count: number;
  recommend_at: string | null;
}

/** The newest converted document (status 2), once the worker has converted one (the demo ones at first). */
export async function firstConvertedDocument(): Promise<ListedDocument> {
  let found: ListedDocument | undefined;
  await expect
    .poll(async () => {
      const list = await api<{ document: ListedDocument[] }>('GET', '/document/list?size=20');
      found = list.document.find((d) => d.status === 2);
      return !!found;
    }, CONVERT)
    .toBe(true);
  return found as ListedDocument;
}

/**
 * A text document uploaded by `owner` through the upload API into the first document category with children,
 * approved by an administrator and converted by the worker.
 */
export async function publishConvertedDocument(
  owner: Member,
  admin: string,
  title: string,
): Promise<{ id: number; uuid: string }> {
  const categories = await api<{ category: { id: number; parent_id: number; type: number }[] }>(
    'GET',
    '/category/list?type=0',
  );
  const leaf = categories.category.find((c) => c.parent_id > 0) ?? categories.category[0];
  const form = new FormData();
  // Unique text: the same bytes would be the same file (moredoc-facts §6.1 physical dedup).
  form.append('file', new Blob([`${title}\n\n浏览器测试文档 ${Date.now()}。\n`]), `${title}.txt`);
  const res = await fetch(`${baseUrl()}/api/v1/upload/document`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${owner.token}` },
  });
  expect(res.ok).toBe(true);
  const up = (await res.json()) as { data: { id: number } };
  const created = await api<{ document: { id: number; uuid: string; status: number }[] }>(
    'POST',
    '/document',
    {
      category_id: leaf ? [leaf.parent_id, leaf.id].filter((id) => id > 0) : [],
      document: [{ title, attachment_id: up.data.id, price: 0 }],
    },
    owner.token,
  );
  const doc = created.document[0] as { id: number; uuid: string; status: number };
  // The default member group's uploads wait for review (6); status 0 approves and queues the conversion.
  if (doc.status === 6) await api('PUT', '/document/check', { id: [doc.id], status: 0 }, admin);
  await expect
    .poll(async () => (await api<{ status: number }>('GET', `/document?uuid=${doc.uuid}`)).status, CONVERT)
    .toBe(2);
  return { id: doc.id, uuid: doc.uuid };
}

/** Uploads a picture through the back office's banner upload; answers its site path. */
export async function uploadBannerImage(token: string, png: Buffer, name = 'banner.png'): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)]), name);
  const res = await fetch(`${baseUrl()}/api/v1/upload/banner`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { data: { path: string }; message?: string };
  if (!res.ok) throw new Error(`upload banner: ${res.status} ${body.message ?? ''}`);
  return body.data.path;
}
