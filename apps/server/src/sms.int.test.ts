import { reasonText, SMS_MESSAGES } from '@wenku/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { type SmsStandIn, startAliyunSmsStandIn } from '../../../packages/domain/src/sms/providers/testing/index.ts';
import { plantCaptcha } from './testing/captcha.ts';
import { type RestClient, startTestServer, type TestServer, uniqueAddress } from './testing/harness.ts';

/**
 * SMS codes and mobile accounts (issue 7) against the Aliyun stand-in, which checks the request signature as Aliyun
 * documents it and records what it delivered: sending, cool-down and daily limits, wrong / expired / reused codes,
 * single use under concurrency, mobile sign-up, register and find password, and the masked back-office log.
 */
let server: TestServer;
let standIn: SmsStandIn;
let admin: RestClient;
let restoreConfig: () => Promise<void>;

const sql = <T>(q: string, params: unknown[] = []) => server.sql<T>(q, params);
const setConfig = (rows: Record<string, string>) => admin.putConfig(rows);
/** A number no member has: 1 + [3-9] + 9 digits. */
const newMobile = () =>
  `1${3 + Math.floor(Math.random() * 7)}${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
const LOGIN = 1;
const REGISTER = 0;
const FIND_PASSWORD = 2;

const send = (mobile: string, type: number) =>
  server.api.post<{ is_registered?: boolean; message?: string }>('/sms', { mobile, type });
/** Sends and returns the delivered code. */
async function codeFor(mobile: string, type: number): Promise<string> {
  const res = await send(mobile, type);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const code = standIn.lastCode(mobile);
  expect(code).toMatch(/^\d{6}$/);
  return code ?? '';
}
/** Lets the next code to a number go out at once (the cool-down counts from the last send). */
const skipCooldown = (mobile: string) =>
  sql(`update sms_log set created_at = created_at - interval '2 minutes' where mobile = ?`, [mobile]);
const loginMobile = (mobile: string, code: string) =>
  server.api.post<{ token: string; user: { id: number; username: string; mobile: string }; message?: string }>(
    '/user/login/mobile',
    {
      mobile,
      code,
    },
  );

beforeAll(async () => {
  standIn = await startAliyunSmsStandIn();
  server = await startTestServer({ databaseUrl: inject('databaseUrl'), worker: false });
  restoreConfig = await server.snapshotConfig();
  admin = await server.api.admin();
  const provider = standIn.settings();
  const keys = ['access_key_id', 'access_key_secret', 'sign_name', 'endpoint', 'template_register', 'template_login'];
  await setConfig({
    ...Object.fromEntries(
      [...keys, 'template_find_password'].map((k) => [`smsAliyun.${k}`, provider(`smsAliyun.${k}`)]),
    ),
    'system.enable_sms': 'true',
    'sms.sms_provider': 'smsAliyun',
    'sms.cooldown_seconds': '60',
    'sms.daily_limit_per_mobile': '0',
    'sms.daily_limit_per_ip': '0',
    'sms.code_ttl_minutes': '10',
    'security.enable_captcha_login': 'false',
    'security.enable_captcha_register': 'false',
    'security.enable_captcha_find_password': 'false',
    'security.enable_register': 'true',
    'security.enable_register_review': 'false',
  });
}, 120_000);

afterAll(async () => {
  await restoreConfig();
  await server.close();
  await standIn.close();
});

beforeEach(() => standIn.failWith(null));

describe('sending codes', () => {
  it('delivers a 6-digit code through the provider with the purpose template and records the send, hashed', async () => {
    const mobile = newMobile();
    const res = await send(mobile, LOGIN);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ is_registered: false });
    const delivered = standIn.delivered.filter((d) => d.mobile === mobile);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.code).toMatch(/^\d{6}$/);
    expect(delivered[0]?.template).toBe('TPL_LOGIN');
    const rows = await sql<{ status: number; provider: string; code_hash: string; response: string; type: number }>(
      'select status, provider, code_hash, response, type from sms_log where mobile = ?',
      [mobile],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 1, provider: 'smsAliyun', type: LOGIN });
    expect(rows[0]?.code_hash).not.toContain(delivered[0]?.code ?? 'x');
    expect(rows[0]?.response).toContain('OK');
  });

  it("asks for the form's captcha when its security switch is on, and sends nothing without it", async () => {
    await setConfig({ 'security.enable_captcha_find_password': 'true' });
    try {
      const mobile = newMobile();
      await loginMobile(mobile, await codeFor(mobile, LOGIN));
      await skipCooldown(mobile);
      const before = standIn.delivered.length;
      const missing = await send(mobile, FIND_PASSWORD);
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe(reasonText('captcha.required'));
      /** Asks for a find-password code with a captcha of `form` whose answer is 4821, answered with `answer`. */
      const sendWith = async (form: string, answer: string) =>
        server.api.post<{ message: string }>('/sms', {
          mobile,
          type: FIND_PASSWORD,
          captcha: answer,
          captcha_id: await plantCaptcha(server.booted, form, '4821'),
        });
      expect((await sendWith('find_password', '0000')).body.message).toBe(reasonText('captcha.wrong'));
      // A captcha of another form does not pass either.
      expect((await sendWith('login', '4821')).body.message).toBe(reasonText('captcha.wrong'));
      expect(standIn.delivered.length).toBe(before);
      const ok = await sendWith('find_password', '4821');
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(standIn.delivered.length).toBe(before + 1);
    } finally {
      await setConfig({ 'security.enable_captcha_find_password': 'false' });
    }
  });

  it('refuses a second code within the cool-down, then sends once it has passed', async () => {
    const mobile = newMobile();
    await codeFor(mobile, LOGIN);
    const again = await send(mobile, REGISTER);
    expect(again.status).toBe(429);
    expect(String(again.body.message)).toMatch(/^发送太频繁，请 \d+ 秒后再试$/);
    await skipCooldown(mobile);
    expect((await send(mobile, REGISTER)).status).toBe(200);
  });

  it('holds the cool-down against a burst of parallel sends', async () => {
    const mobile = newMobile();
    const results = await Promise.all(Array.from({ length: 30 }, () => send(mobile, LOGIN)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 429)).toHaveLength(29);
    expect(standIn.delivered.filter((d) => d.mobile === mobile)).toHaveLength(1);
  });

  it('holds the daily limits per number and per IP against bursts of parallel sends', async () => {
    await setConfig({ 'sms.cooldown_seconds': '0', 'sms.daily_limit_per_mobile': '3', 'sms.daily_limit_per_ip': '4' });
    try {
      const mobile = newMobile();
      const client = server.api.fromAddress(uniqueAddress());
      const toOne = await Promise.all(Array.from({ length: 30 }, () => client.post('/sms', { mobile, type: LOGIN })));
      expect(toOne.filter((r) => r.status === 200)).toHaveLength(3);
      expect(standIn.delivered.filter((d) => d.mobile === mobile)).toHaveLength(3);
      const spreader = server.api.fromAddress(uniqueAddress());
      const mobiles = Array.from({ length: 30 }, () => newMobile());
      const toMany = await Promise.all(mobiles.map((m) => spreader.post('/sms', { mobile: m, type: LOGIN })));
      expect(toMany.filter((r) => r.status === 200)).toHaveLength(4);
      expect(toMany.filter((r) => r.status === 429)).toHaveLength(26);
      expect(standIn.delivered.filter((d) => mobiles.includes(d.mobile))).toHaveLength(4);
    } finally {
      await setConfig({
        'sms.cooldown_seconds': '60',
        'sms.daily_limit_per_mobile': '0',
        'sms.daily_limit_per_ip': '0',
      });
    }
  });

  it('enforces the daily limits per number and per IP (0 = unlimited)', async () => {
    await setConfig({ 'sms.daily_limit_per_mobile': '2' });
    try {
      const mobile = newMobile();
      await codeFor(mobile, LOGIN);
      await skipCooldown(mobile);
      await codeFor(mobile, LOGIN);
      await skipCooldown(mobile);
      const third = await send(mobile, LOGIN);
      expect(third.status).toBe(429);
      expect(third.body.message).toBe(reasonText(SMS_MESSAGES.dailyLimitMobile));
    } finally {
      await setConfig({ 'sms.daily_limit_per_mobile': '0' });
    }

    const first = newMobile();
    await codeFor(first, LOGIN);
    const [row] = await sql<{ ip: string }>('select ip from sms_log where mobile = ?', [first]);
    const [{ n } = { n: 0 }] = await sql<{ n: number }>(
      `select count(*)::int as n from sms_log where ip = ? and created_at > now() - interval '1 day'`,
      [row?.ip],
    );
    await setConfig({ 'sms.daily_limit_per_ip': String(n + 1) });
    try {
      await codeFor(newMobile(), LOGIN);
      const over = await send(newMobile(), LOGIN);
      expect(over.status).toBe(429);
      expect(over.body.message).toBe(reasonText(SMS_MESSAGES.dailyLimitIp));
    } finally {
      await setConfig({ 'sms.daily_limit_per_ip': '0' });
    }
  });

  it('validates the number, and is off unless SMS is enabled', async () => {
    const bad = await send('12345678901', LOGIN);
    expect(bad.status).toBe(400);
    expect(String(bad.body.message)).toContain('请输入正确的手机号码');
    await setConfig({ 'system.enable_sms': 'false' });
    try {
      const off = await send(newMobile(), LOGIN);
      expect(off.status).toBe(403);
      expect(off.body.message).toBe(reasonText(SMS_MESSAGES.smsDisabled));
    } finally {
      await setConfig({ 'system.enable_sms': 'true' });
    }
  });

  it('records a provider refusal as failed and voids its code', async () => {
    const mobile = newMobile();
    standIn.failWith({ code: 'isv.BUSINESS_LIMIT_CONTROL', message: '触发号码天级流控' });
    const res = await send(mobile, LOGIN);
    expect(res.status).toBe(500);
    expect(res.body.message).toBe(reasonText(SMS_MESSAGES.sendFailed));
    const [row] = await sql<{ status: number; error: string; used_at: Date | null }>(
      'select status, error, used_at from sms_log where mobile = ?',
      [mobile],
    );
    expect(row?.status).toBe(2);
    expect(row?.error).toContain('BUSINESS_LIMIT_CONTROL');
    expect(row?.used_at).not.toBeNull();
  });
});

describe('codes', () => {
  it('refuses a wrong code, and voids a code after five wrong guesses', async () => {
    const mobile = newMobile();
    const code = await codeFor(mobile, LOGIN);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await loginMobile(mobile, wrong);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: reasonText(SMS_MESSAGES.codeWrong) });
    }
    expect((await loginMobile(mobile, code)).status).toBe(400);
  });

  it('refuses an expired code', async () => {
    const mobile = newMobile();
    const code = await codeFor(mobile, LOGIN);
    await sql(`update sms_log set created_at = now() - interval '11 minutes' where mobile = ?`, [mobile]);
    const res = await loginMobile(mobile, code);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: reasonText(SMS_MESSAGES.codeExpired) });
  });

  it('refuses a code of another purpose, and a reused code', async () => {
    const mobile = newMobile();
    const code = await codeFor(mobile, REGISTER);
    expect((await loginMobile(mobile, code)).status).toBe(400);
    await skipCooldown(mobile);
    const login = await codeFor(mobile, LOGIN);
    expect((await loginMobile(mobile, login)).status).toBe(200);
    const again = await loginMobile(mobile, login);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ message: reasonText(SMS_MESSAGES.codeWrong) });
  });

  it('checks a burst of 30 parallel wrong guesses against one code no more than five times', async () => {
    const mobile = newMobile();
    const code = await codeFor(mobile, REGISTER);
    const wrong = code === '000000' ? '111111' : '000000';
    const results = await Promise.all(
      Array.from({ length: 30 }, () => server.api.post('/user/register/mobile', { mobile, code: wrong })),
    );
    expect(results.every((r) => r.status === 400 && r.body.message === reasonText(SMS_MESSAGES.codeWrong))).toBe(true);
    const [row] = await sql<{ attempts: number }>('select attempts from sms_log where mobile = ?', [mobile]);
    expect(row?.attempts).toBe(5);
    expect((await server.api.post('/user/register/mobile', { mobile, code })).status).toBe(400);
  });

  it('lets one of parallel logins with one code through, and signs the number up once', async () => {
    const mobile = newMobile();
    const code = await codeFor(mobile, LOGIN);
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => loginMobile(mobile, code)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const [{ n } = { n: 0 }] = await sql<{ n: number }>('select count(*)::int as n from "user" where mobile = ?', [
      mobile,
    ]);
    expect(n).toBe(1);
  });
});

describe('code sign-ins and the sign-in budget of the account', () => {
  it('refuses the right code at an address that used up the budget with wrong passwords, not elsewhere', async () => {
    const mobile = newMobile();
    expect((await loginMobile(mobile, await codeFor(mobile, LOGIN))).status).toBe(200);
    const attacker = server.api.fromAddress(uniqueAddress());
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        attacker.post('/user/login', { username: mobile, password: `wrong-password-${i}` }),
      ),
    );
    expect(guesses.filter((r) => r.status === 400)).toHaveLength(10);
    await skipCooldown(mobile);
    const code = await codeFor(mobile, LOGIN);
    const refused = await attacker.post<{ code: string }>('/user/login/mobile', { mobile, code });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    const owner = await server.api.fromAddress(uniqueAddress()).post('/user/login/mobile', { mobile, code });
    expect(owner.status, JSON.stringify(owner.body)).toBe(200);
  });

  it('checks no more than the budget of parallel code guesses from one address', async () => {
    const mobile = newMobile();
    expect((await loginMobile(mobile, await codeFor(mobile, LOGIN))).status).toBe(200);
    const attacker = server.api.fromAddress(uniqueAddress());
    // Codes of their own run out after five guesses; a fresh code each round cannot buy more sign-in attempts.
    const statuses: number[] = [];
    for (let round = 0; round < 3; round++) {
      await skipCooldown(mobile);
      const code = await codeFor(mobile, LOGIN);
      const wrong = code === '000000' ? '111111' : '000000';
      const results = await Promise.all(
        Array.from({ length: 5 }, () => attacker.post('/user/login/mobile', { mobile, code: wrong })),
      );
      statuses.push(...results.map((r) => r.status));
    }
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });
});

describe('mobile accounts', () => {
  it('signs an unknown number up with a random password (not the code), the default group and the award', async () => {
    const mobile = newMobile();
    const code = await codeFor(mobile, LOGIN);
    const res = await loginMobile(mobile, code);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.token).not.toBe('');
    expect(res.body.user.mobile).toBe(mobile);
    expect(res.body.user.username).toMatch(new RegExp(`^u${mobile.slice(-4)}[0-9a-f]{6}$`));
    const me = await server.api.withToken(res.body.token).get<{ group_id: number[]; credit_count: number }>('/user');
    expect(me.body.group_id.length).toBe(1);
    const [award] = await sql<{ value: string }>(
      `select value from config where category = 'score' and name = 'register'`,
    );
    expect(me.body.credit_count).toBe(Math.max(0, Number(award?.value ?? 0)));
    for (const username of [res.body.user.username, mobile]) {
      const byCode = await server.api.post('/user/login', { username, password: code });
      expect(byCode.status).toBe(400);
      expect(byCode.body.message).toBe(reasonText('auth.bad_credentials'));
    }

    // The next code to the same number signs in to the same account.
    await skipCooldown(mobile);
    const second = await codeFor(mobile, LOGIN);
    const [row] = await sql<{ user_id: number }>('select user_id from sms_log where mobile = ? order by id desc', [
      mobile,
    ]);
    expect(row?.user_id).toBe(res.body.user.id);
    const again = await loginMobile(mobile, second);
    expect(again.body.user.id).toBe(res.body.user.id);
  });

  it('lets a mobile sign-up set its first password without the old one, then asks for it as usual', async () => {
    const mobile = newMobile();
    const res = await loginMobile(mobile, await codeFor(mobile, LOGIN));
    const member = server.api.withToken(res.body.token);
    expect((res.body.user as unknown as { password_set: boolean }).password_set).toBe(false);
    const first = await member.put<{ token: string }>('/user/password', { new_password: 'chosen-123' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const signedIn = await server.api.post<{ user: { password_set: boolean } }>('/user/login', {
      username: mobile,
      password: 'chosen-123',
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.password_set).toBe(true);
    const again = await server.api.withToken(first.body.token).put('/user/password', { new_password: 'another-123' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(reasonText('users.old_password_wrong'));
    // Accounts with a chosen password always need the old one.
    const other = await server.api.registerMember('pw');
    expect((await other.client.put('/user/password', { new_password: 'x-123456' })).status).toBe(400);
  });

  it('answers is_registered for a known number and refuses a disabled account', async () => {
    const mobile = newMobile();
    const first = await loginMobile(mobile, await codeFor(mobile, LOGIN));
    await skipCooldown(mobile);
    const res = await send(mobile, LOGIN);
    expect(res.body).toEqual({ is_registered: true });
    expect((await admin.put('/user', { id: first.body.user.id, status: 1 })).status).toBe(200);
    const refused = await loginMobile(mobile, standIn.lastCode(mobile) ?? '');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(reasonText('auth.account_disabled'));
  });

  it('registers a number with or without a password, once', async () => {
    const mobile = newMobile();
    const code = await codeFor(mobile, REGISTER);
    const res = await server.api.post<{ token: string; user: { username: string } }>('/user/register/mobile', {
      mobile,
      code,
      password: 'mobile-123',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.token).not.toBe('');
    expect((await server.api.post('/user/login', { username: mobile, password: 'mobile-123' })).status).toBe(200);

    await skipCooldown(mobile);
    const taken = await send(mobile, REGISTER);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(reasonText(SMS_MESSAGES.mobileTaken));

    const other = newMobile();
    const code2 = await codeFor(other, REGISTER);
    const noPassword = await server.api.post('/user/register/mobile', { mobile: other, code: code2, password: '' });
    expect(noPassword.status).toBe(200);
    expect((await server.api.post('/user/login', { username: other, password: code2 })).status).toBe(400);

    await setConfig({ 'security.enable_register': 'false' });
    try {
      const closed = await send(newMobile(), REGISTER);
      expect(closed.status).toBe(403);
      expect(closed.body.message).toBe(reasonText('auth.register_closed'));
    } finally {
      await setConfig({ 'security.enable_register': 'true' });
    }
  });

  it('finds a password by mobile: sets it, ends every session, and the code works once', async () => {
    const mobile = newMobile();
    const signup = await loginMobile(mobile, await codeFor(mobile, LOGIN));
    const member = server.api.withToken(signup.body.token);
    expect((await member.put('/user/profile', { signature: '找回前' })).status).toBe(200);

    await skipCooldown(mobile);
    const code = await codeFor(mobile, FIND_PASSWORD);
    const res = await server.api.post('/user/findpassword/mobile', { mobile, code, password: 'found-456' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await member.put('/user/profile', { signature: '找回后' })).status).toBe(401);
    expect((await server.api.post('/user/login', { username: mobile, password: 'found-456' })).status).toBe(200);
    const reuse = await server.api.post('/user/findpassword/mobile', { mobile, code, password: 'other-789' });
    expect(reuse.status).toBe(400);
  });

  it('sends nothing to find the password of an unknown number, with the same answer', async () => {
    const mobile = newMobile();
    const res = await send(mobile, FIND_PASSWORD);
    expect(res.status).toBe(200);
    expect(standIn.lastCode(mobile)).toBeUndefined();
    // A registered number gets exactly the same answer.
    const known = newMobile();
    await loginMobile(known, await codeFor(known, LOGIN));
    await skipCooldown(known);
    const registered = await send(known, FIND_PASSWORD);
    expect(registered.status).toBe(200);
    expect(registered.body).toEqual(res.body);
    const [row] = await sql<{ status: number }>('select status from sms_log where mobile = ?', [mobile]);
    expect(row?.status).toBe(2);
  });
});

describe('back office', () => {
  it('lists and shows sends with the code masked, filtered', async () => {
    const mobile = newMobile();
    await codeFor(mobile, LOGIN);
    const list = await admin.get<{ total: number; sms: Record<string, unknown>[] }>('/sms/list', {
      mobile,
      type: [LOGIN],
      status: [1],
    });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.total).toBe(1);
    const item = list.body.sms[0] ?? {};
    expect(item).toMatchObject({ mobile, code: '******', type: LOGIN, status: 1, provider: 'smsAliyun' });
    expect(item).not.toHaveProperty('code_hash');
    expect(JSON.stringify(list.body)).not.toContain(standIn.lastCode(mobile) ?? 'none');
    const none = await admin.get<{ total: number }>('/sms/list', { mobile, type: [REGISTER] });
    expect(none.body.total).toBe(0);
    const one = await admin.get('/sms', { id: item.id });
    expect(one.body).toMatchObject({ id: item.id, code: '******' });
  });

  it('is closed to members and anonymous callers', async () => {
    const m = await server.api.registerMember('sms');
    expect((await m.client.get('/sms/list')).status).toBe(403);
    expect((await server.api.get('/sms/list')).status).toBe(401);
    expect((await m.client.get('/sms', { id: 1 })).status).toBe(403);
  });
});
