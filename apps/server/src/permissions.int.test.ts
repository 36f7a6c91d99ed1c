import { appRouter } from '@wenku/api';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { procedureDef } from './http/openapi.ts';
import { REST_ROUTES } from './rest/v1/routes.ts';
import { type RestClient, startTestServer, type TestServer } from './testing/harness.ts';

let server: TestServer;
let member: RestClient;

beforeAll(async () => {
  server = await startTestServer({ databaseUrl: inject('databaseUrl') });
  member = (await server.api.registerMember('perm')).client;
});
afterAll(() => server.close());

interface Def {
  _def: { type: 'query' | 'mutation'; meta?: { access?: string; permission?: string } };
}
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, Def>);

async function callTrpc(path: string, type: 'query' | 'mutation', token?: string) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const res =
    type === 'query'
      ? await fetch(`${server.url}/api/trpc/${path}?input=${encodeURIComponent('{}')}`, { headers })
      : await fetch(`${server.url}/api/trpc/${path}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: '{}',
        });
  const body = (await res.json()) as { error?: { data?: { wenku?: { code: string; message: string } } } };
  return { status: res.status, wire: body.error?.data?.wenku };
}

describe('every procedure declares who may call it', () => {
  it('has access metadata everywhere and a catalogue permission on every permission procedure', () => {
    for (const [path, def] of procedures) {
      expect(def._def.meta?.access, path).toMatch(/^(public|member|permission)$/);
      if (def._def.meta?.access === 'permission') expect(def._def.meta.permission, path).toBeTruthy();
    }
  });

  it('refuses anonymous callers and plain members through tRPC with 401/403 and { code, message }', async () => {
    for (const [path, def] of procedures) {
      const access = def._def.meta?.access;
      const anon = await callTrpc(path, def._def.type, undefined);
      expect(anon.status, `anonymous ${path}`).toBeLessThan(500);
      if (access === 'member' || access === 'permission') {
        expect(anon.status, `anonymous ${path}`).toBe(401);
        expect(anon.wire?.code).toBe('UNAUTHENTICATED');
      }
      // Signing out would revoke the member's token for the rest of the loop (covered in accounts.int.test.ts).
      if (path === 'user.logout') continue;
      const asMember = await callTrpc(path, def._def.type, member.token);
      expect(asMember.status, `member ${path}`).toBeLessThan(500);
      if (access === 'permission') {
        expect(asMember.status, `member ${path}`).toBe(403);
        expect(asMember.wire?.code).toBe('FORBIDDEN');
        expect(asMember.wire?.message).toMatch(/^您没有权限访问【.+】$/);
      }
    }
  });

  it('refuses the same through every /api/v1 route', async () => {
    for (const route of REST_ROUTES) {
      const name = typeof route.procedure === 'string' ? route.procedure : route.procedure({}, null);
      const access = procedureDef(name)?._def.meta?.access;
      const anon = await server.api.call(route.method, `/api/v1${route.path}`, {});
      expect(anon.status, `anonymous ${route.method} ${route.path}`).toBeLessThan(500);
      expect(anon.body, route.path).toEqual(
        anon.status === 200
          ? expect.anything()
          : expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
      );
      if (access === 'member' || access === 'permission')
        expect(anon.status, `${route.method} ${route.path}`).toBe(401);
      if (name === 'user.logout') continue;
      const asMember = await member.call(route.method, `/api/v1${route.path}`, {});
      expect(asMember.status, `member ${route.method} ${route.path}`).toBeLessThan(500);
      if (access === 'permission') expect(asMember.status, `member ${route.method} ${route.path}`).toBe(403);
    }
  });

  it('refuses image uploads that need a permission to plain members', async () => {
    for (const kind of ['banner', 'category', 'config']) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])]), 'a.png');
      const anon = await fetch(`${server.url}/api/v1/upload/${kind}`, { method: 'POST', body: form });
      expect(anon.status).toBe(401);
      const res = await fetch(`${server.url}/api/v1/upload/${kind}`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${member.token}` },
      });
      expect(res.status).toBe(403);
    }
  });

  it('lets the administrator in everywhere the member was refused', async () => {
    const admin = await server.api.admin();
    const res = await admin.get<{ total: number }>('/permission/list');
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThan(50);
  });
});
