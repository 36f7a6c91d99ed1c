import { REASONS_EN, reasonText } from '@wenku/shared';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { RestClient, startTestServer, type TestServer, uniqueAddress } from './testing/harness.ts';

/**
 * Errors a client tells apart without reading Chinese (issue 21): the wire carries the reason's key and parameters,
 * and the message is worded in the language the request asks for; without one it is moredoc's Chinese text.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ databaseUrl: inject('databaseUrl') });
});
afterAll(() => server.close());

const client = (language?: string) =>
  new RestClient(server.url, '', language ? { 'accept-language': language } : {}).fromAddress(uniqueAddress());

type Wire = { code?: string; message?: string; reason?: string; params?: Record<string, unknown> };

async function trpcLogin(language: string | undefined, username: string, password: string) {
  const res = await fetch(`${server.url}/api/trpc/user.login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(language ? { 'accept-language': language } : {}) },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as { error: { message: string; data: { wenku: Wire } } };
  return { status: res.status, error: body.error };
}

describe('a failed sign-in', () => {
  it('answers REST in English with the key when English is asked for, in moredoc Chinese otherwise', async () => {
    const { username } = await server.api.registerMember('rsn');
    const en = await client('en-GB,en;q=0.9').post<Wire>('/user/login', { username, password: 'wrong-password' });
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Incorrect username or password',
      reason: 'auth.bad_credentials',
    });
    const zh = await client().post<Wire>('/user/login', { username, password: 'wrong-password' });
    expect(zh.status).toBe(400);
    expect(zh.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: '用户名或密码错误',
      reason: 'auth.bad_credentials',
    });
    const zhAsked = await client('zh-CN').post<Wire>('/user/login', { username, password: 'wrong-password' });
    expect(zhAsked.body.message).toBe(reasonText('auth.bad_credentials'));
  });

  it('answers tRPC the same way, with the reason in data.wenku', async () => {
    const { username } = await server.api.registerMember('rsn');
    const en = await trpcLogin('en', username, 'wrong-password');
    expect(en.status).toBe(400);
    expect(en.error.message).toBe(REASONS_EN['auth.bad_credentials']);
    expect(en.error.data.wenku).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Incorrect username or password',
      reason: 'auth.bad_credentials',
    });
    const zh = await trpcLogin(undefined, username, 'wrong-password');
    expect(zh.error.message).toBe('用户名或密码错误');
    expect(zh.error.data.wenku.reason).toBe('auth.bad_credentials');
  });

  it('carries the parameters of a reason that has them, and the default reason of a bare 401', async () => {
    const member = await server.api.registerMember('rsn');
    const denied = await new RestClient(server.url, member.client.token, { 'accept-language': 'en' }).get<Wire>(
      '/attachment',
      { id: 1 },
    );
    expect(denied.status).toBe(403);
    expect(denied.body.reason).toBe('auth.permission_denied');
    expect(typeof denied.body.params?.title).toBe('string');
    expect(denied.body.message).toBe(`You do not have the permission “${denied.body.params?.title}”`);
    const anonymous = await client('en').get<Wire>('/attachment', { id: 1 });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'auth.unauthenticated' });
    expect(anonymous.body.message).toBe(REASONS_EN['auth.unauthenticated']);
  });
});
