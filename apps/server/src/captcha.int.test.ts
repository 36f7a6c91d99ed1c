import { createHash, randomUUID } from 'node:crypto';
import { Captcha } from '@wenku/db';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RestClient, startTestServer, type TestServer } from './testing/harness.ts';

let server: TestServer;
let admin: RestClient;

/** Plants a captcha with a known answer, stored the way the service stores it (hashed with its id). */
async function plantCaptcha(type: string, answer: string) {
  const id = randomUUID();
  const answerHash = createHash('sha256').update(`${id}:${answer.toLowerCase()}`).digest('hex');
  await server.booted.db.orm.em
    .fork()
    .insert(Captcha, { id, type, answerHash, expiresAt: new Date(Date.now() + 60_000) });
  return id;
}

beforeAll(async () => {
  server = await startTestServer({ databaseUrl: inject('databaseUrl') });
  admin = await server.api.admin();
});
afterAll(() => server.close());

describe('captcha on sign-in', () => {
  it('issues an SVG image when enabled and checks the answer once', async () => {
    await admin.put('/config', { config: [{ category: 'security', name: 'enable_captcha_login', value: 'true' }] });
    try {
      const issued = await server.api.get<{ enable: boolean; id: string; captcha: string }>('/user/captcha', {
        type: 'login',
      });
      expect(issued.body.enable).toBe(true);
      expect(issued.body.captcha).toMatch(/^data:image\/svg\+xml;base64,/);
      expect((await server.api.get('/user/captcha', { type: 'nonsense' })).status).toBe(400);

      const { username, password } = await server.api.registerMember('cap');
      const missing = await server.api.post('/user/login', { username, password });
      expect(missing.body.message).toBe('请输入验证码');
      const wrongId = await plantCaptcha('login', 'abcd');
      const wrong = await server.api.post('/user/login', { username, password, captcha: 'zzzz', captcha_id: wrongId });
      expect(wrong.body.message).toBe('验证码错误');
      // A captcha is single-use: even the right answer fails after a wrong try consumed it.
      const reused = await server.api.post('/user/login', { username, password, captcha: 'abcd', captcha_id: wrongId });
      expect(reused.body.message).toBe('验证码错误');
      const goodId = await plantCaptcha('login', 'Q7K2');
      const ok = await server.api.post('/user/login', { username, password, captcha: 'q7k2', captcha_id: goodId });
      expect(ok.status).toBe(200);
      const otherType = await plantCaptcha('register', 'abcd');
      const mismatch = await server.api.post('/user/login', {
        username,
        password,
        captcha: 'abcd',
        captcha_id: otherType,
      });
      expect(mismatch.body.message).toBe('验证码错误');
    } finally {
      await admin.put('/config', { config: [{ category: 'security', name: 'enable_captcha_login', value: 'false' }] });
    }
  });

  it('answers enable: false when the form needs no captcha', async () => {
    const res = await server.api.get<{ enable: boolean }>('/user/captcha', { type: 'register' });
    expect(res.body.enable).toBe(false);
  });
});
