import { appRouter, procedureAt, procedureTable } from '@wenku/api';
import { flushSearchRecords, loadSettings, recordSearch } from '@wenku/domain';
import { reasonText } from '@wenku/shared';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { REST_ROUTES } from './rest/v1/routes.ts';
import { type RestClient, startTestServer, type TestServer } from './testing/harness.ts';

/**
 * Characters PostgreSQL text cannot hold (issue 15 item 11): a NUL or an unpaired UTF-16 half in any text field of any
 * procedure or route is a 400 with one clear message, never a 500, and nothing is written. Inputs are generated from
 * each procedure's own input schema, so every text field carries the bad character (numbers are ids nobody has).
 */
let server: TestServer;
let admin: RestClient;

beforeAll(async () => {
  server = await startTestServer({ databaseUrl: inject('databaseUrl') });
  admin = await server.api.admin();
});
afterAll(() => server.close());

const NUL = 'x\u0000y';
const LONE_SURROGATE = 'x\ud800y';
const NO_ID = 987654321;

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
};

/** A value of the schema's shape in which every string is `bad`. */
function sample(schema: JsonSchema | undefined, bad: string): unknown {
  if (!schema) return bad;
  const option = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (option) return sample(option, bad);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'string') return bad;
  if (type === 'integer' || type === 'number') return NO_ID;
  if (type === 'boolean') return true;
  if (type === 'array') return [sample(schema.items, bad)];
  if (type === 'object' || schema.properties)
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sample(v, bad)]));
  if (schema.enum?.length) return schema.enum[0];
  return bad;
}

/** The procedure's input with `bad` in every text field, and once more in a field of its own. */
function inputFor(path: string, bad: string): Record<string, unknown> {
  const schema = procedureAt(appRouter, path)?.input;
  let shaped: unknown = {};
  if (schema) {
    try {
      shaped = sample(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema, bad);
    } catch {
      shaped = {};
    }
  }
  return { ...(typeof shaped === 'object' && shaped !== null && !Array.isArray(shaped) ? shaped : {}), note: bad };
}

const procedures = [...procedureTable(appRouter)];

async function callTrpc(path: string, type: string, input: unknown) {
  const headers = { authorization: `Bearer ${admin.token}` };
  const res =
    type === 'query'
      ? await fetch(`${server.url}/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers })
      : await fetch(`${server.url}/api/trpc/${path}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(input),
        });
  const body = (await res.json()) as { error?: { data?: { wenku?: { code: string; message: string } } } };
  return { status: res.status, wire: body.error?.data?.wenku };
}

const refusal = (status: number, wire: { code?: unknown; message?: unknown } | undefined) =>
  status === 400 && wire?.code === 'VALIDATION_FAILED' && wire.message === reasonText('common.bad_characters');

describe('characters PostgreSQL text cannot hold', () => {
  it('are refused with 400 by every tRPC procedure (NUL and unpaired surrogates), as the administrator', async () => {
    const failures: string[] = [];
    for (const bad of [NUL, LONE_SURROGATE]) {
      for (const [path, def] of procedures) {
        const { status, wire } = await callTrpc(path, def.type, inputFor(path, bad));
        if (!refusal(status, wire)) failures.push(`${path} ${JSON.stringify(bad)}: ${status} ${wire?.message}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('are refused with 400 by every /api/v1 route, in the query string and the JSON body', async () => {
    const failures: string[] = [];
    for (const route of REST_ROUTES) {
      const name = typeof route.procedure === 'string' ? route.procedure : route.procedure({}, null);
      const res = await admin.call(route.method, `/api/v1${route.path}`, inputFor(name, NUL));
      if (!refusal(res.status, res.body as Record<string, unknown>))
        failures.push(`${route.method} ${route.path}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  });

  it('names the field, refuses bad object keys and nested values, and changes nothing', async () => {
    const stamp = Date.now().toString(36);
    const register = await server.api.post<{ fields: { field: string }[] }>('/user/register', {
      username: `nul${stamp}\u0000`,
      password: 'secret-123',
      email: `nul${stamp}@example.com`,
    });
    expect(register.status).toBe(400);
    expect(register.body.fields).toEqual([{ field: 'username', message: reasonText('common.bad_characters') }]);
    const rows = await server.sql('select id from "user" where email = ?', [`nul${stamp}@example.com`]);
    expect(rows).toHaveLength(0);
    const login = await server.api.post('/user/login', { username: 'admin', password: 'x\u0000' });
    expect(login.status).toBe(400);
    const key = await admin.put('/config', {
      config: [{ category: 'system', name: 'sitename', value: 'ok' }],
      'k\u0000': 1,
    });
    expect(key.status).toBe(400);
    const nested = await admin.put<{ fields: { field: string }[] }>('/config', {
      config: [{ category: 'system', name: 'sitename', value: `bad\ud800` }],
    });
    expect(nested.status).toBe(400);
    expect(nested.body.fields[0]?.field).toBe('config.0.value');
    // A lone surrogate in a raw JSON body (escaped, as JSON allows) is refused as well.
    const raw = await fetch(`${server.url}/api/v1/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username":"admin","password":"\\udc00"}',
    });
    expect(raw.status).toBe(400);
    // A batch of tRPC queries refuses the bad call only.
    const batch = await fetch(
      `${server.url}/api/trpc/category.list,category.list?batch=1&input=${encodeURIComponent(
        JSON.stringify({ 0: {}, 1: { name: NUL } }),
      )}`,
    );
    const answers = (await batch.json()) as { result?: unknown; error?: { data?: { wenku?: { message: string } } } }[];
    expect(answers[0]?.result).toBeDefined();
    expect(answers[1]?.error?.data?.wenku?.message).toBe(reasonText('common.bad_characters'));
    // Good text of every script, emoji with their surrogate pairs included, still passes.
    const ok = await server.api.get('/category/list', { name: '文库 ☃ 😀 ünïcödé' });
    expect(ok.status).toBe(200);
  });

  it('never answers 500 on the plain HTTP handlers', async () => {
    const member = (await server.api.registerMember('nulh')).client;
    const auth = { authorization: `Bearer ${member.token}` };
    const get = async (path: string) =>
      (await fetch(`${server.url}${path}`, { redirect: 'manual', headers: auth })).status;
    const failures: string[] = [];
    const expectBelow500 = (what: string, status: number) => {
      if (status >= 500) failures.push(`${what}: ${status}`);
    };
    for (const path of [
      '/view/page/x%00y/1.svg',
      '/view/page/1/1%00.svg',
      '/view/cover/x%00y',
      '/download/x%00y',
      '/sitemap/x%00y.xml',
      '/api/v1/oauth/authorize/x%00y',
      '/api/v1/oauth/officialaccount/token?signature=%00&timestamp=%00&nonce=%00&echostr=%00',
      '/api/v1/ping?name=%00',
      '/api/trpc/category.list?input=%7B%22name%22%3A%22%00%22%7D',
    ])
      expectBelow500(path, await get(path));
    for (const provider of ['alipay', 'wechatpay', 'xunhupay'])
      expectBelow500(
        `callback ${provider}`,
        (
          await fetch(`${server.url}/callback/${provider}`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: 'out_trade_no=%00&trade_status=TRADE_SUCCESS&sign=%00',
          })
        ).status,
      );
    for (const kind of ['document', 'avatar']) {
      const form = new FormData();
      const bytes =
        kind === 'document' ? new TextEncoder().encode('%PDF-1.4\n') : new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
      form.append('file', new Blob([bytes]), `a\u0000b.${kind === 'document' ? 'pdf' : 'png'}`);
      const res = await fetch(`${server.url}/api/v1/upload/${kind}`, { method: 'POST', body: form, headers: auth });
      expectBelow500(`upload ${kind}`, res.status);
    }
    expect(failures).toEqual([]);
  });

  it('refuses a file name with NUL on every upload path, as a 400', async () => {
    const member = (await server.api.registerMember('nulu')).client;
    const auth = { authorization: `Bearer ${member.token}` };
    const pdf = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n';
    // RFC 5987 names are percent-decoded by the parser: the NUL reaches the handler.
    for (const [kind, bytes] of [
      ['document', Buffer.from(pdf)],
      ['avatar', Buffer.from('89504e470d0a1a0a', 'hex')],
    ] as const) {
      const boundary = 'nulboundary';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''a%00b.${kind === 'document' ? 'pdf' : 'png'}\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await fetch(`${server.url}/api/v1/upload/${kind}`, {
        method: 'POST',
        body,
        headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(res.status, kind).toBe(400);
    }
    const tusHeaders = { ...auth, 'tus-resumable': '1.0.0' };
    const created = await fetch(`${server.url}/api/v1/upload/tus`, {
      method: 'POST',
      headers: {
        ...tusHeaders,
        'upload-length': String(Buffer.byteLength(pdf)),
        'upload-metadata': `filename ${Buffer.from('a\u0000b.pdf').toString('base64')}`,
      },
    });
    if (created.status === 201) {
      const patched = await fetch(new URL(created.headers.get('location') ?? '', `${server.url}/api/v1/upload/tus/`), {
        method: 'PATCH',
        headers: { ...tusHeaders, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        body: pdf,
      });
      expect(patched.status).toBe(400);
    } else {
      expect(created.status).toBe(400);
    }
  });
});

describe('search records', () => {
  it('keeps every row of a batch when one holds NUL or an unpaired surrogate', async () => {
    const ctx = (userAgent: string) => ({
      em: server.booted.db.orm.em.fork(),
      runtime: server.booted.runtime,
      actor: null,
      ip: '203.0.113.7',
      userAgent,
    });
    const stamp = Date.now().toString(36);
    const record = (keywords: string, userAgent = 'agent') =>
      recordSearch(ctx(userAgent), { keywords, type: 0, total: 1, page: 1, seconds: 0.1 });
    // A warm settings cache: the three records join the buffer before the flush, as one batch.
    await loadSettings(ctx(''));
    record(`nul${stamp}\u0000a`);
    record(`sur${stamp}\ud800b`, 'agent\udc00');
    record(`good${stamp}`);
    await new Promise((resolve) => setImmediate(resolve));
    await flushSearchRecords();
    const rows = await server.sql<{ keywords: string; user_agent: string }>(
      'select keywords, user_agent from search_record where keywords like ? order by keywords',
      [`%${stamp}%`],
    );
    expect(rows).toEqual([
      { keywords: `good${stamp}`, user_agent: 'agent' },
      { keywords: `nul${stamp}a`, user_agent: 'agent' },
      { keywords: `sur${stamp}b`, user_agent: 'agent' },
    ]);
  });
});
