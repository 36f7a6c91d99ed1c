import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { EmailCode, type EntityManager, User } from '@wenku/db';
import { DomainError, type SendEmailCodeInput } from '@wenku/shared';
import type { DomainContext } from '../context.ts';
import { conflict, invalid } from '../errors.ts';
import { describeMailError, mailConfigOf, sendMail } from '../mail/mail.service.ts';
import { emailCodeMail } from '../mail/mail-templates.ts';
import { requireActor } from '../permissions.ts';
import type { Settings } from '../settings/settings.cache.ts';
import { loadSettings } from '../settings/settings.service.ts';
import { assertCaptcha } from './captcha.service.ts';
import { takeMailQuota } from './mail-limits.ts';

/** moredoc-facts §16.1: a code is valid for 30 minutes (hard-coded there too). */
export const EMAIL_CODE_TTL_MINUTES = 30;
/** Wrong guesses after which a code stops working: six digits must not be guessable by trying. */
export const EMAIL_CODE_MAX_ATTEMPTS = 5;

/** The key of every mailed secret's hash: `email.secret`, else the site's token secret. */
export const mailSecret = (s: Settings) => s.str('email.secret') || s.str('internal.jwt_secret');

/** Codes and link ids are stored as keyed hashes: a leaked table gives nothing to try offline. */
export const hashMailedSecret = (secret: string, type: string, email: string, value: string) =>
  createHmac('sha256', secret).update(`${type}:${email}:${value}`).digest('hex');

const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * Mails a 6-digit registration code (POST /user/email/code, moredoc-facts §17). Refused when registration or its
 * e-mail verification is off, mail is off, the address is taken, or the address/IP sent too many. The code is
 * stored hashed before sending; a code whose mail failed is voided. Throws FEATURE_DISABLED, VALIDATION_FAILED
 * (captcha), CONFLICT, RATE_LIMITED, INTERNAL (the mail could not be sent).
 */
export async function sendEmailCode(ctx: DomainContext, input: SendEmailCodeInput): Promise<void> {
  const s = await loadSettings(ctx);
  if (input.type === 'bind') {
    // A signed-in member binding an address in the profile: the per-address and per-IP quotas below apply.
    requireActor(ctx);
  } else {
    if (s.bool('security.is_close')) throw new DomainError('FEATURE_DISABLED', 'auth.site_closed_register');
    if (!s.bool('security.enable_register')) throw new DomainError('FEATURE_DISABLED', 'auth.register_closed');
  }
  if (!s.bool('security.enable_verify_register_email'))
    throw new DomainError('FEATURE_DISABLED', 'mail.verify_disabled');
  const config = mailConfigOf(s);
  if (!config.enable) throw new DomainError('FEATURE_DISABLED', 'mail.disabled');
  // moredoc asks for the register captcha here; ours is single-use, so the form shows a fresh one afterwards.
  if (input.type === 'register') await assertCaptcha(ctx, 'register', input);
  const email = normaliseEmail(input.email);
  if (await ctx.em.count(User, { email })) throw conflict('users.email_exists');
  await takeMailQuota(ctx, input.type, email);

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const row = ctx.em.create(EmailCode, {
    email,
    type: input.type,
    codeHash: hashMailedSecret(mailSecret(s), input.type, email, code),
    ip: ctx.ip,
  });
  await ctx.em.flush();
  const siteName = s.str('system.sitename');
  try {
    await sendMail(config, emailCodeMail({ to: email, siteName, code, minutes: EMAIL_CODE_TTL_MINUTES }));
  } catch (e) {
    console.error(`mail (email code) failed: ${describeMailError(e)}`);
    await ctx.em.nativeUpdate(EmailCode, { id: row.id }, { usedAt: new Date() });
    throw new DomainError('INTERNAL', 'mail.send_failed');
  }
  // Opportunistic clean-up keeps the table small without a scheduler.
  if (Math.random() < 0.05)
    await ctx.em.nativeDelete(EmailCode, { createdAt: { $lt: new Date(Date.now() - 7 * 86_400_000) } });
}

/**
 * Checks a registration code against the latest code mailed to the address (moredoc-facts §16.1): wrong, used or
 * voided → 邮箱验证码错误 (every check counts against the code's attempts), older than 30 minutes → 邮箱验证码已过期.
 * Returns the code's id for `consumeEmailCode` inside the registering transaction. Throws VALIDATION_FAILED.
 */
export async function checkEmailCode(ctx: DomainContext, type: string, email: string, code: string): Promise<number> {
  const given = code.trim();
  if (!given) throw invalid('mail.code_required', 'code');
  const s = await loadSettings(ctx);
  const row = await ctx.em.findOne(EmailCode, { email, type }, { orderBy: { id: 'desc' } });
  if (!row || row.usedAt) throw invalid('mail.code_wrong', 'code');
  // Every check takes one attempt first (a guarded UPDATE), so parallel guesses cannot exceed the attempts.
  const taken: unknown[] = await ctx.em.execute(
    'update email_code set attempts = attempts + 1 where id = ? and used_at is null and attempts < ? returning id',
    [row.id, EMAIL_CODE_MAX_ATTEMPTS],
  );
  if (taken.length === 0) throw invalid('mail.code_wrong', 'code');
  if (!sameHash(row.codeHash, hashMailedSecret(mailSecret(s), type, email, given)))
    throw invalid('mail.code_wrong', 'code');
  if (row.createdAt.getTime() + EMAIL_CODE_TTL_MINUTES * 60_000 < Date.now())
    throw invalid('mail.code_expired', 'code');
  return row.id;
}

/**
 * Marks a checked code used, inside the caller's transaction. The guarded UPDATE makes a code single-use also when
 * two registrations race: the second waits for the first's row lock and then finds it used. Throws VALIDATION_FAILED.
 */
export async function consumeEmailCode(em: EntityManager, id: number): Promise<void> {
  const rows: unknown[] = await em.execute(
    `update email_code set used_at = now() where id = ? and used_at is null and attempts <= ? returning id`,
    [id, EMAIL_CODE_MAX_ATTEMPTS],
  );
  if (rows.length === 0) throw invalid('mail.code_wrong', 'code');
}
