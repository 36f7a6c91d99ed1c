import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { ObjectQuery } from '@mikro-orm/core';
import { type EntityManager, type ISmsLog, SmsLog, User } from '@wenku/db';
import {
  AccountStatus,
  type AuthDTO,
  DomainError,
  type FindPasswordMobileInput,
  isMobile,
  type ListSmsInput,
  type LoginMobileInput,
  type RegisterMobileInput,
  reasonText,
  type SendSmsInput,
  SMS_MESSAGES,
  type SmsDTO,
  SmsPurpose,
  SmsStatus,
} from '@wenku/shared';
import { endSessions } from '../auth/actor.ts';
import { assertCaptcha, type CaptchaType } from '../auth/captcha.service.ts';
import { refundSignInAttempt, signInAccountKey, takeSignInAttempt } from '../auth/login-limiter.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { DomainContext } from '../context.ts';
import { conflict, invalid, notFound } from '../errors.ts';
import { escapeLike, pageWindow, parseOrder } from '../presenter.ts';
import type { Settings } from '../settings/settings.cache.ts';
import { loadSettings } from '../settings/settings.service.ts';
import { usernamesByIds } from '../usernames.ts';
import { assertMaySignIn, authResult, completeSignIn, insertMember } from '../users/sign-in.service.ts';
import { smsProviderFromSettings } from './providers/index.ts';
import {
  type ConfiguredSmsProvider,
  SMS_PROVIDER_NAMES,
  type SmsProviderName,
  type SmsSendResult,
  type SmsSettingsGetter,
} from './providers/types.ts';
import { presentSms } from './sms.presenter.ts';

/** Wrong guesses after which a code stops working: six digits must not be guessable by trying. */
export const SMS_CODE_MAX_ATTEMPTS = 5;
/** Advisory-lock namespaces (first key of `pg_advisory_xact_lock(int, int)`); other services use 1–3. */
const LOCK_SMS_IP = 70;
const LOCK_SMS_MOBILE = 71;
const DAY_MS = 86_400_000;

type Purpose = (typeof SmsPurpose)[keyof typeof SmsPurpose];
/** The captcha each form shows, and the suffix of the provider's template setting (`template_<suffix>`). */
const PURPOSES: Record<Purpose, { captcha: CaptchaType; template: 'register' | 'login' | 'find_password' }> = {
  [SmsPurpose.Register]: { captcha: 'register', template: 'register' },
  [SmsPurpose.Login]: { captcha: 'login', template: 'login' },
  [SmsPurpose.FindPassword]: { captcha: 'find_password', template: 'find_password' },
};

/** Builds the configured provider; replaceable so that a caller (a test) can deliver elsewhere. */
export type SmsProviderFactory = (name: SmsProviderName, get: SmsSettingsGetter) => ConfiguredSmsProvider | null;

/** The key of the codes' hash: the site's token secret. */
const codeSecret = (ctx: DomainContext, s: Settings) => ctx.runtime.jwtSecret ?? s.str('internal.jwt_secret');
/** Codes are stored as keyed hashes: a leaked table gives nothing to try offline. */
const hashCode = (secret: string, type: number, mobile: string, code: string) =>
  createHmac('sha256', secret).update(`sms:${type}:${mobile}:${code}`).digest('hex');
const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

function assertSmsEnabled(s: Settings) {
  if (!s.bool('system.enable_sms')) throw new DomainError('FEATURE_DISABLED', 'sms.sms_disabled');
}

function assertRegisterOpen(s: Settings) {
  if (s.bool('security.is_close')) throw new DomainError('FEATURE_DISABLED', 'auth.site_closed_register');
  if (!s.bool('security.enable_register')) throw new DomainError('FEATURE_DISABLED', 'auth.register_closed');
}

function mobileOf(raw: string): string {
  const mobile = raw.trim();
  if (!isMobile(mobile)) throw invalid('sms.mobile_invalid', 'mobile');
  return mobile;
}

/** Serialises everything about one number (cool-down, limits, code use, sign-up) across processes. */
const lockMobile = (em: EntityManager, mobile: string) =>
  em.execute('select pg_advisory_xact_lock(?, hashtext(?))', [LOCK_SMS_MOBILE, mobile]);

const findByMobile = (em: EntityManager, mobile: string) => em.findOne(User, { mobile }, { orderBy: { id: 'asc' } });

/**
 * The server-side budgets, checked under the IP and number locks: `sms.cooldown_seconds` between two codes to a
 * number, and `sms.daily_limit_per_mobile` / `sms.daily_limit_per_ip` codes in any 24 hours (0 = unlimited). Every
 * recorded send counts, failed ones too (a failure may still have been delivered). Throws RATE_LIMITED.
 */
async function assertSmsQuota(em: EntityManager, s: Settings, mobile: string, ip: string) {
  const now = Date.now();
  const cooldownMs = Math.max(0, s.num('sms.cooldown_seconds', 60)) * 1000;
  const last = await em.findOne(SmsLog, { mobile }, { orderBy: { id: 'desc' } });
  if (last && cooldownMs > 0 && last.createdAt.getTime() + cooldownMs > now) {
    const seconds = Math.max(1, Math.ceil((last.createdAt.getTime() + cooldownMs - now) / 1000));
    throw new DomainError('RATE_LIMITED', { key: 'mail.send_too_frequent', params: { seconds: seconds } });
  }
  const since = new Date(now - DAY_MS);
  const perMobile = Math.max(0, Math.trunc(s.num('sms.daily_limit_per_mobile', 10)));
  if (perMobile > 0 && (await em.count(SmsLog, { mobile, createdAt: { $gt: since } })) >= perMobile)
    throw new DomainError('RATE_LIMITED', 'sms.daily_limit_mobile');
  const perIp = Math.max(0, Math.trunc(s.num('sms.daily_limit_per_ip', 20)));
  if (perIp > 0 && (await em.count(SmsLog, { ip, createdAt: { $gt: since } })) >= perIp)
    throw new DomainError('RATE_LIMITED', 'sms.daily_limit_ip');
}

async function deliver(provider: ConfiguredSmsProvider, mobile: string, code: string, templateId: string) {
  try {
    return await provider.send({ mobile, code, templateId });
  } catch (e) {
    // Adapters answer ok:false for refusals; a throw is a bug or an unexpected network failure: record it the same way.
    return { ok: false, requestId: '', response: '', error: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * POST /sms (moredoc-pro-facts §8.2): sends a code for register, login or find password after the form's captcha.
 * The cool-down and daily limits are checked under advisory locks on the caller's IP and the number, so parallel
 * sends cannot slip past them; the code is stored hashed before it goes out and every send is recorded with the
 * provider's answer (a failed delivery voids its code). A find-password request for an unknown number sends nothing
 * but is recorded and limited like any other. Answers whether the number belongs to a member (the login form warns
 * about automatic sign-up). Throws FEATURE_DISABLED (SMS off, no provider, registration closed), VALIDATION_FAILED
 * (number, captcha), CONFLICT (register: number taken), RATE_LIMITED, INTERNAL (the provider refused).
 */
export async function sendSmsCode(
  ctx: DomainContext,
  input: SendSmsInput,
  providerFactory: SmsProviderFactory = smsProviderFromSettings,
): Promise<{ is_registered: boolean }> {
  const s = await loadSettings(ctx);
  assertSmsEnabled(s);
  const mobile = mobileOf(input.mobile);
  const type = input.type as Purpose;
  const purpose = PURPOSES[type];
  if (!purpose) throw invalid('sms.type_invalid', 'type');
  const providerName = s.str('sms.sms_provider') as SmsProviderName;
  const provider = SMS_PROVIDER_NAMES.includes(providerName) ? providerFactory(providerName, s.getter) : null;
  if (!provider) throw new DomainError('FEATURE_DISABLED', 'sms.provider_missing');
  await assertCaptcha(ctx, purpose.captcha, input);

  const member = await findByMobile(ctx.em, mobile);
  if (type === SmsPurpose.Register && member) throw conflict('sms.mobile_taken');
  // A code for an unknown number's login leads to a sign-up: refuse it early when sign-up is closed.
  if (type === SmsPurpose.Register || (type === SmsPurpose.Login && !member)) assertRegisterOpen(s);
  const sendable = type !== SmsPurpose.FindPassword || member !== null;

  const length = Math.min(8, Math.max(6, Math.trunc(s.num('sms.code_length', 6))));
  const code = String(randomInt(0, 10 ** length)).padStart(length, '0');
  const row = await ctx.em.transactional(async (em) => {
    // Always IP first, then number: one order, no deadlock.
    await em.execute('select pg_advisory_xact_lock(?, hashtext(?))', [LOCK_SMS_IP, ctx.ip]);
    await lockMobile(em, mobile);
    await assertSmsQuota(em, s, mobile, ctx.ip);
    // A newer code voids the older ones of its purpose: only the latest works.
    await em.nativeUpdate(SmsLog, { mobile, type, usedAt: null }, { usedAt: new Date() });
    const r = em.create(SmsLog, {
      type,
      status: sendable ? SmsStatus.Sending : SmsStatus.Failed,
      userId: member?.id ?? 0,
      mobile,
      codeHash: hashCode(codeSecret(ctx, s), type, mobile, code),
      ip: ctx.ip,
      provider: provider.name,
      error: sendable ? '' : reasonText(SMS_MESSAGES.mobileUnknown),
      usedAt: sendable ? null : new Date(),
    });
    await em.flush();
    return r;
  });
  if (sendable) {
    const templateId = s.str(`${provider.name}.template_${purpose.template}`);
    const result: SmsSendResult = await deliver(provider, mobile, code, templateId);
    await ctx.em.nativeUpdate(
      SmsLog,
      { id: row.id },
      {
        status: result.ok ? SmsStatus.Success : SmsStatus.Failed,
        response: (result.response || result.requestId).slice(0, 2000),
        error: result.error.slice(0, 2000),
        ...(result.ok ? {} : { usedAt: new Date() }),
      },
    );
    if (!result.ok) {
      console.error(`sms (${provider.name}) failed: ${result.error}`);
      throw new DomainError('INTERNAL', 'sms.send_failed');
    }
  }
  // Opportunistic clean-up keeps the table bounded without a scheduler; the log stays for 90 days.
  if (Math.random() < 0.02)
    await ctx.em.nativeDelete(SmsLog, { createdAt: { $lt: new Date(Date.now() - 90 * DAY_MS) } });
  // The login form warns an unknown number that it will be signed up; find-password must not tell who is registered.
  return { is_registered: type === SmsPurpose.FindPassword || member !== null };
}

/**
 * Checks a code against the newest code sent to the number for the purpose. Each check takes one of the code's
 * attempts first (a guarded UPDATE, so parallel guesses cannot exceed them); a wrong, used, voided or exhausted code
 * → 短信验证码错误, one older than `sms.code_ttl_minutes` → 短信验证码已过期. Runs outside the caller's transaction so
 * that a wrong guess still counts; returns the code's id for `consumeSmsCode`. Throws VALIDATION_FAILED.
 */
export async function checkSmsCode(ctx: DomainContext, mobile: string, type: number, code: string): Promise<number> {
  const given = code.trim();
  if (!given) throw invalid('sms.code_required', 'code');
  const s = await loadSettings(ctx);
  const row = await ctx.em.findOne(SmsLog, { mobile, type }, { orderBy: { id: 'desc' } });
  if (!row) throw invalid('sms.code_wrong', 'code');
  const taken: { id: number }[] = await ctx.em.execute(
    'update sms_log set attempts = attempts + 1 where id = ? and used_at is null and attempts < ? returning id',
    [row.id, SMS_CODE_MAX_ATTEMPTS],
  );
  if (taken.length === 0) throw invalid('sms.code_wrong', 'code');
  if (!sameHash(row.codeHash, hashCode(codeSecret(ctx, s), type, mobile, given)))
    throw invalid('sms.code_wrong', 'code');
  const ttlMs = Math.max(1, s.num('sms.code_ttl_minutes', 10)) * 60_000;
  if (row.createdAt.getTime() + ttlMs < Date.now()) throw invalid('sms.code_expired', 'code');
  return row.id;
}

/**
 * Marks a checked code used inside the caller's transaction. The guarded UPDATE makes a code single-use also when
 * two requests race: the second waits for the first's row lock and then finds it used. Throws VALIDATION_FAILED.
 */
export async function consumeSmsCode(em: EntityManager, id: number): Promise<void> {
  const rows: unknown[] = await em.execute(
    'update sms_log set used_at = now(), updated_at = now() where id = ? and used_at is null returning id',
    [id],
  );
  if (rows.length === 0) throw invalid('sms.code_wrong', 'code');
}

/** A password nobody knows: mobile sign-ups set their own later in the profile (never the short code). */
const randomPassword = () => randomBytes(24).toString('base64url');

/** `u` + the number's last four digits + random letters, unique (case-insensitively) among usernames. */
async function uniqueUsername(em: EntityManager, mobile: string): Promise<string> {
  for (let i = 0; ; i++) {
    const name = `u${mobile.slice(-4)}${randomBytes(i < 5 ? 3 : 6).toString('hex')}`;
    if (!(await em.count(User, { username: { $ilike: name } }))) return name;
  }
}

/** Creates the account of a number inside the caller's transaction (under the number's lock). */
async function signUpMobile(
  ctx: DomainContext,
  em: EntityManager,
  s: Settings,
  mobile: string,
  password: { hash: string; chosen: boolean },
) {
  const username = await uniqueUsername(em, mobile);
  return insertMember(ctx, em, s, { username, passwordHash: password.hash, mobile, passwordSet: password.chosen });
}

/**
 * POST /user/login/mobile (moredoc-pro-facts §8.3): signs in with a login code; an unknown number is signed up with
 * a random password (the member sets one later in the profile), the default group and the register award. Accounts
 * that may not sign in are refused as with a password; code guesses draw on the account's sign-in budgets. Throws
 * FEATURE_DISABLED (SMS off; sign-up closed for an unknown number), VALIDATION_FAILED (code), FORBIDDEN (status,
 * punishment), RATE_LIMITED.
 */
export async function loginByMobile(ctx: DomainContext, input: LoginMobileInput): Promise<AuthDTO> {
  const s = await loadSettings(ctx);
  assertSmsEnabled(s);
  const mobile = mobileOf(input.mobile);
  const known = await findByMobile(ctx.em, mobile);
  // A code sign-in draws on the same budget as a password one: one budget per account, however it is entered.
  const attempt = await takeSignInAttempt(ctx, signInAccountKey(known, mobile));
  const codeId = await checkSmsCode(ctx, mobile, SmsPurpose.Login, input.code);
  await refundSignInAttempt(ctx, attempt);
  if (!known) assertRegisterOpen(s);
  // argon2 is slow: hash before taking the locks, only when a sign-up is likely.
  const newPasswordHash = known ? '' : await hashPassword(randomPassword());
  const { user, created } = await ctx.em.transactional(async (em) => {
    await lockMobile(em, mobile);
    await consumeSmsCode(em, codeId);
    const existing = await findByMobile(em, mobile);
    if (existing) return { user: existing, created: false };
    const hash = newPasswordHash || (await hashPassword(randomPassword()));
    return { user: await signUpMobile(ctx, em, s, mobile, { hash, chosen: false }), created: true };
  });
  // A fresh account awaiting review gets no token, as with the register form.
  if (created) return authResult(ctx, user, user.status === AccountStatus.Normal);
  await assertMaySignIn(ctx, user);
  return completeSignIn(ctx, user);
}

/**
 * POST /user/register/mobile (moredoc-pro-facts §8.3): registers a number with a register code; without a password a
 * random one is set (never the code). Throws FEATURE_DISABLED (SMS off, registration closed), VALIDATION_FAILED
 * (code, password too short), CONFLICT (number taken).
 */
export async function registerByMobile(ctx: DomainContext, input: RegisterMobileInput): Promise<AuthDTO> {
  const s = await loadSettings(ctx);
  assertSmsEnabled(s);
  assertRegisterOpen(s);
  const mobile = mobileOf(input.mobile);
  const password = input.password ?? '';
  if (password && password.length < 6) throw invalid('users.password_length', 'password');
  const codeId = await checkSmsCode(ctx, mobile, SmsPurpose.Register, input.code);
  const passwordHash = await hashPassword(password || randomPassword());
  const user = await ctx.em.transactional(async (em) => {
    await lockMobile(em, mobile);
    if (await em.count(User, { mobile })) throw conflict('sms.mobile_taken');
    await consumeSmsCode(em, codeId);
    return signUpMobile(ctx, em, s, mobile, { hash: passwordHash, chosen: password !== '' });
  });
  return authResult(ctx, user, user.status === AccountStatus.Normal);
}

/**
 * POST /user/findpassword/mobile (moredoc-pro-facts §8.3): sets a new password with a find-password code and ends
 * every session of the account. Throws FEATURE_DISABLED (SMS off), VALIDATION_FAILED (code, unknown number).
 */
export async function findPasswordByMobile(ctx: DomainContext, input: FindPasswordMobileInput): Promise<void> {
  const s = await loadSettings(ctx);
  assertSmsEnabled(s);
  const mobile = mobileOf(input.mobile);
  const codeId = await checkSmsCode(ctx, mobile, SmsPurpose.FindPassword, input.code);
  const passwordHash = await hashPassword(input.password);
  await ctx.em.transactional(async (em) => {
    await lockMobile(em, mobile);
    await consumeSmsCode(em, codeId);
    const user = await findByMobile(em, mobile);
    if (!user) throw invalid('sms.code_wrong', 'code');
    user.password = passwordHash;
    user.passwordSet = true;
    // Signs out everywhere: tokens issued before now are refused (auth/actor.ts).
    endSessions(user);
  });
}

/** GET /sms/list (moredoc-pro-facts §8.4): the send log, newest first, codes masked. */
export async function listSmsLogs(ctx: DomainContext, input: ListSmsInput) {
  const where: ObjectQuery<ISmsLog> = {};
  if (input.type?.length) where.type = { $in: input.type };
  if (input.status?.length) where.status = { $in: input.status };
  if (input.user_id?.length) where.userId = { $in: input.user_id };
  if (input.mobile) where.mobile = { $like: `%${escapeLike(input.mobile)}%` };
  const [rows, total] = await ctx.em.findAndCount(SmsLog, where, {
    orderBy: parseOrder(input.order, ['id', 'created_at', 'type', 'status'], { id: 'desc' }),
    ...pageWindow(input),
  });
  const names = await usernamesByIds(
    ctx.em,
    rows.map((r) => r.userId),
  );
  return { total, sms: rows.map((r) => presentSms(r, names.get(r.userId) ?? '')) };
}

/** GET /sms: one send, code masked. Throws NOT_FOUND. */
export async function getSmsLog(ctx: DomainContext, id: number): Promise<SmsDTO> {
  const row = await ctx.em.findOne(SmsLog, { id });
  if (!row) throw notFound();
  const user = row.userId ? await ctx.em.findOne(User, { id: row.userId }) : null;
  return presentSms(row, user?.username ?? '');
}
