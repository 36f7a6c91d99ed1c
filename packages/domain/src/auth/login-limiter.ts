import { DomainError, MESSAGES } from '@wenku/shared';
import { RateLimiterPostgres, type RateLimiterRes } from 'rate-limiter-flexible';
import type { DomainContext } from '../context.ts';
import { loadSettings } from '../settings/settings.service.ts';

/**
 * Failed sign-ins are counted per username and per IP in PostgreSQL (shared by every server process), so guessing
 * a password is slow wherever it is tried from. Never call inside a transaction: the limiter has its own connection.
 */
async function limiters(ctx: DomainContext) {
  const s = await loadSettings(ctx);
  const perUser = Math.max(1, s.num('security.login_max_attempts', 10));
  const lockSeconds = Math.max(1, s.num('security.login_lock_minutes', 15)) * 60;
  const storeClient = ctx.em.getKnex();
  const common = { storeClient, storeType: 'knex', tableName: 'rate_limit', tableCreated: true } as const;
  return {
    byUser: new RateLimiterPostgres({ ...common, keyPrefix: 'login_user', points: perUser, duration: lockSeconds }),
    // An IP may try several accounts (a shared office), so it gets a larger budget.
    byIp: new RateLimiterPostgres({ ...common, keyPrefix: 'login_ip', points: perUser * 5, duration: lockSeconds }),
  };
}

const userKey = (username: string) => username.trim().toLowerCase();

/** Throws RATE_LIMITED when the username or the IP used up its failed attempts. */
export async function assertLoginAllowed(ctx: DomainContext, username: string): Promise<void> {
  const { byUser, byIp } = await limiters(ctx);
  const [u, i] = await Promise.all([byUser.get(userKey(username)), byIp.get(ctx.ip)]);
  const blocked = [
    [u, byUser.points],
    [i, byIp.points],
  ].filter(([r, points]) => r && (r as RateLimiterRes).consumedPoints >= (points as number)) as [
    RateLimiterRes,
    number,
  ][];
  if (blocked.length > 0) {
    const wait = Math.max(...blocked.map(([r]) => Math.ceil(r.msBeforeNext / 1000)));
    throw new DomainError('RATE_LIMITED', MESSAGES.tooManyLogins(wait));
  }
}

export async function recordLoginFailure(ctx: DomainContext, username: string): Promise<void> {
  const { byUser, byIp } = await limiters(ctx);
  // consume() rejects with a RateLimiterRes once the budget is spent; the next attempt is refused by assertLoginAllowed.
  await Promise.allSettled([byUser.consume(userKey(username)), byIp.consume(ctx.ip)]);
}

export async function clearLoginFailures(ctx: DomainContext, username: string): Promise<void> {
  const { byUser } = await limiters(ctx);
  await byUser.delete(userKey(username));
}
