import type { EntityManager } from '@wenku/db';
import { type PermissionIdentity, permissionIdentity, ROOT_USER_ID } from '@wenku/shared';
import type { Actor } from '../context.ts';
import { forbidden } from '../errors.ts';
import { mayHandOut, mayManageAccount, missingPermissions } from './access.policy.ts';

/**
 * The checks of access.policy.ts against the database: what a group or an account holds is read in the caller's
 * transaction, so a command is judged on the rows it changes.
 */

const placeholders = (ids: readonly unknown[]) => ids.map(() => '?').join(',');

/** Permission identities per owner id, from a query selecting `owner, method, path` for the ids in `(?…)`. */
async function identitiesByOwner(em: EntityManager, ownerIds: readonly number[], query: (list: string) => string) {
  const ids = [...new Set(ownerIds)];
  const out = new Map<number, Set<PermissionIdentity>>(ids.map((id) => [id, new Set()]));
  if (ids.length === 0) return out;
  const rows = await em.execute<{ owner: number; method: string; path: string }[]>(query(placeholders(ids)), ids);
  for (const r of rows) out.get(r.owner)?.add(permissionIdentity(r));
  return out;
}

/** The permission identities each group holds (groups without any map to an empty set). */
export const groupIdentities = (em: EntityManager, groupIds: readonly number[]) =>
  identitiesByOwner(
    em,
    groupIds,
    (list) => `select gp.group_id as owner, p.method, p.path from group_permission gp
      join permission p on p.id = gp.permission_id where gp.group_id in (${list})`,
  );

/** The permission identities each account holds through its groups. */
const userIdentities = (em: EntityManager, userIds: readonly number[]) =>
  identitiesByOwner(
    em,
    userIds,
    (list) => `select distinct ug.user_id as owner, p.method, p.path from user_group ug
      join group_permission gp on gp.group_id = ug.group_id join permission p on p.id = gp.permission_id
      where ug.user_id in (${list})`,
  );

/** The identities of permission rows by id (unknown ids are left out; the caller validates them). */
async function permissionIdentities(em: EntityManager, permissionIds: readonly number[]) {
  const ids = [...new Set(permissionIds)];
  if (ids.length === 0) return [];
  const rows = await em.execute<{ method: string; path: string }[]>(
    `select method, path from permission where id in (${placeholders(ids)})`,
    ids,
  );
  return rows.map(permissionIdentity);
}

/** Putting accounts into these groups, editing or deleting them: the actor holds all they hold. Throws FORBIDDEN. */
export async function assertMayHandOutGroups(em: EntityManager, actor: Actor, groupIds: readonly number[]) {
  if (actor.isRoot || groupIds.length === 0) return;
  for (const identities of (await groupIdentities(em, groupIds)).values()) {
    if (!mayHandOut(actor, identities)) throw forbidden('access.group_above_actor');
  }
}

/**
 * Giving a group these permission rows (and taking away the ones it holds now): the actor holds the group's present
 * permissions and every one it would hold. Throws FORBIDDEN.
 */
export async function assertMaySetGroupPermissions(
  em: EntityManager,
  actor: Actor,
  groupId: number,
  permissionIds: readonly number[],
) {
  if (actor.isRoot) return;
  await assertMayHandOutGroups(em, actor, [groupId]);
  if (missingPermissions(actor, await permissionIdentities(em, permissionIds)).length > 0) {
    throw forbidden('access.permission_above_actor');
  }
}

/**
 * Changing the groups, status, password, contact details or punishments of these accounts, or deleting them: user 1
 * only by itself, everyone else by an actor holding every permission the account holds. Throws FORBIDDEN.
 */
export async function assertMayManageUsers(em: EntityManager, actor: Actor, userIds: readonly number[]) {
  if (actor.isRoot || userIds.length === 0) return;
  if (userIds.includes(ROOT_USER_ID)) throw forbidden('access.only_root');
  for (const [id, identities] of await userIdentities(em, userIds)) {
    if (!mayManageAccount(actor, { id, identities })) throw forbidden('access.user_above_actor');
  }
}
