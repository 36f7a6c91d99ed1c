import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RestClient, startTestServer, type TestServer } from './testing/harness.ts';

let server: TestServer;
let api: RestClient;

beforeAll(async () => {
  server = await startTestServer({ databaseUrl: inject('databaseUrl') });
  api = server.api;
});
afterAll(() => server.close());

describe('register, sign in, profile, password, sign out', () => {
  it('registers a member who joins the default group and receives the register award', async () => {
    const { client, id } = await api.registerMember('reg');
    const me = await client.get<{ id: number; group_id: number[]; credit_count: number; email: string }>('/user');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(id);
    expect(me.body.group_id.length).toBe(1);
    expect(me.body.credit_count).toBe(10);
    const ledger = await server.booted.db.orm.em
      .fork()
      .getConnection()
      .execute('select sum(delta)::int as s from credit_log where user_id = ?', [id]);
    expect(ledger[0]?.s).toBe(me.body.credit_count);
  });

  it('refuses a duplicate username, an e-mail-like username and bad input, changing nothing', async () => {
    const { username } = await api.registerMember('dup');
    const again = await api.post('/user/register', { username, password: 'secret-123', email: 'other@example.com' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'CONFLICT', message: '用户名已存在' });
    const emailName = await api.post('/user/register', {
      username: 'x@y.com',
      password: 'secret-123',
      email: 'a@b.com',
    });
    expect(emailName.status).toBe(400);
    expect(emailName.body.message).toBe('出于隐私保护，用户名不能是邮箱或手机号码');
    const short = await api.post('/user/register', { username: 'ab', password: '1', email: 'bad' });
    expect(short.status).toBe(400);
    expect(short.body.code).toBe('VALIDATION_FAILED');
    expect((short.body.fields as { field: string }[]).map((f) => f.field)).toEqual(
      expect.arrayContaining(['username', 'password', 'email']),
    );
  });

  it('gives a username (any case), an e-mail address and a mobile number to one account only, also under races', async () => {
    const stamp = Date.now().toString(36);
    const email = `race-${stamp}@example.com`;
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        api.post<{ message: string }>('/user/register', {
          username: `race${stamp}${i}`,
          password: 'secret-123',
          email,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.body.message).toBe('邮箱已存在');
    // Any case is the same address.
    const upper = await api.post('/user/register', {
      username: `race${stamp}u`,
      password: 'secret-123',
      email: email.toUpperCase(),
    });
    expect(upper.status).toBe(409);

    // One name in any case: of racing sign-ups as Name, NAME and name, one succeeds.
    const name = `Case${stamp}`;
    const names = await Promise.all(
      [name, name.toUpperCase(), name.toLowerCase(), name].map((username, i) =>
        api.post<{ message: string }>('/user/register', {
          username,
          password: 'secret-123',
          email: `case${i}-${stamp}@example.com`,
        }),
      ),
    );
    expect(names.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of names.filter((x) => x.status !== 200)) expect(r.body.message).toBe('用户名已存在');

    // Two members setting the same mobile number at once: one gets it.
    const members = await Promise.all([api.registerMember('mra'), api.registerMember('mrb')]);
    const mobile = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const edits = await Promise.all(members.map((m) => m.client.put<{ message: string }>('/user/profile', { mobile })));
    expect(edits.map((e) => e.status).sort()).toEqual([200, 409]);
    const holders = await server.sql<{ n: number }>('select count(*)::int as n from "user" where mobile = ?', [mobile]);
    expect(holders[0]!.n).toBe(1);
  });

  it('signs in with username or e-mail, and refuses a wrong password with the spec message', async () => {
    const { username, password } = await api.registerMember('login');
    expect((await api.post('/user/login', { username, password })).status).toBe(200);
    expect((await api.post('/user/login', { username: `${username}@example.com`, password })).status).toBe(200);
    const bad = await api.post('/user/login', { username, password: 'wrong-password' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', message: '用户名或密码错误' });
  });

  it('limits failed sign-ins per username with a clear message', async () => {
    const { username, password } = await api.registerMember('limit');
    for (let i = 0; i < 10; i++) await api.post('/user/login', { username, password: `nope-${i}` });
    const blocked = await api.post('/user/login', { username, password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('RATE_LIMITED');
    expect(String(blocked.body.message)).toMatch(/登录尝试过于频繁，请 \d+ 秒后再试/);
  });

  it('updates the profile; e-mail is read-only for its owner once set', async () => {
    const { client } = await api.registerMember('prof');
    const ok = await client.put<{ realname: string; mobile: string }>('/user/profile', {
      realname: '张三',
      mobile: '13812345678',
      signature: 'hi',
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ realname: '张三', mobile: '13812345678' });
    const email = await client.put('/user/profile', { email: 'changed@example.com' });
    expect(email.status).toBe(400);
    const mobile = await client.put('/user/profile', { mobile: '13900000000' });
    expect(mobile.status).toBe(400);
    const badMobile = await client.put('/user/profile', { mobile: '12345' });
    expect(badMobile.status).toBe(400);
    const me = await client.get<{ email: string; mobile: string }>('/user');
    expect(me.body.mobile).toBe('13812345678');
  });

  it('changes the password: old password required, other sessions ended, a fresh token returned', async () => {
    const { client, username, password } = await api.registerMember('pw');
    const elsewhere = await api.login(username, password);
    const wrong = await client.put('/user/password', { old_password: 'wrong', new_password: 'new-secret-1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('原密码不正确');
    const changed = await client.put<{ token: string }>('/user/password', {
      old_password: password,
      new_password: 'new-secret-1',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.token).toBeTruthy();
    // The session that made the change goes on (docs/decisions.md); every other one ends.
    expect((await client.put('/user/profile', { signature: 'x' })).status).toBe(200);
    expect((await elsewhere.put('/user/profile', { signature: 'x' })).status).toBe(401);
    expect((await client.withToken(changed.body.token).get('/user')).status).toBe(200);
    expect((await api.post('/user/login', { username, password })).status).toBe(400);
    expect((await api.post('/user/login', { username, password: 'new-secret-1' })).status).toBe(200);
  });

  it('logout revokes the token on the server', async () => {
    const { client } = await api.registerMember('out');
    expect((await client.delete('/user/logout')).status).toBe(200);
    const after = await client.put('/user/profile', { signature: 'x' });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('您未登录或您的登录已过期，请重新登录或刷新页面重试');
    expect((await api.delete('/user/logout')).status).toBe(200);
  });

  it('a disabled account can neither sign in nor use its token', async () => {
    const { client, username, password, id } = await api.registerMember('dis');
    const admin = await api.admin();
    expect((await admin.put('/user', { id, status: 1 })).status).toBe(200);
    expect((await client.put('/user/profile', { signature: 'x' })).status).toBe(401);
    const login = await api.post('/user/login', { username, password });
    expect(login.status).toBe(403);
    expect(login.body.message).toBe('您的账号已被禁用');
  });

  it('shows others only public fields', async () => {
    const a = await api.registerMember('pa');
    const b = await api.registerMember('pb');
    const seen = await b.client.get<Record<string, unknown>>('/user', { id: a.id });
    expect(seen.status).toBe(200);
    expect(seen.body.username).toBe(a.username);
    expect(seen.body).not.toHaveProperty('email');
    expect(seen.body).not.toHaveProperty('mobile');
  });
});

describe('registration switches', () => {
  it('honours enable_register and is_close', async () => {
    const admin = await api.admin();
    const set = (name: string, value: string) =>
      admin.put('/config', { config: [{ category: 'security', name, value }] });
    /** The message a registration as `username` is answered with. */
    const refusal = async (username: string) => {
      const res = await api.post('/user/register', {
        username,
        password: 'secret-123',
        email: `${username}@example.com`,
      });
      return res.body.message;
    };
    expect((await set('enable_register', 'false')).status).toBe(200);
    expect(await refusal('nobody1')).toBe('系统未开放注册');
    await set('enable_register', 'true');
    await set('is_close', 'true');
    expect(await refusal('nobody2')).toBe('网站已关闭，暂时不允许注册');
    await set('is_close', 'false');
  });

  it('puts new accounts under review when the review switch is on', async () => {
    const admin = await api.admin();
    await admin.put('/config', { config: [{ category: 'security', name: 'enable_register_review', value: 'true' }] });
    const res = await api.post<{ token: string; user: { status: number } }>('/user/register', {
      username: `rev${Date.now().toString(36)}`,
      password: 'secret-123',
      email: `rev${Date.now()}@example.com`,
    });
    await admin.put('/config', { config: [{ category: 'security', name: 'enable_register_review', value: 'false' }] });
    expect(res.status).toBe(200);
    expect(res.body.token).toBe('');
    expect(res.body.user.status).toBe(2);
  });
});
