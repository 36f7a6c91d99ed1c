import os from 'node:os';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestServer, type TestServer } from './testing/harness.ts';

/** Issue 15 item 13: the public statistics must not fingerprint the host (kernel, OS, build) for an attacker. */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ databaseUrl: inject('databaseUrl') });
});
afterAll(() => server.close());

describe('GET /stats', () => {
  it('shows the operating system and build only to holders of 查看系统信息', async () => {
    const { client: member } = await server.api.registerMember('stats');
    for (const caller of [server.api, member]) {
      const res = await caller.get<Record<string, unknown>>('/stats');
      expect(res.status).toBe(200);
      // The wire keeps moredoc's fields, blank for the public.
      expect(res.body).toMatchObject({ os: '', hash: '', build_at: '' });
      expect(JSON.stringify(res.body)).not.toContain(os.release());
      expect(res.body.user_count).toBeGreaterThanOrEqual(1);
    }
    const admin = await server.api.admin();
    const own = await admin.get<{ os: string }>('/stats');
    expect(own.body.os).toContain(os.release());
  });
});
