import type { AddressInfo } from 'node:net';
import { appRouter } from '@wenku/api';
import express from 'express';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RestClient, startTestServer, type TestServer } from './testing/harness.ts';
import { createTrpcHandler } from './trpc.ts';

// The fast path of /api/trpc (trpc.ts) must answer exactly as tRPC's own adapter: this test sends the same requests
// to the app (fast path on) and to a bare Express app mounting the same handler with the switch off (TRPC_FAST_PATH=0:
// tRPC's adapter for every request) on the same database, and compares the answers. After a tRPC upgrade
// (packages/api/src/trpc-internals.ts) this is the test that says whether the fast path still holds.
let server: TestServer;
let stock: { url: string; close(): Promise<void> };
let admin: RestClient;
let member: RestClient;
let parentId: number;
const uniq = Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  server = await startTestServer({ databaseUrl: inject('databaseUrl') });
  const app = express();
  app.set('trust proxy', 'loopback');
  app.use('/api/trpc', createTrpcHandler(server.booted, appRouter, { fastPath: false }));
  const listener = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  stock = {
    url: `http://127.0.0.1:${(listener.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => listener.close(() => resolve())),
  };
  admin = await server.api.admin();
  member = (await server.api.registerMember('trpc')).client;
  const parent = await admin.post<{ category: { id: number }[] }>('/category', { title: `快${uniq}` });
  parentId = parent.body.category[0]?.id as number;
  await admin.post('/category', { title: `快甲${uniq}\n快乙${uniq}`, parent_id: parentId });
  const hidden = await admin.post<{ category: { id: number; title: string }[] }>('/category', {
    title: `快丙${uniq}`,
    parent_id: parentId,
  });
  const c = hidden.body.category[0] as { id: number; title: string };
  await admin.put('/category', { id: c.id, title: c.title, enable: false });
});
afterAll(async () => {
  await stock?.close();
  await server?.close();
});

const q = (path: string, input?: unknown, extra = '') =>
  `/api/trpc/${path}?${input === undefined ? '' : `input=${encodeURIComponent(JSON.stringify(input))}`}${extra}`;

async function both(path: string, init: { headers?: Record<string, string>; method?: string } = {}) {
  const [a, b] = await Promise.all(
    [server.url, stock.url].map(async (base) => {
      // Compression is the app's, around every answer (web-delivery.int.test.ts): tRPC's own answer is compared.
      const res = await fetch(base + path, { ...init, headers: { ...init.headers, 'accept-encoding': 'identity' } });
      return {
        status: res.status,
        type: res.headers.get('content-type'),
        vary: res.headers.get('vary')?.replace(/, Accept-Encoding$/i, '') ?? null,
        body: await res.text(),
        // tRPC's adapter streams every body (chunked); the fast path sends it whole.
        whole: res.headers.has('content-length'),
      };
    }),
  );
  const { whole, ...fast } = a as NonNullable<typeof a>;
  const { whole: offWhole, ...theirs } = b as NonNullable<typeof b>;
  return { fast, stock: theirs, lean: whole, offLean: offWhole };
}

describe('/api/trpc answers as tRPC does', () => {
  const auth = (c: RestClient) => ({ authorization: `Bearer ${c.token}` });
  const batch = (paths: string, input?: unknown) =>
    `/api/trpc/${paths}?batch=1${input === undefined ? '' : `&input=${encodeURIComponent(JSON.stringify(input))}`}`;
  // name, path, headers, expected status, answered by the fast path
  const cases: [string, () => string, () => Record<string, string>, number, boolean][] = [
    ['a query', () => q('category.list', { parent_id: [parentId] }), () => ({}), 200, true],
    ['a paged query', () => q('category.list', { parent_id: [parentId], size: 1, page: 2 }), () => ({}), 200, true],
    ['a query without input', () => q('system.settings'), () => ({}), 200, true],
    ['a query as an administrator', () => q('category.list', { parent_id: [parentId] }), () => auth(admin), 200, true],
    ['invalid input', () => q('category.list', { type: ['x'] }), () => ({}), 400, true],
    ['a domain error', () => q('category.get', { id: 2_000_000_000 }), () => ({}), 404, true],
    ['a permission procedure anonymously', () => q('system.listConfig', {}), () => ({}), 401, true],
    ['a permission procedure as a member', () => q('system.listConfig', {}), () => auth(member), 403, true],
    ['a member procedure signed in', () => q('article.canPublish', {}), () => auth(member), 200, true],
    ['a bad token', () => q('article.canPublish', {}), () => ({ authorization: 'Bearer x.y.z' }), 401, true],
    ['a batch', () => batch('category.list,system.settings', { 0: { parent_id: [parentId] } }), () => ({}), 200, true],
    [
      'a batch with one failure',
      () => batch('category.get,category.list', { 0: { id: 2_000_000_000 }, 1: { parent_id: [parentId] } }),
      () => ({}),
      207,
      true,
    ],
    ['a batch without input', () => batch('system.settings,system.settings'), () => ({}), 200, true],
    ['a batch whose input is no object', () => `${batch('category.list')}&input=%5B1%5D`, () => ({}), 400, false],
    ['an unknown procedure', () => q('category.nope', {}), () => ({}), 404, false],
    ['a mutation sent as GET', () => q('category.create', { title: 'x' }), () => ({}), 405, false],
    ['input that is not JSON', () => '/api/trpc/category.list?input=%7Bnope', () => ({}), 400, false],
    ['a bad path encoding', () => '/api/trpc/category.list%E0%A4%A?input=%7B%7D', () => ({}), 400, false],
    [
      'a streaming batch',
      () => batch('system.settings', {}),
      () => ({ 'trpc-accept': 'application/jsonl' }),
      200,
      false,
    ],
  ];
  for (const [name, path, headers, status, lean] of cases) {
    it(name, async () => {
      const r = await both(path(), { headers: headers() });
      expect(r.fast).toEqual(r.stock);
      expect(r.fast.status).toBe(status);
      expect(r.lean).toBe(lean);
      // Switched off, nothing takes the fast path: every answer is tRPC's adapter's (streamed, no length).
      expect(r.offLean).toBe(false);
    });
  }

  it('leaves mutations to tRPC', async () => {
    const init = {
      method: 'POST',
      headers: { ...auth(member), 'content-type': 'application/json' },
    };
    const r = await both('/api/trpc/system.listConfig', init);
    expect(r.fast).toEqual(r.stock);
    expect(r.lean).toBe(false);
  });

  it('gives the list ISO dates, as the single category', async () => {
    const list = JSON.parse((await both(q('category.list', { parent_id: [parentId] }))).fast.body);
    const first = list.result.data.category[0];
    const one = await server.api.get<{ created_at: string; updated_at: string }>('/category', { id: first.id });
    expect(first.created_at).toBe(one.body.created_at);
    expect(first.updated_at).toBe(one.body.updated_at);
    expect(first.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});
