import { Group, GroupPermission, Permission, UserGroup } from '@wenku/db';
import { permissionIdentity, ROOT_USER_ID } from '@wenku/shared';
import type { DomainContext } from '../context.ts';
import { conflict, forbidden, invalid, notFound } from '../errors.ts';
import { requireActor } from '../permissions.ts';
import { escapeLike, pageWindow, parseOrder, patchFrom, presentRow } from '../presenter.ts';
import { assertMayHandOutGroups, assertMaySetGroupPermissions, groupIdentities } from './access.service.ts';

const GROUP_FIELDS = [
  'title',
  'color',
  'is_default',
  'is_display',
  'description',
  'sort',
  'enable_upload',
  'enable_document_review',
  'enable_comment',
  'enable_comment_approval',
  'enable_article',
  'enable_article_approval',
  'enable_article_crawl',
] as const;
type GroupInput = { [K in (typeof GROUP_FIELDS)[number]]?: unknown } & { title: string };

export async function listGroups(
  ctx: DomainContext,
  input: { page: number; size: number; wd?: string; order?: string },
) {
  const where = input.wd ? { title: { $ilike: `%${escapeLike(input.wd)}%` } } : {};
  const [rows, total] = await ctx.em.findAndCount(Group, where, {
    orderBy: parseOrder(input.order, ['id', 'sort', 'user_count'], { sort: 'desc', id: 'asc' }),
    ...pageWindow(input),
  });
  return { total, group: rows.map(presentRow) };
}

export async function getGroup(ctx: DomainContext, id: number) {
  const g = await ctx.em.findOne(Group, { id });
  if (!g) throw notFound('groups.not_found');
  return presentRow(g);
}

/**
 * Creates or edits a group. Setting one group as default clears the flag elsewhere; at least one default must remain
 * (moredoc-facts §18.7). Only an actor holding every permission of a group edits it, and the default group, which
 * every new account joins, holds no permission. Throws CONFLICT, NOT_FOUND, FORBIDDEN, VALIDATION_FAILED.
 */
export async function saveGroup(ctx: DomainContext, input: GroupInput & { id?: number }) {
  const actor = requireActor(ctx);
  return ctx.em.transactional(async (em) => {
    const title = input.title.trim();
    if (await em.count(Group, { title, ...(input.id ? { id: { $ne: input.id } } : {}) })) {
      throw conflict('groups.title_exists');
    }
    const group = input.id ? await em.findOne(Group, { id: input.id }) : em.create(Group, { title });
    if (!group) throw notFound('groups.not_found');
    if (input.id) await assertMayHandOutGroups(em, actor, [input.id]);
    const wasDefault = group.isDefault;
    em.assign(group, { ...patchFrom(input, GROUP_FIELDS), title });
    // Anyone on the internet may register into the default group: it would hand its permissions to all of them.
    if (group.isDefault && !wasDefault && input.id && (await groupIdentities(em, [input.id])).get(input.id)?.size) {
      throw invalid('groups.default_group_holds_no_permission', 'is_default');
    }
    if (group.isDefault) {
      await em.flush();
      await em.nativeUpdate(Group, { id: { $ne: group.id }, isDefault: true }, { isDefault: false });
    } else if (input.id && !(await em.count(Group, { isDefault: true, id: { $ne: group.id } }))) {
      throw invalid('groups.at_least_one_default_group', 'is_default');
    } else if (!input.id && !(await em.count(Group, { isDefault: true }))) {
      group.isDefault = true;
    }
    await em.flush();
    return presentRow(group);
  });
}

/** Deletes unused groups whose permissions the actor all holds. Throws FORBIDDEN. */
export async function deleteGroups(ctx: DomainContext, ids: number[]) {
  const actor = requireActor(ctx);
  await ctx.em.transactional(async (em) => {
    await assertMayHandOutGroups(em, actor, ids);
    const groups = await em.find(Group, { id: { $in: ids } });
    for (const g of groups) {
      if (g.isDefault || (await em.count(UserGroup, { groupId: g.id }))) throw forbidden('groups.group_in_use');
    }
    await em.nativeDelete(GroupPermission, { groupId: { $in: ids } });
    await em.nativeDelete(Group, { id: { $in: ids } });
  });
}

export async function getGroupPermissions(ctx: DomainContext, groupId: number) {
  const rows = await ctx.em.find(GroupPermission, { groupId }, { orderBy: { permissionId: 'asc' } });
  return { permission_id: rows.map((r) => r.permissionId) };
}

/**
 * Replaces the whole permission set of a group (moredoc-facts §7.2): an actor holding the group's present and future
 * permissions, never on the default group. Throws NOT_FOUND, VALIDATION_FAILED, FORBIDDEN.
 */
export async function setGroupPermissions(ctx: DomainContext, groupId: number, permissionIds: number[]) {
  const actor = requireActor(ctx);
  await ctx.em.transactional(async (em) => {
    const group = await em.findOne(Group, { id: groupId });
    if (!group) throw notFound('groups.not_found');
    const ids = [...new Set(permissionIds)];
    if (ids.length && (await em.count(Permission, { id: { $in: ids } })) !== ids.length) {
      throw invalid('groups.permission_not_found', 'permission_id');
    }
    await assertMaySetGroupPermissions(em, actor, groupId, ids);
    if (group.isDefault && ids.length) throw invalid('groups.default_group_holds_no_permission', 'permission_id');
    await em.nativeDelete(GroupPermission, { groupId });
    for (const permissionId of ids) em.create(GroupPermission, { groupId, permissionId });
    await em.flush();
  });
}

export async function listPermissions(
  ctx: DomainContext,
  input: { page: number; size: number; wd?: string; order?: string; method?: string[] },
) {
  const where: Record<string, unknown> = {};
  if (input.method?.length) where.method = { $in: input.method };
  if (input.wd) {
    const like = `%${escapeLike(input.wd)}%`;
    where.$or = [{ title: { $ilike: like } }, { path: { $ilike: like } }];
  }
  const [rows, total] = await ctx.em.findAndCount(Permission, where, {
    orderBy: parseOrder(input.order, ['id', 'path', 'title', 'method'], { path: 'asc' }),
    ...pageWindow(input),
  });
  return { total, permission: rows.map(presentRow) };
}

export async function getPermissionById(ctx: DomainContext, id: number) {
  const p = await ctx.em.findOne(Permission, { id });
  if (!p) throw notFound('groups.permission_not_found');
  return presentRow(p);
}

export async function updatePermission(ctx: DomainContext, input: { id: number; title: string; description?: string }) {
  const p = await ctx.em.findOne(Permission, { id: input.id });
  if (!p) throw notFound('groups.permission_not_found');
  ctx.em.assign(p, patchFrom(input, ['title', 'description']));
  await ctx.em.flush();
  return presentRow(p);
}

/** The caller's own permission rows (GET /user/permission); user 1 holds all. */
export async function myPermissions(ctx: DomainContext) {
  if (!ctx.actor) return { permission: [] };
  const all = await ctx.em.find(Permission, {}, { orderBy: { path: 'asc' } });
  const held =
    ctx.actor.user.id === ROOT_USER_ID ? all : all.filter((p) => ctx.actor?.identities.has(permissionIdentity(p)));
  return { permission: held.map(presentRow) };
}

/** The caller's groups with their capability flags (GET /user/group). */
export async function myGroups(ctx: DomainContext) {
  if (!ctx.actor || ctx.actor.groupIds.length === 0) return { group: [] };
  const rows = await ctx.em.find(
    Group,
    { id: { $in: [...ctx.actor.groupIds] } },
    { orderBy: { sort: 'desc', id: 'asc' } },
  );
  return { group: rows.map(presentRow) };
}
