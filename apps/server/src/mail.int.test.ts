import { createServer } from 'node:net';
import { mailsSettled } from '@wenku/domain';
import { reasonText } from '@wenku/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { type RestClient, startTestServer, type TestServer, uniqueAddress } from './testing/harness.ts';
import { type ReceivedMail, startTestSmtp, type TestSmtp } from './testing/smtp.ts';

/**
 * E-mail against a real SMTP server on loopback (issue 7): find password by link, registration codes, the test mail
 * sent when the mail settings are saved, and the limits on sending.
 */
let server: TestServer;
let smtp: TestSmtp;
let admin: RestClient;
let restoreConfig: () => Promise<void>;

const DOMAIN = 'http://wenku.test';
const sql = <T>(q: string, params: unknown[] = []) => server.sql<T>(q, params);
const clearMailLimits = () => sql(`delete from rate_limit where key like 'mail\\_%'`);
const setConfig = (config: { category: string; name: string; value: string }[]) => admin.put('/config', { config });
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The link of a find-password mail, split into what step two needs. */
function linkOf(mail: ReceivedMail) {
  const m = /http:\/\/wenku\.test\/findpassword\?token=([^&\s]+)&email=([^\s<"]+)/.exec(mail.text);
  if (!m) throw new Error(`no link in: ${mail.text}`);
  return { token: decodeURIComponent(m[1] ?? ''), email: decodeURIComponent(m[2] ?? '') };
}
const codeOf = (mail: ReceivedMail) => /：(\d{6})/.exec(mail.text)?.[1] ?? '';

const mailSettings = (overrides: Record<string, string> = {}) =>
  Object.entries({
    enable: 'true',
    host: '127.0.0.1',
    port: String(smtp.port),
    is_tls: 'false',
    from_name: '文库测试',
    username: smtp.username,
    password: smtp.password,
    duration: '30',
    test_email: '',
    ...overrides,
  }).map(([name, value]) => ({ category: 'email', name, value }));

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ databaseUrl: inject('databaseUrl'), worker: false });
  restoreConfig = await server.snapshotConfig();
  admin = await server.api.admin();
  const saved = await setConfig([
    ...mailSettings(),
    { category: 'system', name: 'domain', value: DOMAIN },
    { category: 'security', name: 'enable_captcha_find_password', value: 'false' },
    { category: 'security', name: 'enable_captcha_register', value: 'false' },
    { category: 'security', name: 'enable_register', value: 'true' },
    { category: 'security', name: 'enable_verify_register_email', value: 'false' },
  ]);
  expect(saved.status).toBe(200);
}, 120_000);

afterAll(async () => {
  await mailsSettled();
  await clearMailLimits();
  await restoreConfig();
  await server.close();
  await smtp.close();
});

beforeEach(() => clearMailLimits());

describe('find password by e-mail', () => {
  it('mails a link that sets the password once, ends the old sessions and refuses the old password', async () => {
    const m = await server.api.registerMember('fp');
    const email = `${m.username}@example.com`;
    expect((await m.client.put('/user/profile', { signature: '找回前' })).status).toBe(200);

    const one = await server.api.post('/user/findpassword/stepone', { email: email.toUpperCase() });
    expect(one.status).toBe(200);
    const mail = await smtp.waitFor(email);
    expect(mail.subject).toContain('找回密码');
    expect(mail.from).toBe(smtp.username);
    const link = linkOf(mail);
    expect(link.email).toBe(email);

    // The token is bound to its address: a valid token with another member's address fails.
    const other = await server.api.registerMember('fpo');
    const wrongEmail = await server.api.put('/user/findpassword/steptwo', {
      email: `${other.username}@example.com`,
      token: link.token,
      password: 'brand-new-1',
    });
    expect(wrongEmail.status).toBe(400);
    expect(wrongEmail.body.message).toBe(reasonText('auth.find_password_link_invalid'));
    // A forged or damaged token fails too.
    const forged = await server.api.put('/user/findpassword/steptwo', {
      email,
      token: `${link.token.slice(0, -4)}AAAA`,
      password: 'brand-new-1',
    });
    expect(forged.body.message).toBe(reasonText('auth.find_password_link_invalid'));

    const two = await server.api.put('/user/findpassword/steptwo', { ...link, password: 'brand-new-1' });
    expect(two.status).toBe(200);
    const oldLogin = await server.api.post('/user/login', { username: m.username, password: m.password });
    expect(oldLogin.status).toBe(400);
    expect((await server.api.post('/user/login', { username: m.username, password: 'brand-new-1' })).status).toBe(200);
    // Every session of the account ended.
    expect((await m.client.put('/user/profile', { signature: '找回后' })).status).toBe(401);

    // The link cannot be used twice.
    const again = await server.api.put('/user/findpassword/steptwo', { ...link, password: 'brand-new-2' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(reasonText('auth.find_password_link_invalid'));
    expect((await server.api.post('/user/login', { username: m.username, password: 'brand-new-1' })).status).toBe(200);
  });

  it('revokes an older link when a newer one is sent', async () => {
    const m = await server.api.registerMember('fpn');
    const email = `${m.username}@example.com`;
    expect((await server.api.post('/user/findpassword/stepone', { email })).status).toBe(200);
    const first = linkOf(await smtp.waitFor(email, 1));
    await clearMailLimits();
    expect((await server.api.post('/user/findpassword/stepone', { email })).status).toBe(200);
    const second = linkOf(await smtp.waitFor(email, 2));
    expect(second.token).not.toBe(first.token);

    const old = await server.api.put('/user/findpassword/steptwo', { ...first, password: 'newer-pass-1' });
    expect(old.status).toBe(400);
    expect((await server.api.put('/user/findpassword/steptwo', { ...second, password: 'newer-pass-1' })).status).toBe(
      200,
    );
    expect((await server.api.post('/user/login', { username: m.username, password: 'newer-pass-1' })).status).toBe(200);
  });

  it('answers an unknown address exactly like a known one, sends nothing, and answers before the mail goes out', async () => {
    const m = await server.api.registerMember('fpu');
    const known = `${m.username}@example.com`;
    const unknown = `${unique('nobody')}@example.com`;
    // A slow mail server must not slow the answer for a registered address (the timing would tell).
    smtp.delayMs = 1500;
    try {
      const t0 = Date.now();
      const a = await server.api.post('/user/findpassword/stepone', { email: known });
      const knownMs = Date.now() - t0;
      const t1 = Date.now();
      const b = await server.api.post('/user/findpassword/stepone', { email: unknown });
      const unknownMs = Date.now() - t1;
      expect(a.status).toBe(200);
      expect(b.status).toBe(a.status);
      expect(b.body).toEqual(a.body);
      expect(knownMs).toBeLessThan(1000);
      expect(Math.abs(knownMs - unknownMs)).toBeLessThan(500);
      await mailsSettled();
    } finally {
      smtp.delayMs = 0;
    }
    expect(smtp.mailsTo(known)).toHaveLength(1);
    expect(smtp.mailsTo(unknown)).toHaveLength(0);
  });

  it('limits sends per address and per IP, the same for unknown addresses', async () => {
    const m = await server.api.registerMember('fpf');
    const known = `${m.username}@example.com`;
    const unknown = `${unique('flood')}@example.com`;
    for (const email of [known, unknown]) {
      expect((await server.api.post('/user/findpassword/stepone', { email })).status).toBe(200);
      const again = await server.api.post<{ message: string }>('/user/findpassword/stepone', { email });
      expect(again.status).toBe(429);
      expect(again.body.message).toMatch(/^发送太频繁，请 \d+ 秒后再试$/);
    }
    // Past the cool-down an address still gets at most 5 mails an hour.
    await clearMailLimits();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      await sql(`delete from rate_limit where key like 'mail\\_cooldown:%'`);
      statuses.push((await server.api.post('/user/findpassword/stepone', { email: unknown })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // One IP may ask for 20 mails an hour, whatever the addresses.
    await clearMailLimits();
    const perIp: number[] = [];
    for (let i = 0; i < 21; i++) {
      perIp.push(
        (await server.api.post('/user/findpassword/stepone', { email: `${unique('ip')}@example.com` })).status,
      );
    }
    expect(perIp.filter((s) => s === 200)).toHaveLength(20);
    expect(perIp[20]).toBe(429);
    await mailsSettled();
  });

  it('holds the send limits against bursts: one mail per address, 20 an hour per client address', async () => {
    const m = await server.api.registerMember('fpb');
    const email = `${m.username}@example.com`;
    const client = server.api.fromAddress(uniqueAddress());
    const toOne = await Promise.all(
      Array.from({ length: 30 }, () => client.post('/user/findpassword/stepone', { email })),
    );
    expect(toOne.filter((r) => r.status === 200)).toHaveLength(1);
    expect(toOne.filter((r) => r.status === 429)).toHaveLength(29);
    await mailsSettled();
    expect(smtp.mailsTo(email)).toHaveLength(1);
    const spreader = server.api.fromAddress(uniqueAddress());
    const toMany = await Promise.all(
      Array.from({ length: 30 }, () =>
        spreader.post('/user/findpassword/stepone', { email: `${unique('many')}@example.com` }),
      ),
    );
    expect(toMany.filter((r) => r.status === 200)).toHaveLength(20);
    expect(toMany.filter((r) => r.status === 429)).toHaveLength(10);
    await mailsSettled();
  });

  it('asks for the captcha when switched on and refuses while mail is off', async () => {
    await setConfig([{ category: 'security', name: 'enable_captcha_find_password', value: 'true' }]);
    try {
      const res = await server.api.post('/user/findpassword/stepone', { email: 'someone@example.com' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(reasonText('captcha.required'));
      const two = await server.api.put('/user/findpassword/steptwo', {
        email: 'someone@example.com',
        token: 'x',
        password: 'whatever-1',
      });
      expect(two.body.message).toBe(reasonText('captcha.required'));
    } finally {
      await setConfig([{ category: 'security', name: 'enable_captcha_find_password', value: 'false' }]);
    }
    await setConfig([{ category: 'email', name: 'enable', value: 'false' }]);
    try {
      const res = await server.api.post('/user/findpassword/stepone', { email: 'someone@example.com' });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(reasonText('mail.disabled'));
    } finally {
      await setConfig([{ category: 'email', name: 'enable', value: 'true' }]);
    }
  });
});

describe('registration e-mail codes', () => {
  const registerWith = (email: string, code: string, username = unique('rc')) =>
    server.api.post<{ message: string; token: string }>('/user/register', {
      username,
      password: 'secret-123',
      email,
      code,
    });
  const sendCode = async (email: string) => {
    const before = smtp.mailsTo(email).length;
    const res = await server.api.post('/user/email/code', { email, type: 'register' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return codeOf(await smtp.waitFor(email, before + 1));
  };

  beforeAll(() => setConfig([{ category: 'security', name: 'enable_verify_register_email', value: 'true' }]));
  afterAll(() => setConfig([{ category: 'security', name: 'enable_verify_register_email', value: 'false' }]));

  it('needs the latest unused, unexpired code of the address and uses it up', async () => {
    const email = `${unique('code')}@example.com`;
    const missing = await registerWith(email, '');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(reasonText('mail.code_required'));

    const code = await sendCode(email);
    expect(code).toMatch(/^\d{6}$/);
    const mail = smtp.mailsTo(email)[0];
    expect(mail?.subject).toContain('邮箱验证码');
    const wrong = await registerWith(email, code === '000000' ? '111111' : '000000');
    expect(wrong.body.message).toBe(reasonText('mail.code_wrong'));

    await sql(`update email_code set created_at = now() - interval '31 minutes' where email = ?`, [email]);
    const expired = await registerWith(email, code);
    expect(expired.body.message).toBe(reasonText('mail.code_expired'));
    await sql(`update email_code set created_at = now() where email = ?`, [email]);

    // Stored hashed, never in clear.
    const rows = await sql<{ code_hash: string }>('select code_hash from email_code where email = ?', [email]);
    expect(rows.map((r) => r.code_hash)).not.toContain(code);

    const ok = await registerWith(email, code);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.token).toBeTruthy();
    const used = await sql<{ used_at: Date | null }>('select used_at from email_code where email = ?', [email]);
    expect(used[0]?.used_at).toBeTruthy();

    // The address is now taken, and the code is spent.
    const reused = await registerWith(email, code);
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe(reasonText('mail.code_wrong'));
    const taken = await server.api.post('/user/email/code', { email });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(reasonText('users.email_exists'));
  });

  it('keeps only the newest code and voids a code after five wrong guesses', async () => {
    const email = `${unique('newest')}@example.com`;
    const first = await sendCode(email);
    await clearMailLimits();
    const second = await sendCode(email);
    if (first !== second) expect((await registerWith(email, first)).body.message).toBe(reasonText('mail.code_wrong'));
    const wrongGuess = second === '999999' ? '999998' : '999999';
    for (let i = 0; i < 5; i++) await registerWith(email, wrongGuess);
    const late = await registerWith(email, second);
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(reasonText('mail.code_wrong'));
  });

  it('lets parallel wrong guesses take no more than the five attempts', async () => {
    const email = `${unique('guess')}@example.com`;
    const code = await sendCode(email);
    await sql(`update email_code set attempts = 4 where email = ?`, [email]);
    const wrongGuess = code === '999999' ? '999998' : '999999';
    const results = await Promise.all(Array.from({ length: 10 }, () => registerWith(email, wrongGuess)));
    expect(results.every((r) => r.body.message === reasonText('mail.code_wrong'))).toBe(true);
    const rows = await sql<{ attempts: number }>('select attempts from email_code where email = ?', [email]);
    expect(rows[0]?.attempts).toBe(5);
    expect((await registerWith(email, code)).body.message).toBe(reasonText('mail.code_wrong'));
  });

  it('checks a burst of 30 parallel wrong guesses against a fresh code no more than five times', async () => {
    const email = `${unique('burst')}@example.com`;
    const code = await sendCode(email);
    const wrongGuess = code === '999999' ? '999998' : '999999';
    const results = await Promise.all(Array.from({ length: 30 }, () => registerWith(email, wrongGuess)));
    expect(results.every((r) => r.status === 400 && r.body.message === reasonText('mail.code_wrong'))).toBe(true);
    const rows = await sql<{ attempts: number }>('select attempts from email_code where email = ?', [email]);
    expect(rows[0]?.attempts).toBe(5);
    expect((await registerWith(email, code)).body.message).toBe(reasonText('mail.code_wrong'));
  });

  it('lets only one of two racing registrations use a code', async () => {
    const email = `${unique('race')}@example.com`;
    const code = await sendCode(email);
    const results = await Promise.all([
      registerWith(email, code),
      registerWith(email, code),
      registerWith(email, code),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400, 400]);
    for (const r of results.filter((x) => x.status === 400)) expect(r.body.message).toBe(reasonText('mail.code_wrong'));
    const users = await sql<{ n: string }>('select count(*) as n from "user" where email = ?', [email]);
    expect(Number(users[0]?.n)).toBe(1);
  });

  it('binds an address in the profile only with a code mailed for binding', async () => {
    // Members registered while verification was off, without an address yet.
    await setConfig([{ category: 'security', name: 'enable_verify_register_email', value: 'false' }]);
    const m = await server.api.registerMember('bind');
    const other = await server.api.registerMember('bind2');
    await setConfig([{ category: 'security', name: 'enable_verify_register_email', value: 'true' }]);
    await sql(`update "user" set email = '' where id = ?`, [m.id]);
    const email = `${unique('bindme')}@example.com`;
    expect((await server.api.post('/user/email/code', { email, type: 'bind' })).status).toBe(401);
    const missing = await m.client.put('/user/profile', { email });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(reasonText('mail.code_required'));
    // A registration code of the address does not bind it.
    const registerCode = await sendCode(email);
    expect((await m.client.put('/user/profile', { email, email_code: registerCode })).body.message).toBe(
      reasonText('mail.code_wrong'),
    );
    await clearMailLimits();
    const before = smtp.mailsTo(email).length;
    const sent = await m.client.post('/user/email/code', { email, type: 'bind' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const code = codeOf(await smtp.waitFor(email, before + 1));
    const ok = await m.client.put<{ email: string }>('/user/profile', { email, email_code: code });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.email).toBe(email);
    // Taken now: another member can neither get a code for it nor bind it.
    await clearMailLimits();
    expect((await other.client.post('/user/email/code', { email, type: 'bind' })).status).toBe(409);
  });

  it('limits code mails and refuses codes while verification is off', async () => {
    const email = `${unique('cflood')}@example.com`;
    await sendCode(email);
    const again = await server.api.post('/user/email/code', { email });
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/^发送太频繁/);
    const badType = await server.api.post('/user/email/code', { email, type: 'nonsense' });
    expect(badType.status).toBe(400);

    await setConfig([{ category: 'security', name: 'enable_verify_register_email', value: 'false' }]);
    try {
      const off = await server.api.post('/user/email/code', { email: `${unique('off')}@example.com` });
      expect(off.status).toBe(403);
      expect(off.body.message).toBe(reasonText('mail.verify_disabled'));
    } finally {
      await setConfig([{ category: 'security', name: 'enable_verify_register_email', value: 'true' }]);
    }
  });

  it('reports a mail server that cannot be reached, and voids the code it could not send', async () => {
    const closedPort = await freePort();
    // Saved without a test address: only the code mail meets the dead server.
    expect((await setConfig(mailSettings({ port: String(closedPort) }))).status).toBe(200);
    try {
      const email = `${unique('dead')}@example.com`;
      const res = await server.api.post('/user/email/code', { email });
      expect(res.status).toBe(500);
      expect(res.body.message).toBe(reasonText('mail.send_failed'));
      const rows = await sql<{ used_at: Date | null }>('select used_at from email_code where email = ?', [email]);
      expect(rows[0]?.used_at).toBeTruthy();
    } finally {
      await setConfig(mailSettings());
    }
  });
});

/** A loopback port nothing listens on. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const port = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('test mail when the mail settings are saved', () => {
  it('sends a test mail to the test address', async () => {
    const to = `${unique('admin')}@wenku.test`;
    const res = await setConfig(mailSettings({ test_email: to }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mail = await smtp.waitFor(to);
    expect(mail.subject).toContain('测试邮件');
    expect(mail.text).toContain('这是一封测试邮件');
  });

  it('saves the values and reports the SMTP failure in the answer', async () => {
    const to = `${unique('admin')}@wenku.test`;
    const closedPort = await freePort();
    try {
      const res = await setConfig(mailSettings({ port: String(closedPort), test_email: to }));
      expect(res.status).toBe(400);
      const message = String(res.body.message);
      expect(message.startsWith('配置已保存，但测试邮件发送失败：')).toBe(true);
      expect(message).toContain('ECONNREFUSED');
      const list = await admin.get<{ config: { name: string; value: string }[] }>('/config/list', {
        category: 'email',
      });
      expect(list.body.config.find((c) => c.name === 'port')?.value).toBe(String(closedPort));
      expect(list.body.config.find((c) => c.name === 'test_email')?.value).toBe(to);

      // A wrong SMTP password is reported with the server's reason.
      const badAuth = await setConfig(mailSettings({ password: 'not-the-password', test_email: to }));
      expect(badAuth.status).toBe(400);
      expect(String(badAuth.body.message)).toMatch(/Invalid (login|username or password)/);
      expect(smtp.mailsTo(to)).toHaveLength(0);
    } finally {
      await setConfig(mailSettings());
    }
  });
});
