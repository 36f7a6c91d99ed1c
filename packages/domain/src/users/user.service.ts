import type { ObjectQuery } from '@mikro-orm/core';
import { Article, Document, Group, type IUser, User, UserGroup } from '@wenku/db';
import {
  DomainError,
  EMAIL_PATTERN,
  isMobile,
  type ListInput,
  type PasswordInput,
  type ProfileInput,
} from '@wenku/shared';
import { endSessions } from '../auth/actor.ts';
import { checkEmailCode, consumeEmailCode } from '../auth/email-code.service.ts';
import { verifyAccountPassword } from '../auth/login-limiter.ts';
import { hashPassword } from '../auth/passwords.ts';
import { issueToken } from '../auth/tokens.ts';
import type { DomainContext } from '../context.ts';
import { conflict, forbidden, invalid, notFound } from '../errors.ts';
import { assertMayHandOutGroups, assertMayManageUsers } from '../groups/access.service.ts';
import { can, requireActor } from '../permissions.ts';
import { escapeLike, pageWindow, parseOrder } from '../presenter.ts';
import { loadSettings } from '../settings/settings.service.ts';
import { canEditProfileOf, canSeeFullUser, isContactLocked, isProtectedUser } from './user.policy.ts';
import { presentPublicUser, presentUser } from './user.presenter.ts';
import { shownCounts } from './user-counts.ts';
import { flushContact, lockUsername } from './user-uniqueness.ts';

export async function groupIdsByUser(ctx: DomainContext, userIds: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return map;
  const rows = await ctx.em.find(UserGroup, { userId: { $in: userIds } }, { orderBy: { groupId: 'asc' } });
  for (const r of rows) map.get(r.userId)?.push(r.groupId);
  return map;
}

/** GET /user: id 0 is the caller; others see the public fields unless they may see the whole account. */
export async function getUser(ctx: DomainContext, id: number) {
  // "Who am I" without a valid session (none, invalid, expired or revoked token) is 401: clients then sign in again.
  if (!id && !ctx.actor) throw new DomainError('UNAUTHENTICATED', 'auth.unauthenticated');
  const userId = id || ctx.actor?.user.id;
  if (!userId) throw invalid('users.id_invalid', 'id');
  const user = await ctx.em.findOne(User, { id: userId });
  if (!user) throw notFound('users.user_not_found');
  // The counters say how many documents and articles this viewer can open in the lists they lead to (issue 20).
  const shown = (await shownCounts(ctx.em, ctx.actor, [user.id])).get(user.id);
  const counts = { doc_count: shown?.docs ?? 0, article_count: shown?.articles ?? 0 };
  if (!canSeeFullUser(ctx.actor, user.id)) return { ...presentPublicUser(user), ...counts };
  const groups = await groupIdsByUser(ctx, [user.id]);
  const admin = !!ctx.actor && ctx.actor.user.id !== user.id;
  return { ...presentUser(user, groups.get(user.id) ?? [], { admin }), ...counts };
}

async function assertContactFree(ctx: DomainContext, userId: number, field: 'email' | 'mobile', value: string) {
  if (!value) return;
  const taken = await ctx.em.count(User, { [field]: value, id: { $ne: userId } });
  if (taken) throw conflict(field === 'email' ? 'users.email_exists' : 'users.mobile_taken');
}

/**
 * Updates a profile (spec §5): the owner, or an administrator for anyone (also the remark). E-mail and mobile are
 * read-only for their owner once set. Throws FORBIDDEN, NOT_FOUND, VALIDATION_FAILED, CONFLICT.
 */
export async function updateProfile(ctx: DomainContext, input: ProfileInput) {
  const actor = requireActor(ctx);
  const targetId = input.id || actor.user.id;
  if (!canEditProfileOf(actor, targetId)) throw forbidden('users.not_allowed_edit_others');
  const user = await ctx.em.findOne(User, { id: targetId });
  if (!user) throw notFound('users.user_not_found');
  // Another account's e-mail or mobile number is the way into it (password recovery): only for a stronger actor.
  if (user.id !== actor.user.id) await assertMayManageUsers(ctx.em, actor, [user.id]);
  const patch: Partial<IUser> = {};
  for (const field of ['realname', 'identity', 'address', 'signature', 'avatar'] as const) {
    if (input[field] !== undefined) patch[field] = input[field];
  }
  for (const field of ['email', 'mobile'] as const) {
    const value = input[field];
    if (value === undefined || value === user[field]) continue;
    if (isContactLocked(actor, user, field)) {
      throw invalid(field === 'email' ? 'users.email_locked' : 'users.mobile_locked', field);
    }
    const normalised = field === 'email' ? value.toLowerCase() : value;
    if (field === 'email' && normalised && !EMAIL_PATTERN.test(normalised))
      throw invalid('users.email_format', 'email');
    if (field === 'mobile' && normalised && !isMobile(normalised)) throw invalid('sms.mobile_invalid', 'mobile');
    await assertContactFree(ctx, user.id, field, normalised);
    patch[field] = normalised;
  }
  // A member binding their own address proves it with a mailed code when the site verifies e-mail addresses.
  const emailCode =
    patch.email && actor.user.id === user.id && (await loadSettings(ctx)).bool('security.enable_verify_register_email')
      ? await checkEmailCode(ctx, 'bind', patch.email, input.email_code ?? '')
      : null;
  if (emailCode !== null) await consumeEmailCode(ctx.em, emailCode);
  if (input.remark !== undefined && actor.user.id !== user.id) patch.remark = input.remark;
  ctx.em.assign(user, patch);
  await flushContact(ctx.em);
  const groups = await groupIdsByUser(ctx, [user.id]);
  return presentUser(user, groups.get(user.id) ?? [], { admin: actor.user.id !== user.id });
}

/**
 * Changes a password. The owner must give the old one; a holder of UserAPI.SetUser may reset the password of an
 * account whose permissions it all holds, never the root's.
 * Every older token of the account stops working but the caller's own; the owner also gets a fresh token back.
 * Throws VALIDATION_FAILED (old password), FORBIDDEN, NOT_FOUND, RATE_LIMITED (old-password guesses).
 */
export async function changePassword(ctx: DomainContext, input: PasswordInput): Promise<{ token?: string }> {
  const actor = requireActor(ctx);
  const targetId = input.id || actor.user.id;
  const self = targetId === actor.user.id;
  if (!self && !can(actor, 'UserAPI.SetUser')) {
    throw forbidden('users.not_allowed_edit_others');
  }
  const user = await ctx.em.findOne(User, { id: targetId });
  if (!user) throw notFound('users.user_not_found');
  // Another account's password is taken over only by an actor holding all it holds (user 1's by nobody else).
  if (!self) await assertMayManageUsers(ctx.em, actor, [user.id]);
  // A mobile sign-up's random password is unknown to its owner: the first password is set without it.
  if (self && user.passwordSet && !(await verifyAccountPassword(ctx, user, input.old_password))) {
    throw invalid('users.old_password_wrong', 'old_password');
  }
  user.password = await hashPassword(input.new_password);
  if (self) user.passwordSet = true;
  // Every other session of the account ends; the one that made the change goes on with its token (MOREDOC clients
  // ignore the fresh token of the answer), and an administrator's reset ends them all.
  endSessions(user, self ? actor.tokenId : null);
  await ctx.em.flush();
  return self ? { token: await issueToken(ctx, user.id) } : {};
}

const USER_SORTABLE = ['id', 'credit_count', 'doc_count', 'login_at', 'created_at', 'username'];

/** Admin user list with filters; non-admin callers get public fields only. */
export async function listUsers(
  ctx: DomainContext,
  input: ListInput & { id?: number[]; group_id?: number[]; status?: number[] },
) {
  const admin = can(ctx.actor, 'UserAPI.ListUser');
  const where: ObjectQuery<IUser> = {};
  if (input.id?.length) where.id = { $in: input.id };
  if (admin && input.status?.length) where.status = { $in: input.status };
  if (input.wd) {
    const like = `%${escapeLike(input.wd)}%`;
    where.$or = admin
      ? [
          { username: { $ilike: like } },
          { realname: { $ilike: like } },
          { email: { $ilike: like } },
          { mobile: { $ilike: like } },
        ]
      : [{ username: { $ilike: like } }];
  }
  if (input.group_id?.length) {
    const links = await ctx.em.find(UserGroup, { groupId: { $in: input.group_id } }, { fields: ['userId'] });
    where.id = {
      $in: [...new Set(links.map((l) => l.userId))].filter((id) => !input.id?.length || input.id.includes(id)),
    };
  }
  const [users, total] = await ctx.em.findAndCount(User, where, {
    orderBy: parseOrder(input.order, USER_SORTABLE, { id: 'desc' }),
    ...pageWindow(input),
  });
  if (!admin) return { total, user: users.map(presentPublicUser) };
  const groups = await groupIdsByUser(
    ctx,
    users.map((u) => u.id),
  );
  return { total, user: users.map((u) => presentUser(u, groups.get(u.id) ?? [], { admin: true })) };
}

async function assertGroupsExist(ctx: DomainContext, groupIds: number[]) {
  const found = await ctx.em.count(Group, { id: { $in: groupIds } });
  if (found !== new Set(groupIds).size) throw invalid('groups.not_found', 'group_id');
}

async function recountGroups(ctx: DomainContext, groupIds: number[]) {
  if (groupIds.length === 0) return;
  await ctx.em.execute(
    `update "group" g set user_count = (select count(*) from user_group ug where ug.group_id = g.id) where g.id in (${groupIds.map(() => '?').join(',')})`,
    groupIds,
  );
}

/**
 * Admin creates an account (moredoc-facts §16.5): no starting credits, only in groups whose permissions the actor
 * holds. Throws VALIDATION_FAILED, CONFLICT, FORBIDDEN.
 */
export async function createUser(
  ctx: DomainContext,
  input: { username: string; password: string; email: string; mobile: string; group_id: number[]; status: number },
) {
  const actor = requireActor(ctx);
  const username = input.username.trim();
  if (EMAIL_PATTERN.test(username) || isMobile(username)) throw invalid('users.username_looks_private', 'username');
  const user = await ctx.em.transactional(async (em) => {
    const tctx = { ...ctx, em };
    await assertGroupsExist(tctx, input.group_id);
    // A new account in a stronger group would be the actor's own way into it.
    await assertMayHandOutGroups(em, actor, input.group_id);
    await lockUsername(em, username);
    if (await em.count(User, { username: { $ilike: escapeLike(username) } })) throw conflict('users.username_exists');
    await assertContactFree(tctx, 0, 'email', input.email.toLowerCase());
    await assertContactFree(tctx, 0, 'mobile', input.mobile);
    const u = em.create(User, {
      username,
      password: await hashPassword(input.password),
      email: input.email.toLowerCase(),
      mobile: input.mobile,
      status: input.status,
    });
    await flushContact(em);
    for (const groupId of new Set(input.group_id)) em.create(UserGroup, { userId: u.id, groupId });
    await em.flush();
    await recountGroups(tctx, input.group_id);
    return u;
  });
  return presentUser(
    user,
    [...new Set(input.group_id)].sort((a, b) => a - b),
    { admin: true },
  );
}

/**
 * Admin sets groups, status and optionally a new password of an account: one whose permissions the actor all holds,
 * into groups whose permissions it all holds. Throws FORBIDDEN, NOT_FOUND, VALIDATION_FAILED.
 */
export async function setUser(
  ctx: DomainContext,
  input: { id: number; group_id?: number[]; password?: string; status?: number },
) {
  const actor = requireActor(ctx);
  if (isProtectedUser(input.id) && !actor.isRoot) throw forbidden('access.only_root');
  if (isProtectedUser(input.id) && input.status !== undefined && input.status !== 0)
    throw forbidden('users.disable_root');
  // An administrator locking themselves out would need the command line to get back in.
  if (input.id === actor.user.id && input.status !== undefined && input.status !== 0) {
    throw forbidden('users.disable_self');
  }
  await ctx.em.transactional(async (em) => {
    const tctx = { ...ctx, em };
    const user = await em.findOne(User, { id: input.id });
    if (!user) throw notFound('users.user_not_found');
    await assertMayManageUsers(em, actor, [user.id]);
    if (input.group_id) {
      await assertGroupsExist(tctx, input.group_id);
      await assertMayHandOutGroups(em, actor, input.group_id);
    }
    // Hashed once the command is allowed: a refusal costs no hashing.
    if (input.password) {
      user.password = await hashPassword(input.password);
      endSessions(user);
    }
    if (input.status !== undefined) user.status = input.status;
    if (input.group_id) {
      const before = await em.find(UserGroup, { userId: user.id });
      await em.nativeDelete(UserGroup, { userId: user.id });
      for (const groupId of new Set(input.group_id)) em.create(UserGroup, { userId: user.id, groupId });
      await em.flush();
      await recountGroups(tctx, [...new Set([...before.map((b) => b.groupId), ...input.group_id])]);
    }
    await em.flush();
  });
  return getUser(ctx, input.id);
}

/**
 * Deletes accounts after checking the acting administrator's own password (moredoc-facts §16.5): the root user never,
 * others only when the actor holds every permission they hold. Throws VALIDATION_FAILED (password), FORBIDDEN,
 * RATE_LIMITED.
 */
export async function deleteUsers(ctx: DomainContext, input: { id: number[]; password: string }) {
  const actor = requireActor(ctx);
  const ids = [...new Set(input.id)];
  if (ids.some(isProtectedUser)) throw forbidden('users.delete_root');
  if (ids.includes(actor.user.id)) throw forbidden('users.delete_self');
  await assertMayManageUsers(ctx.em, actor, ids);
  const me = await ctx.em.findOne(User, { id: actor.user.id });
  if (!me || !(await verifyAccountPassword(ctx, me, input.password))) throw invalid('users.password_wrong', 'password');
  await ctx.em.transactional(async (em) => {
    const users = await em.find(User, { id: { $in: ids } });
    if (users.some((u) => u.docCount > 0 || u.articleCount > 0)) throw forbidden('users.user_has_content');
    // Documents and articles in the recycle bin still name their owner (a foreign key): purged or restored first.
    const userId = { $in: ids };
    if ((await em.count(Document, { userId })) || (await em.count(Article, { userId }))) {
      throw forbidden('users.user_has_content');
    }
    const groups = await em.find(UserGroup, { userId: { $in: ids } });
    await em.nativeDelete(UserGroup, { userId: { $in: ids } });
    await em.nativeDelete(User, { id: { $in: ids } });
    await recountGroups({ ...ctx, em }, [...new Set(groups.map((g) => g.groupId))]);
  });
}
