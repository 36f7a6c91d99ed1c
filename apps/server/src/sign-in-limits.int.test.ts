import { reasonText } from '@wenku/shared';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { countStatus, type RestClient, startTestServer, type TestServer, uniqueAddress } from './testing/harness.ts';

/**
 * Sign-in budgets under parallel guessing (issue 15 items 7 and 13): one budget per account whatever name is typed,
 * the attempt counted before the password is checked, and the tight budget kept per address and account so a
 * guesser elsewhere does not lock the owner out. Defaults: 10 failures per pair, 50 per account and per address.
 */
let server: TestServer;
let api: RestClient;

beforeAll(async () => {
  server = await startTestServer({ databaseUrl: inject('databaseUrl') });
  api = server.api;
});
afterAll(() => server.close());

const PER_PAIR = 10;
const PER_ACCOUNT = 50;
const PER_ADDRESS = 50;

const login = (client: RestClient, username: string, password: string) =>
  client.post<{ code?: string; message?: string; token?: string }>('/user/login', { username, password });

/** A member with a mobile number, so that it can be named three ways. */
async function memberWithMobile() {
  const m = await api.registerMember('sil');
  const mobile = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  expect((await m.client.put('/user/profile', { mobile })).status).toBe(200);
  return { ...m, email: `${m.username}@example.com`, mobile };
}

describe('sign-in budgets under parallel guessing', () => {
  it('checks no more than the budget of 50 parallel guesses, and refuses the right password after it', async () => {
    const { username, password } = await api.registerMember('sil');
    const attacker = api.fromAddress(uniqueAddress());
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login(attacker, username, `wrong-password-${i}`)),
    );
    expect(countStatus(results, 400)).toBe(PER_PAIR);
    expect(countStatus(results, 429)).toBe(50 - PER_PAIR);
    for (const r of results.filter((x) => x.status === 400))
      expect(r.body.message).toBe(reasonText('auth.bad_credentials'));
    const right = await login(attacker, username, password);
    expect(right.status).toBe(429);
    expect(right.body.code).toBe('RATE_LIMITED');
    expect(String(right.body.message)).toMatch(/^登录尝试过于频繁，请 \d+ 秒后再试$/);
  });

  it('gives username, e-mail and mobile one budget, also with the right password inside the burst', async () => {
    const m = await memberWithMobile();
    const attacker = api.fromAddress(uniqueAddress());
    const names = [m.username, m.email, m.mobile, m.username.toUpperCase()];
    const guesses = Array.from({ length: 49 }, (_, i) =>
      login(attacker, names[i % names.length] ?? m.username, `wrong-password-${i}`),
    );
    guesses.splice(25, 0, login(attacker, m.email, m.password));
    const results = await Promise.all(guesses);
    // A right password gives its attempt back, so at most the budget of wrong ones is ever checked.
    expect(countStatus(results, 400)).toBeLessThanOrEqual(PER_PAIR);
    expect(countStatus(results, 400) + countStatus(results, 200)).toBeGreaterThanOrEqual(PER_PAIR);
    expect(countStatus(results, 200)).toBeLessThanOrEqual(1);
    expect(countStatus(results, 429)).toBeGreaterThanOrEqual(50 - PER_PAIR - 1);
    for (const name of [m.username, m.email, m.mobile]) {
      expect((await login(attacker, name, m.password)).status, name).toBe(429);
    }
  });

  it('does not lock the owner out from another address, and a right password costs nothing', async () => {
    const m = await memberWithMobile();
    const attacker = api.fromAddress(uniqueAddress());
    const owner = api.fromAddress(uniqueAddress());
    await Promise.all(Array.from({ length: 30 }, (_, i) => login(attacker, m.username, `wrong-password-${i}`)));
    expect((await login(attacker, m.username, m.password)).status).toBe(429);
    const ok = await login(owner, m.mobile, m.password);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.token).toBeTruthy();
    // Signing in many times costs no budget; the owner's own typos count against the owner's address only.
    for (let i = 0; i < PER_PAIR + 2; i++) expect((await login(owner, m.username, m.password)).status).toBe(200);
    for (let i = 0; i < PER_PAIR - 1; i++) expect((await login(owner, m.username, `typo-${i}`)).status).toBe(400);
    expect((await login(owner, m.email, m.password)).status).toBe(200);
  });

  it('stops a guesser spread over many addresses with the account budget', async () => {
    const { username, password } = await api.registerMember('sil');
    const addresses = Array.from({ length: 7 }, () => api.fromAddress(uniqueAddress()));
    const results = await Promise.all(
      addresses.flatMap((a, n) =>
        Array.from({ length: PER_PAIR }, (_, i) => login(a, username, `wrong-password-${n}-${i}`)),
      ),
    );
    expect(countStatus(results, 400)).toBe(PER_ACCOUNT);
    expect(countStatus(results, 429)).toBe(7 * PER_PAIR - PER_ACCOUNT);
    expect((await login(api.fromAddress(uniqueAddress()), username, password)).status).toBe(429);
  });

  it('limits names nobody has exactly like accounts, so guessing names tells nothing', async () => {
    const attacker = api.fromAddress(uniqueAddress());
    const name = `nobody${Date.now().toString(36)}`;
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(attacker, i % 2 ? name : name.toUpperCase(), `wrong-password-${i}`)),
    );
    expect(countStatus(results, 400)).toBe(PER_PAIR);
    expect(countStatus(results, 429)).toBe(30 - PER_PAIR);
    expect(results.find((r) => r.status === 400)?.body.message).toBe(reasonText('auth.bad_credentials'));
  });

  it('limits one address across many accounts', async () => {
    const sprayer = api.fromAddress(uniqueAddress());
    const stamp = Date.now().toString(36);
    const results = await Promise.all(
      Array.from({ length: PER_ADDRESS + 10 }, (_, i) => login(sprayer, `spray${stamp}n${i}`, 'secret-123')),
    );
    expect(countStatus(results, 400)).toBe(PER_ADDRESS);
    expect(countStatus(results, 429)).toBe(10);
    const { username, password } = await api.registerMember('sil');
    expect((await login(sprayer, username, password)).status).toBe(429);
    expect((await login(api.fromAddress(uniqueAddress()), username, password)).status).toBe(200);
  });
});

describe('registrations per address', () => {
  it("opens at most the hour's accounts of one address, also in parallel and without a captcha", async () => {
    const admin = await api.admin();
    await admin.putConfig({ 'security.register_max_per_ip': '3' });
    try {
      const address = uniqueAddress();
      const from = api.fromAddress(address);
      const stamp = Date.now().toString(36);
      const register = (name: string) =>
        from.post<{ message?: string }>('/user/register', {
          username: name,
          password: 'secret-123',
          email: `${name}@example.com`,
        });
      // A sign-up that fails uses none of them.
      const { username } = await api.registerMember('rgx');
      expect((await register(username)).status).toBe(409);
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => register(`rg${stamp}n${i}`)));
      expect(countStatus(results, 200)).toBe(3);
      expect(countStatus(results, 429)).toBe(17);
      expect(String(results.find((r) => r.status === 429)?.body.message)).toMatch(
        /^该网络注册账号过于频繁，请 \d+ 分钟后再试$/,
      );
      const rows = await server.sql<{ n: number }>('select count(*)::int as n from "user" where register_ip = ?', [
        address,
      ]);
      expect(rows[0]?.n).toBe(3);
      expect(
        (
          await api.fromAddress(uniqueAddress()).post('/user/register', {
            username: `rg${stamp}other`,
            password: 'secret-123',
            email: `rg${stamp}other@example.com`,
          })
        ).status,
      ).toBe(200);
    } finally {
      await admin.putConfig({ 'security.register_max_per_ip': '0' });
    }
  });
});

describe('password checks outside the sign-in form', () => {
  it('limits old-password guesses of a signed-in session like sign-ins', async () => {
    const m = await api.registerMember('sip');
    const thief = m.client.fromAddress(uniqueAddress());
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        thief.put('/user/password', { old_password: `wrong-password-${i}`, new_password: 'taken-over-1' }),
      ),
    );
    expect(countStatus(results, 400)).toBe(10);
    expect(countStatus(results, 429)).toBe(20);
    const right = await thief.put('/user/password', { old_password: m.password, new_password: 'taken-over-1' });
    expect(right.status).toBe(429);
    // The same account budget as the sign-in form: the thief's address cannot sign in either.
    expect((await login(thief, m.username, m.password)).status).toBe(429);
    expect((await login(api.fromAddress(uniqueAddress()), m.username, m.password)).status).toBe(200);
  });
});
