import { DomainError, MESSAGES } from '@wenku/shared';
import type { DomainContext } from '../context.ts';
import { loadSettings } from '../settings/settings.service.ts';

/**
 * Failed sign-ins are counted per username and per IP in PostgreSQL (shared by every server process), so guessing a
 * password is slow wherever it is tried from. Plain SQL on the `rate_limit` table: rate-limiter-flexible's store uses
 * named prepared statements, which collide on the embedded server where all connections share one session.
 */
export interface RateWindow {
  points: number;
  expire: number;
}

async function limits(ctx: DomainContext) {
  const s = await loadSettings(ctx);
  const perUser = Math.max(1, s.num('security.login_max_attempts', 10));
  const windowMs = Math.max(1, s.num('security.login_lock_minutes', 15)) * 60_000;
  // An IP may try several accounts (a shared office), so it gets a larger budget.
  return { perUser, perIp: perUser * 5, windowMs };
}

const keys = (ctx: DomainContext, username: string) => ({
  user: `login_user:${username.trim().toLowerCase()}`,
  ip: `login_ip:${ctx.ip}`,
});

async function current(ctx: DomainContext, key: string): Promise<RateWindow | null> {
  const rows: { points: number; expire: string | number }[] = await ctx.em.execute(
    'select points, expire from rate_limit where key = ? and expire > ?',
    [key, Date.now()],
  );
  const row = rows[0];
  return row ? { points: row.points, expire: Number(row.expire) } : null;
}

/**
 * Adds one point to a key's fixed window, starting a new window when the old one has run out (atomic upsert), and
 * returns the window as it is now. Shared by every limit kept in `rate_limit` (sign-ins, mails).
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

/** Adds one failure to a key's window. */
async function consume(ctx: DomainContext, key: string, windowMs: number): Promise<void> {
  await takeRateLimitPoint(ctx, key, windowMs);
}

/** Throws RATE_LIMITED when the username or the IP used up its failed attempts. */
export async function assertLoginAllowed(ctx: DomainContext, username: string): Promise<void> {
  const { perUser, perIp } = await limits(ctx);
  const k = keys(ctx, username);
  const [u, i] = await Promise.all([current(ctx, k.user), current(ctx, k.ip)]);
  const blocked = [u && u.points >= perUser ? u : null, i && i.points >= perIp ? i : null].filter(
    (w): w is RateWindow => w !== null,
  );
  if (blocked.length > 0) {
    const wait = Math.max(...blocked.map((w) => Math.ceil((w.expire - Date.now()) / 1000)));
    throw new DomainError('RATE_LIMITED', MESSAGES.tooManyLogins(Math.max(1, wait)));
  }
}

export async function recordLoginFailure(ctx: DomainContext, username: string): Promise<void> {
  const { windowMs } = await limits(ctx);
  const k = keys(ctx, username);
  await consume(ctx, k.user, windowMs);
  await consume(ctx, k.ip, windowMs);
  if (Math.random() < 0.02) await ctx.em.execute('delete from rate_limit where expire <= ?', [Date.now()]);
}

export async function clearLoginFailures(ctx: DomainContext, username: string): Promise<void> {
  await ctx.em.execute('delete from rate_limit where key = ?', [keys(ctx, username).user]);
}
