import { DomainError } from '@wenku/shared';
import type { DomainContext } from '../context.ts';
import { takeRateLimitPoint } from './login-limiter.ts';

/** One mail of a kind per address per minute (moredoc: 60 s between codes). */
export const MAIL_COOLDOWN_MS = 60_000;
/** Mails of any kind one address may receive in an hour, and one IP may ask for. */
export const MAIL_PER_ADDRESS_PER_HOUR = 5;
export const MAIL_PER_IP_PER_HOUR = 20;
const HOUR_MS = 3_600_000;

/**
 * Takes one mail from the budgets of the address and of the caller's IP (the `rate_limit` table, shared by every
 * process). Counted the same whether or not the address is registered, so the answer reveals nothing.
 * Throws RATE_LIMITED 发送太频繁，请 N 秒后再试.
 */
export async function takeMailQuota(ctx: DomainContext, purpose: string, email: string): Promise<void> {
  const budgets = [
    { key: `mail_cooldown:${purpose}:${email}`, windowMs: MAIL_COOLDOWN_MS, max: 1 },
    { key: `mail_to:${email}`, windowMs: HOUR_MS, max: MAIL_PER_ADDRESS_PER_HOUR },
    { key: `mail_ip:${ctx.ip}`, windowMs: HOUR_MS, max: MAIL_PER_IP_PER_HOUR },
  ];
  for (const b of budgets) {
    const w = await takeRateLimitPoint(ctx, b.key, b.windowMs);
    if (w.points > b.max) {
      const seconds = Math.max(1, Math.ceil((w.expire - Date.now()) / 1000));
      throw new DomainError('RATE_LIMITED', { key: 'mail.send_too_frequent', params: { seconds: seconds } });
    }
  }
}
