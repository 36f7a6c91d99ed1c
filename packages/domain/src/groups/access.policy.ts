import { type PermissionIdentity, ROOT_USER_ID } from '@wenku/shared';
import type { Actor } from '../context.ts';

/**
 * Who may hand out or take over what (issue 15 item 2). Power in the back office is the set of permissions a user
 * holds through their groups, so anyone who could put an account into a group, edit a group, or take over an account
 * holding a permission they lack could give themselves that permission. Hence one rule for every command that changes
 * who holds what: the actor must already hold every permission involved. User 1 holds all of them and answers to
 * nobody else.
 */

/** The permission identities (`METHOD path`) of `required` the actor does not hold; none for user 1. */
export function missingPermissions(
  actor: Pick<Actor, 'isRoot' | 'identities'>,
  required: Iterable<PermissionIdentity>,
): PermissionIdentity[] {
  if (actor.isRoot) return [];
  return [...new Set(required)].filter((identity) => !actor.identities.has(identity));
}

/** Whether the actor may grant, edit or delete a group holding `groupIdentities`: it holds them all itself. */
export const mayHandOut = (
  actor: Pick<Actor, 'isRoot' | 'identities'>,
  groupIdentities: Iterable<PermissionIdentity>,
) => missingPermissions(actor, groupIdentities).length === 0;

/**
 * Whether the actor may change the groups, status, password, contact details or punishments of an account, or delete
 * it: user 1 only by itself; anyone else by an actor holding every permission the account holds.
 */
export const mayManageAccount = (
  actor: Pick<Actor, 'isRoot' | 'identities'>,
  target: { id: number; identities: Iterable<PermissionIdentity> },
) => (target.id === ROOT_USER_ID ? actor.isRoot : mayHandOut(actor, target.identities));
