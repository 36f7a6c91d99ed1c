import { createHash } from 'node:crypto';
import { DomainError } from '@wenku/shared';
import type { DomainContext } from '../context.ts';
import { loadSettings } from '../settings/settings.service.ts';
import { verifyPassword } from './passwords.ts';

/**
 * Sign-in budgets and the other limits kept in the `rate_limit` table of PostgreSQL (shared by every server process).
 * Plain SQL: rate-limiter-flexible's store uses named prepared statements, which collide on the embedded server where
 * all connections share one session.
 */
export interface RateWindow {
  points: number;
  expire: number;
}

/**
 * Adds one point to a key's fixed window, starting a new window when the old one has run out (atomic upsert), and
 * returns the window as it is now. Shared by every limit kept in `rate_limit` (sign-ins, captchas, mails). Callers
 * decide on the returned count, never on a count read before: parallel requests each get their own number.
 */
export async function takeRateLimitPoint(ctx: DomainContext, key: string, windowMs: number): Promise<RateWindow> {
  const now = Date.now();
  const rows: { points: number; expire: string | number }[] = await ctx.em.execute(
    `insert into rate_limit (key, points, expire) values (?, 1, ?)
     on conflict (key) do update set
       points = case when rate_limit.expire is null or rate_limit.expire <= ? then 1 else rate_limit.points + 1 end,
       expire = case when rate_limit.expire is null or rate_limit.expire <= ? then excluded.expire else rate_limit.expire end
     returning points, expire`,
    [key, now + windowMs, now, now],
  );
  const row = rows[0];
  return { points: row?.points ?? 1, expire: Number(row?.expire ?? now + windowMs) };
}

/** Gives back the points a request took from live windows (an attempt that turned out right). */
export async function refundRateLimitPoints(ctx: DomainContext, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await ctx.em.execute(
    `update rate_limit set points = points - 1 where key in (${keys.map(() => '?').join(',')}) and points > 0 and expire > ?`,
    [...keys, Date.now()],
  );
}

/** Seconds until a window ends, at least 1: what a refusal tells the caller to wait. */
export const secondsLeft = (w: RateWindow) => Math.max(1, Math.ceil((w.expire - Date.now()) / 1000));

/** How many times the pair budget the account and the address each get (docs/decisions.md, Security: sign-in). */
const ACCOUNT_FACTOR = 5;
const ADDRESS_FACTOR = 5;

interface Budget {
  key: string;
  max: number;
}

/**
 * The sign-in budgets, in the order they are taken; `security.login_max_attempts` (N, 0 = no lock) failures within
 * `security.login_lock_minutes`:
 * - the address across all accounts (5N): one address cannot spray passwords over many accounts;
 * - the (address, account) pair (N): the tight one, so a guesser at one address does not lock the owner out at another;
 * - the account across all addresses (5N): a guesser spread over many addresses is still stopped.
 * A refusal stops the walk, so an exhausted address or pair takes nothing from the account's budget: one guesser
 * cannot use up the owner's account budget alone.
 */
async function signInBudgets(ctx: DomainContext, account: string) {
  const s = await loadSettings(ctx);
  const perPair = Math.max(0, Math.trunc(s.num('security.login_max_attempts', 10)));
  const windowMs = Math.max(1, s.num('security.login_lock_minutes', 15)) * 60_000;
  const budgets: Budget[] =
    perPair === 0
      ? []
      : [
          { key: `login_ip:${ctx.ip}`, max: perPair * ADDRESS_FACTOR },
          { key: `login_pair:${account}:${ctx.ip}`, max: perPair },
          { key: `login_account:${account}`, max: perPair * ACCOUNT_FACTOR },
        ];
  return { budgets, windowMs };
}

/** One sign-in attempt that holds a point in every budget, given back if the password or code was right. */
export interface SignInAttempt {
  keys: string[];
}

/**
 * The budget key of a sign-in: the account's id whichever name (username, e-mail, mobile) was typed, so every way
 * in shares one budget; for a name no account has, a hash of the normalised name, limited the same way so trying
 * names tells nothing.
 */
export function signInAccountKey(user: { id: number } | null, login: string): string {
  if (user) return `user:${user.id}`;
  return `name:${createHash('sha256').update(login.trim().toLowerCase()).digest('hex')}`;
}

/**
 * Takes one attempt from the sign-in budgets of the caller's address and the account BEFORE the password or code is
 * checked (atomic upserts, decided on their returned counts), so parallel guesses cannot check more than the budget.
 * Throws RATE_LIMITED 登录尝试过于频繁，请 N 秒后再试.
 */
export async function takeSignInAttempt(ctx: DomainContext, account: string): Promise<SignInAttempt> {
  const { budgets, windowMs } = await signInBudgets(ctx, account);
  const keys: string[] = [];
  for (const b of budgets) {
    const w = await takeRateLimitPoint(ctx, b.key, windowMs);
    if (w.points > b.max)
      throw new DomainError('RATE_LIMITED', { key: 'auth.too_many_sign_ins', params: { seconds: secondsLeft(w) } });
    keys.push(b.key);
  }
  if (Math.random() < 0.02) await ctx.em.execute('delete from rate_limit where expire <= ?', [Date.now()]);
  return { keys };
}

/** A right password or code costs nothing: gives the attempt's points back. */
export async function refundSignInAttempt(ctx: DomainContext, attempt: SignInAttempt): Promise<void> {
  await refundRateLimitPoints(ctx, attempt.keys);
}

/**
 * Checks the password of a known account outside the sign-in form (old password on change, an administrator's own
 * password before deleting accounts) against the same budgets: a stolen session cannot guess its way to the password.
 * Throws RATE_LIMITED.
 */
export async function verifyAccountPassword(
  ctx: DomainContext,
  user: { id: number; password: string },
  plain: string,
): Promise<boolean> {
  const attempt = await takeSignInAttempt(ctx, signInAccountKey(user, ''));
  const ok = await verifyPassword(user.password, plain);
  if (ok) await refundSignInAttempt(ctx, attempt);
  return ok;
}
