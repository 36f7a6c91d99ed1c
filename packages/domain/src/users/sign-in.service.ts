import { type EntityManager, Group, type IUser, RevokedToken, User, UserGroup } from '@wenku/db';
import {
  AccountStatus,
  type AuthDTO,
  DEFAULT_CREDIT_NAME,
  DomainError,
  EMAIL_PATTERN,
  isMobile,
  type LoginInput,
  type PlainReasonKey,
  PunishmentType,
  type RegisterInput,
  ROOT_USER_ID,
} from '@wenku/shared';
import { assertCaptcha } from '../auth/captcha.service.ts';
import { checkEmailCode, consumeEmailCode, normaliseEmail } from '../auth/email-code.service.ts';
import { forgetInitialAdminPassword } from '../auth/initial-password.ts';
import {
  refundSignInAttempt,
  secondsLeft,
  signInAccountKey,
  takeRateLimitPoint,
  takeSignInAttempt,
} from '../auth/login-limiter.ts';
import { hashPassword, spendPasswordCheck, verifyPassword } from '../auth/passwords.ts';
import { issueToken } from '../auth/tokens.ts';
import type { DomainContext } from '../context.ts';
import { changeCredits } from '../credits/credits.service.ts';
import { addDynamic, DynamicType } from '../dynamics/dynamic.service.ts';
import { conflict, invalid } from '../errors.ts';
import { activePunishment, punishmentReason } from '../moderation/punishment.service.ts';
import { escapeLike } from '../presenter.ts';
import type { Settings } from '../settings/settings.cache.ts';
import { loadSettings } from '../settings/settings.service.ts';
import { presentUser } from './user.presenter.ts';
import { flushContact, lockUsername } from './user-uniqueness.ts';

/** Why an account in a given status may not sign in (spec §3 statuses; docs/decisions.md). */
export function statusRefusal(status: number): PlainReasonKey | null {
  switch (status) {
    case AccountStatus.Normal:
      return null;
    case AccountStatus.Disabled:
      return 'auth.account_disabled';
    case AccountStatus.Pending:
      return 'auth.account_pending';
    default:
      return 'auth.account_rejected';
  }
}

async function groupIdsOf(ctx: DomainContext, userId: number) {
  const rows = await ctx.em.find(UserGroup, { userId }, { orderBy: { groupId: 'asc' } });
  return rows.map((r) => r.groupId);
}

/**
 * Registers a member (moredoc-facts §16.1): checks site switches, captcha, uniqueness; joins the default group; books
 * the register award through the ledger. Returns a token unless the account awaits review (then token is '').
 * Throws FEATURE_DISABLED, VALIDATION_FAILED, CONFLICT, RATE_LIMITED (registrations of the address).
 */
export async function register(ctx: DomainContext, input: RegisterInput): Promise<AuthDTO> {
  const s = await loadSettings(ctx);
  if (s.bool('security.is_close')) throw new DomainError('FEATURE_DISABLED', 'auth.site_closed_register');
  if (!s.bool('security.enable_register')) throw new DomainError('FEATURE_DISABLED', 'auth.register_closed');
  const username = input.username.trim();
  if (EMAIL_PATTERN.test(username) || isMobile(username)) throw invalid('users.username_looks_private', 'username');
  await assertCaptcha(ctx, 'register', input);
  const email = normaliseEmail(input.email);
  // moredoc-facts §16.1.6: the latest code mailed to the address; used up inside the transaction below.
  const codeId = s.bool('security.enable_verify_register_email')
    ? await checkEmailCode(ctx, 'register', email, input.code)
    : null;
  const passwordHash = await hashPassword(input.password);
  const needsReview = s.bool('security.enable_register_review');

  const user = await ctx.em.transactional(async (em) => {
    if (codeId !== null) await consumeEmailCode(em, codeId);
    await lockUsername(em, username);
    if (await em.count(User, { username: { $ilike: escapeLike(username) } })) throw conflict('users.username_exists');
    if (await em.count(User, { email })) throw conflict('users.email_exists');
    return insertMember(ctx, em, s, { username, passwordHash, email });
  });
  return authResult(ctx, user, !needsReview);
}

const HOUR_MS = 3_600_000;

/**
 * Takes one of the hour's registrations of the caller's address (`security.register_max_per_ip`, 0 = unlimited),
 * whether or not the form asks for a captcha. Taken inside the registering transaction: its row lock makes parallel
 * sign-ups of one address count one after another, and a sign-up that fails gives its point back with the rollback.
 * Throws RATE_LIMITED.
 */
async function takeRegistration(ctx: DomainContext, em: EntityManager, s: Settings): Promise<void> {
  const max = Math.max(0, Math.trunc(s.num('security.register_max_per_ip', 10)));
  if (max === 0) return;
  const w = await takeRateLimitPoint({ ...ctx, em }, `register_ip:${ctx.ip}`, HOUR_MS);
  if (w.points > max)
    throw new DomainError('RATE_LIMITED', {
      key: 'auth.too_many_registrations',
      params: { minutes: Math.ceil(secondsLeft(w) / 60) },
    });
}

/**
 * Inserts a member inside the caller's transaction (register, mobile sign-up): counts against the address's
 * registrations, pending when registration is reviewed, joins the default group and books the register award through
 * the ledger. Throws INTERNAL (no default group), RATE_LIMITED. The caller checks uniqueness.
 */
export async function insertMember(
  ctx: DomainContext,
  em: EntityManager,
  s: Settings,
  m: { username: string; passwordHash: string; email?: string; mobile?: string; passwordSet?: boolean },
): Promise<IUser> {
  await takeRegistration(ctx, em, s);
  const needsReview = s.bool('security.enable_register_review');
  const award = Math.max(0, Math.trunc(s.num('score.register', 0)));
  const group = await em.findOne(Group, { isDefault: true }, { orderBy: { id: 'asc' } });
  if (!group) throw new DomainError('INTERNAL', 'groups.no_default');
  const u = em.create(User, {
    username: m.username,
    password: m.passwordHash,
    email: m.email ?? '',
    mobile: m.mobile ?? '',
    passwordSet: m.passwordSet ?? true,
    status: needsReview ? AccountStatus.Pending : AccountStatus.Normal,
    registerIp: ctx.ip,
    lastLoginIp: ctx.ip,
    loginAt: new Date(),
  });
  await flushContact(em);
  em.create(UserGroup, { userId: u.id, groupId: group.id });
  // Incremented in SQL: sign-ups in parallel transactions would each write their own stale count + 1.
  await em.execute('update "group" set user_count = user_count + 1 where id = ?', [group.id]);
  await em.flush();
  if (award > 0) {
    await changeCredits(em, { userId: u.id, delta: award, reason: 'register', refKey: `user:${u.id}` });
    const credit = s.str('score.credit_name') || DEFAULT_CREDIT_NAME;
    await addDynamic(em, u.id, DynamicType.Register, { kind: 'register', award, credit });
  }
  return u;
}

/** The answer of a sign-in or sign-up: the member and a fresh token ('' when the account may not sign in yet). */
export async function authResult(ctx: DomainContext, user: IUser, withToken: boolean): Promise<AuthDTO> {
  const groupIds = await groupIdsOf(ctx, user.id);
  const token = withToken ? await issueToken(ctx, user.id) : '';
  return { token, user: presentUser(user, groupIds) };
}

/**
 * Refuses accounts that may not sign in: a status other than normal, or an active disable-account punishment
 * (moredoc let those in). Throws FORBIDDEN.
 */
export async function assertMaySignIn(ctx: DomainContext, user: IUser): Promise<void> {
  const refusal = statusRefusal(user.status);
  if (refusal) throw new DomainError('FORBIDDEN', refusal);
  const disabled = await activePunishment(ctx.em, user.id, [PunishmentType.DisableAccount]);
  if (disabled) throw new DomainError('FORBIDDEN', punishmentReason(disabled));
}

/** Records a successful sign-in on the account and answers with a token. */
export async function completeSignIn(ctx: DomainContext, user: IUser): Promise<AuthDTO> {
  const now = new Date();
  await ctx.em.nativeUpdate(User, { id: user.id }, { loginAt: now, lastLoginIp: ctx.ip });
  user.loginAt = now;
  user.lastLoginIp = ctx.ip;
  return authResult(ctx, user, true);
}

async function findLoginUser(ctx: DomainContext, login: string): Promise<IUser | null> {
  const where = EMAIL_PATTERN.test(login)
    ? { email: login.toLowerCase() }
    : isMobile(login)
      ? { mobile: login }
      : { username: { $ilike: login.replace(/[\\%_]/g, (c) => `\\${c}`) } };
  return ctx.em.findOne(User, where, { orderBy: { id: 'asc' } });
}

/**
 * Signs in with username, e-mail or mobile and password (moredoc-facts §16.2). The account is found first and the
 * attempt taken from its sign-in budgets before the password is checked (login-limiter.ts); a right password gives
 * the attempt back. Throws VALIDATION_FAILED (captcha, wrong credentials), RATE_LIMITED, FORBIDDEN (status).
 */
export async function login(ctx: DomainContext, input: LoginInput): Promise<AuthDTO> {
  const loginName = input.username.trim();
  await assertCaptcha(ctx, 'login', input);
  const user = await findLoginUser(ctx, loginName);
  const attempt = await takeSignInAttempt(ctx, signInAccountKey(user, loginName));
  // An unknown name costs the same time as a wrong password: the answer's timing does not tell who has an account.
  const ok = user ? await verifyPassword(user.password, input.password) : await spendPasswordCheck(input.password);
  if (!user || !ok) throw invalid('auth.bad_credentials');
  await refundSignInAttempt(ctx, attempt);
  await assertMaySignIn(ctx, user);
  // The first password has reached its owner: it must not wait on disk any longer.
  if (user.id === ROOT_USER_ID) await forgetInitialAdminPassword(ctx.runtime);
  return completeSignIn(ctx, user);
}

/** Revokes the caller's token server-side; never fails (moredoc-facts §7.1). */
export async function logout(ctx: DomainContext): Promise<void> {
  if (!ctx.actor) return;
  await ctx.em.upsert(RevokedToken, {
    jti: ctx.actor.tokenId,
    userId: ctx.actor.user.id,
    expiresAt: ctx.actor.tokenExpiresAt,
  });
  if (Math.random() < 0.05) await ctx.em.nativeDelete(RevokedToken, { expiresAt: { $lt: new Date() } });
}
