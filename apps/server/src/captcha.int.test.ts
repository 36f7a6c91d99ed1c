import { createHash } from 'node:crypto';
import { CAPTCHA_WRONG_PER_IP } from '@wenku/domain';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { plantCaptcha } from './testing/captcha.ts';
import { type RestClient, startTestServer, type TestServer, uniqueAddress } from './testing/harness.ts';

let server: TestServer;
let admin: RestClient;

const plant = (type: string, answer: string, expiresInMs?: number) =>
  plantCaptcha(server.booted, type, answer, expiresInMs);

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
      const wrongId = await plant('login', 'abcd');
      const wrong = await server.api.post('/user/login', { username, password, captcha: 'zzzz', captcha_id: wrongId });
      expect(wrong.body.message).toBe('验证码错误');
      // A captcha is single-use: even the right answer fails after a wrong try consumed it.
      const reused = await server.api.post('/user/login', { username, password, captcha: 'abcd', captcha_id: wrongId });
      expect(reused.body.message).toBe('验证码错误');
      const goodId = await plant('login', 'Q7K2');
      const ok = await server.api.post('/user/login', { username, password, captcha: 'q7k2', captcha_id: goodId });
      expect(ok.status).toBe(200);
      const otherType = await plant('register', 'abcd');
      const mismatch = await server.api.post('/user/login', {
        username,
        password,
        captcha: 'abcd',
        captcha_id: otherType,
      });
      expect(mismatch.body.message).toBe('验证码错误');
      // An expired captcha is refused even with the right answer.
      const expired = await plant('login', 'Z9X8', -1000);
      const late = await server.api.post('/user/login', { username, password, captcha: 'z9x8', captcha_id: expired });
      expect(late.body.message).toBe('验证码错误');
    } finally {
      await admin.put('/config', { config: [{ category: 'security', name: 'enable_captcha_login', value: 'false' }] });
    }
  });

  it('draws the style of the captcha settings: digits, letters and digits, or a sum to work out', async () => {
    const hashOf = async (id: string) =>
      (await server.sql<{ answer_hash: string }>('select answer_hash from captcha where id = ?', [id]))[0]!.answer_hash;
    const matches = (id: string, hash: string, answers: string[]) =>
      answers.filter((a) => createHash('sha256').update(`${id}:${a}`).digest('hex') === hash);
    const digitAnswers = [...Array(8 ** 4).keys()].map((n) =>
      [0, 1, 2, 3].map((i) => String(2 + (Math.floor(n / 8 ** i) % 8))).join(''),
    );
    const sums = [...Array(101).keys()].map((n) => String(n - 50));
    const issue = async (style: string) => {
      await admin.put('/config', { config: [{ category: 'captcha', name: 'type', value: style }] });
      const res = await server.api.get<{ id: string; captcha: string }>('/user/captcha', { type: 'login' });
      expect(res.body.captcha).toMatch(/^data:image\/svg\+xml;base64,/);
      return { id: res.body.id, hash: await hashOf(res.body.id) };
    };
    await admin.put('/config', {
      config: [
        { category: 'security', name: 'enable_captcha_login', value: 'true' },
        { category: 'captcha', name: 'length', value: '4' },
      ],
    });
    try {
      const digit = await issue('digit');
      expect(matches(digit.id, digit.hash, digitAnswers)).toHaveLength(1);
      const math = await issue('math');
      expect(matches(math.id, math.hash, sums)).toHaveLength(1);
      // Letters and digits: the chance that four of them are all digits 2–9 is far below one in a thousand.
      const text = await issue('string');
      expect(matches(text.id, text.hash, [...digitAnswers, ...sums])).toHaveLength(0);
    } finally {
      await admin.put('/config', {
        config: [
          { category: 'security', name: 'enable_captcha_login', value: 'false' },
          { category: 'captcha', name: 'length', value: '5' },
          { category: 'captcha', name: 'type', value: 'digit' },
        ],
      });
    }
  });

  it('answers enable: false when the form needs no captcha', async () => {
    const res = await server.api.get<{ enable: boolean }>('/user/captcha', { type: 'register' });
    expect(res.body.enable).toBe(false);
  });
});

/** The digits a spoken captcha reads out, found from its stored hash (10^n tries). */
async function spokenAnswer(id: string, length: number): Promise<string> {
  const rows = await server.sql<{ answer_hash: string }>('select answer_hash from captcha where id = ?', [id]);
  const hash = rows[0]?.answer_hash;
  for (let n = 0; n < 10 ** length; n++) {
    const guess = String(n).padStart(length, '0');
    if (createHash('sha256').update(`${id}:${guess}`).digest('hex') === hash) return guess;
  }
  throw new Error('no digit answer matches');
}

describe('spoken captcha', () => {
  const setConfig = (rows: [string, string, string][]) =>
    admin.put('/config', { config: rows.map(([category, name, value]) => ({ category, name, value })) });

  it('reads digits out as a WAV that answers the login once; off by setting, limited per IP', async () => {
    await setConfig([
      ['security', 'enable_captcha_login', 'true'],
      ['captcha', 'length', '4'],
      ['captcha', 'enable_audio', 'true'],
    ]);
    try {
      const settings = await server.api.get<{ security: Record<string, unknown> }>('/settings');
      expect(settings.body.security.enable_captcha_audio).toBe(true);
      const issued = await server.api.get<{ enable: boolean; id: string; captcha: string }>('/user/captcha', {
        type: 'login',
        audio: 'zh',
      });
      expect(issued.status, JSON.stringify(issued.body)).toBe(200);
      expect(issued.body.captcha).toMatch(/^data:audio\/wav;base64,/);
      const wav = Buffer.from(issued.body.captcha.split(',')[1]!, 'base64');
      expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
      expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
      // Mono 16-bit PCM; four digits with pauses last well over a second.
      const rate = wav.readUInt32LE(24);
      const dataAt = wav.indexOf('data', 12, 'ascii');
      const samples = wav.readUInt32LE(dataAt + 4) / 2;
      expect(samples / rate).toBeGreaterThan(1.2);
      let loud = 0;
      for (let i = dataAt + 8; i + 1 < wav.length; i += 2) if (Math.abs(wav.readInt16LE(i)) > 2000) loud++;
      expect(loud).toBeGreaterThan(rate / 10);

      const { username, password } = await server.api.registerMember('spk');
      const answer = await spokenAnswer(issued.body.id, 4);
      const ok = await server.api.post('/user/login', {
        username,
        password,
        captcha: answer,
        captcha_id: issued.body.id,
      });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      const again = await server.api.post('/user/login', {
        username,
        password,
        captcha: answer,
        captcha_id: issued.body.id,
      });
      expect(again.body.message).toBe('验证码错误');

      const en = await server.api.get<{ captcha: string }>('/user/captcha', { type: 'login', audio: 'en' });
      expect(en.body.captcha).toMatch(/^data:audio\/wav;base64,/);
      expect((await server.api.get('/user/captcha', { type: 'login', audio: 'fr' })).status).toBe(400);

      await setConfig([['captcha', 'enable_audio', 'false']]);
      const off = await server.api.get<{ message: string }>('/user/captcha', { type: 'login', audio: 'zh' });
      expect(off.body.message).toBe('语音验证码未开启');
      await setConfig([['captcha', 'enable_audio', 'true']]);

      // Each spoken captcha starts a process: an IP that used up its window is refused until the window ends.
      const keys = await server.sql<{ key: string }>(`select key from rate_limit where key like 'captcha_audio:%'`);
      expect(keys.length).toBeGreaterThan(0);
      await server.sql(`update rate_limit set points = 30 where key like 'captcha_audio:%'`);
      const flooded = await server.api.get<{ message: string }>('/user/captcha', { type: 'login', audio: 'zh' });
      expect(flooded.status).toBe(429);
      expect(flooded.body.message).toBe('获取语音验证码过于频繁，请稍后再试');
      expect((await server.api.get('/user/captcha', { type: 'login' })).status).toBe(200);
    } finally {
      await server.sql(`delete from rate_limit where key like 'captcha_audio:%'`);
      await setConfig([
        ['security', 'enable_captcha_login', 'false'],
        ['captcha', 'length', '5'],
      ]);
    }
  });
});

describe('wrong captcha answers', () => {
  const forms = ['enable_captcha_login', 'enable_captcha_register', 'enable_captcha_find_password'];
  const switchForms = (on: boolean) =>
    admin.putConfig(Object.fromEntries(forms.map((f) => [`security.${f}`, String(on)])));

  /** A request of one of three forms that ask for a captcha, answering the planted captcha with `answer`. */
  async function answer(
    client: RestClient,
    form: number,
    answer: string,
    member: { username: string; password: string },
  ) {
    const type = ['login', 'register', 'find_password'][form % 3] ?? 'login';
    const captcha = { captcha: answer, captcha_id: await plant(type, '4821') };
    if (type === 'login') return client.post('/user/login', { ...member, ...captcha });
    if (type === 'register')
      return client.post('/user/register', {
        username: `cw${Date.now().toString(36)}${form}`,
        password: 'secret-123',
        email: `cw${form}${Date.now()}@example.com`,
        ...captcha,
      });
    return client.put('/user/findpassword/steptwo', {
      email: 'x@example.com',
      token: 'x',
      password: 'secret-123',
      ...captcha,
    });
  }

  it('are limited per address across every form, also in parallel; right answers cost nothing', async () => {
    const member = await server.api.registerMember('cwm');
    await switchForms(true);
    try {
      const bot = server.api.fromAddress(uniqueAddress());
      for (let i = 0; i < 25; i++) expect((await answer(bot, 0, '4821', member)).status).toBe(200);
      const results = await Promise.all(Array.from({ length: 30 }, (_, i) => answer(bot, i, '0000', member)));
      const wrong = results.filter((r) => r.status === 400 && r.body.message === '验证码错误');
      const refused = results.filter((r) => r.status === 429);
      expect(wrong).toHaveLength(CAPTCHA_WRONG_PER_IP);
      expect(refused).toHaveLength(30 - CAPTCHA_WRONG_PER_IP);
      expect(String(refused[0]?.body.message)).toMatch(/^验证码错误次数过多，请 \d+ 秒后再试$/);
      expect((await answer(bot, 0, '4821', member)).status).toBe(429);
      expect((await answer(server.api.fromAddress(uniqueAddress()), 0, '4821', member)).status).toBe(200);
    } finally {
      await switchForms(false);
    }
  });

  it('lets one captcha answer once among parallel tries', async () => {
    const member = await server.api.registerMember('cwo');
    await switchForms(true);
    try {
      const id = await plant('login', '4821');
      const client = server.api.fromAddress(uniqueAddress());
      const results = await Promise.all(
        Array.from({ length: 10 }, () => client.post('/user/login', { ...member, captcha: '4821', captcha_id: id })),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect(results.filter((r) => r.body.message === '验证码错误')).toHaveLength(9);
    } finally {
      await switchForms(false);
    }
  });
});
