import { randomUUID } from 'node:crypto';
import { EmailCode, User } from '@wenku/db';
import { DomainError, type FindPasswordStepOneInput, type FindPasswordStepTwoInput } from '@wenku/shared';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { DomainContext } from '../context.ts';
import { invalid } from '../errors.ts';
import { mailConfigOf, sendMailInBackground } from '../mail/mail.service.ts';
import { findPasswordLink, findPasswordMail } from '../mail/mail-templates.ts';
import { loadSettings } from '../settings/settings.service.ts';
import { endSessions } from './actor.ts';
import { assertCaptcha } from './captcha.service.ts';
import { hashMailedSecret, mailSecret, normaliseEmail } from './email-code.service.ts';
import { takeMailQuota } from './mail-limits.ts';
import { hashPassword } from './passwords.ts';

const TYPE = 'find_password';
const ISSUER = 'wenku';
const key = (secret: string) => new TextEncoder().encode(secret);

interface LinkClaims {
  userId: number;
  email: string;
  jti: string;
}

/** Reads a find-password token: signature, issuer, purpose and expiry; null for anything else. */
async function readLinkToken(secret: string, token: string): Promise<LinkClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { issuer: ISSUER, algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    if (payload.pur !== TYPE || typeof payload.eml !== 'string' || !payload.jti) return null;
    if (!Number.isInteger(userId) || userId <= 0) return null;
    return { userId, email: payload.eml, jti: payload.jti };
  } catch (e) {
    if (e instanceof errors.JOSEError) return null;
    throw e;
  }
}

/**
 * Find password, step one (moredoc-facts §16.4): mails a signed, single-use link valid `email.duration` minutes to
 * the account of that address. The answer is the same whether or not the address is registered (moredoc answered
 * 404 用户不存在): the limits count either way and the mail goes out after the answer. A newer link voids the older
 * ones. Throws FEATURE_DISABLED (mail off), VALIDATION_FAILED (captcha), RATE_LIMITED.
 */
export async function findPasswordStepOne(ctx: DomainContext, input: FindPasswordStepOneInput): Promise<void> {
  const s = await loadSettings(ctx);
  const config = mailConfigOf(s);
  if (!config.enable) throw new DomainError('FEATURE_DISABLED', 'mail.disabled');
  await assertCaptcha(ctx, 'find_password', input);
  const email = normaliseEmail(input.email);
  await takeMailQuota(ctx, TYPE, email);
  const user = await ctx.em.findOne(User, { email }, { orderBy: { id: 'asc' } });
  if (!user) return;

  const secret = mailSecret(s);
  const jti = randomUUID();
  await ctx.em.transactional(async (em) => {
    await em.nativeUpdate(EmailCode, { email, type: TYPE, usedAt: null }, { usedAt: new Date() });
    em.create(EmailCode, {
      email,
      type: TYPE,
      codeHash: hashMailedSecret(secret, TYPE, email, jti),
      userId: user.id,
      ip: ctx.ip,
    });
  });
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ pur: TYPE, eml: email })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(user.id))
    .setJti(jti)
    .setIssuer(ISSUER)
    .setIssuedAt(now)
    .setExpirationTime(now + config.linkMinutes * 60)
    .sign(key(secret));
  const link = findPasswordLink(s.str('system.domain'), token, email);
  const mail = findPasswordMail({ to: email, siteName: s.str('system.sitename'), link, minutes: config.linkMinutes });
  sendMailInBackground(config, mail, `find password, user ${user.id}`);
}

/**
 * Find password, step two: sets the new password when the link is valid, unused, the newest of its address and
 * issued for this very address (moredoc did not compare). Every session of the account ends and every other link
 * of the address is voided. Throws VALIDATION_FAILED (captcha, link).
 */
export async function findPasswordStepTwo(ctx: DomainContext, input: FindPasswordStepTwoInput): Promise<void> {
  const s = await loadSettings(ctx);
  await assertCaptcha(ctx, 'find_password', input);
  const email = normaliseEmail(input.email);
  const secret = mailSecret(s);
  const claims = await readLinkToken(secret, input.token);
  if (!claims || claims.email !== email) throw invalid('auth.find_password_link_invalid');
  const passwordHash = await hashPassword(input.password);
  await ctx.em.transactional(async (em) => {
    // The guarded UPDATE is the single use: of two racing submissions only one finds the row unused.
    const rows: { user_id: number }[] = await em.execute(
      `update email_code set used_at = now()
       where type = ? and email = ? and code_hash = ? and used_at is null returning user_id`,
      [TYPE, email, hashMailedSecret(secret, TYPE, email, claims.jti)],
    );
    const userId = rows[0]?.user_id;
    if (userId !== claims.userId) throw invalid('auth.find_password_link_invalid');
    const user = await em.findOne(User, { id: userId, email });
    if (!user) throw invalid('auth.find_password_link_invalid');
    user.password = passwordHash;
    user.passwordSet = true;
    // Signs out everywhere: tokens issued before now are refused (auth/actor.ts).
    endSessions(user);
    await em.nativeUpdate(EmailCode, { email, type: TYPE, usedAt: null }, { usedAt: new Date() });
  });
}
