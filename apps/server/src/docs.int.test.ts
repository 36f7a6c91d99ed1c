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
