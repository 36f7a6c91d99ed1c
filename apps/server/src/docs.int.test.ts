import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REST_ROUTES } from './rest/v1/routes.ts';
import { startTestServer, type TestServer } from './testing/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ databaseUrl: inject('databaseUrl') });
});
afterAll(() => server.close());

describe('API reference', () => {
  it('describes every /api/v1 route in the OpenAPI document, with query arrays exploded', async () => {
    const res = await server.api.call<{
      openapi: string;
      paths: Record<string, Record<string, { parameters?: { name: string; explode?: boolean }[] }>>;
    }>('GET', '/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    for (const r of REST_ROUTES)
      expect(res.body.paths[`/api/v1${r.path}`]?.[r.method.toLowerCase()], `${r.method} ${r.path}`).toBeTruthy();
    const typeParam = res.body.paths['/api/v1/category/list']?.get?.parameters?.find((p) => p.name === 'type');
    expect(typeParam?.explode).toBe(true);
  });

  it('documents the upload endpoints, with the access each handler checks', async () => {
    const res = await server.api.call<{
      paths: Record<string, Record<string, { description: string; requestBody?: { content: object } }>>;
    }>('GET', '/api/v1/openapi.json');
    const upload = res.body.paths['/api/v1/upload/document']?.post;
    expect(upload?.requestBody?.content).toHaveProperty('multipart/form-data');
    expect(upload?.description).toContain('需要登录');
    for (const kind of ['avatar', 'banner', 'category', 'config', 'article'])
      expect(res.body.paths[`/api/v1/upload/${kind}`]?.post?.description, kind).toMatch(/需要(登录|权限)/);
    expect(res.body.paths['/api/v1/upload/tus']?.post).toBeTruthy();
  });

  it('says 公开 only of calls an anonymous caller may make', async () => {
    const res = await server.api.call<{ paths: Record<string, Record<string, { description: string }>> }>(
      'GET',
      '/api/v1/openapi.json',
    );
    const described = (method: string, path: string) =>
      res.body.paths[`/api/v1${path}`]?.[method.toLowerCase()]?.description ?? '';
    for (const r of REST_ROUTES) {
      if (!described(r.method, r.path).startsWith('公开。')) continue;
      const anon = await server.api.call(r.method, `/api/v1${r.path}`, {});
      expect(anon.status, `${r.method} ${r.path}`).not.toBe(401);
    }
    // Public for some inputs only: the note says when a sign-in is needed, and such an input is refused.
    const conditional: [string, string, Record<string, unknown>][] = [
      ['GET', '/user', { id: 0 }],
      ['GET', '/user/dynamic', {}],
      ['GET', '/document/download', { id: 1 }],
      ['POST', '/user/email/code', { email: 'someone@example.com', type: 'bind' }],
    ];
    for (const [method, path, input] of conditional) {
      expect(described(method, path), path).toMatch(/需要登录/);
      expect((await server.api.call(method, `/api/v1${path}`, input)).status, path).toBe(401);
    }
    expect(described('POST', '/oauth/bind')).toMatch(/^需要登录/);
    expect((await server.api.post('/oauth/bind', {})).status).toBe(401);
  });

  it('serves a readable reference page with its assets from this server', async () => {
    const page = await fetch(`${server.url}/api/docs`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger-ui-bundle.js');
    expect(await (await fetch(`${server.url}/api/docs/init.js`)).text()).toContain('/api/v1/openapi.json');
    expect((await fetch(`${server.url}/api/docs/assets/swagger-ui-bundle.js`)).status).toBe(200);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await server.api.get('/no/such/call');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
  });
});
