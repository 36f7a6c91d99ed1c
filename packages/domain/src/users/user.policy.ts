import type { IUser } from '@wenku/db';
import { ROOT_USER_ID } from '@wenku/shared';
import type { Actor } from '../context.ts';
import { can } from '../permissions.ts';

/** Whether an actor may see another account in full (owner or holder of the user-admin permission). */
export const canSeeFullUser = (actor: Actor | null, userId: number) =>
  !!actor && (actor.user.id === userId || can(actor, 'UserAPI.GetUser'));

export const canEditProfileOf = (actor: Actor, userId: number) =>
  actor.user.id === userId || can(actor, 'UserAPI.UpdateUserProfile');

/** spec §5: e-mail and phone are read-only once set — for their owner; administrators may still correct them. */
export const isContactLocked = (actor: Actor, target: IUser, field: 'email' | 'mobile') =>
  actor.user.id === target.id && !actor.isRoot && target[field] !== '';

/** User 1 can never be deleted, disabled or stripped of groups by anyone. */
export const isProtectedUser = (userId: number) => userId === ROOT_USER_ID;
