import { DomainError, identityOf, type PermissionKey } from '@wenku/shared';
import type { Actor, DomainContext } from './context.ts';

/** The signed-in caller. Throws UNAUTHENTICATED. */
export function requireActor(ctx: Pick<DomainContext, 'actor'>): Actor {
  if (!ctx.actor) throw new DomainError('UNAUTHENTICATED', 'auth.unauthenticated');
  return ctx.actor;
}

/**
 * Whether the caller holds the catalogue permission `key` (packages/shared/src/permissions.ts); the root administrator
 * holds every permission, an anonymous caller none. The one permission check of domain code: a permission is named by
 * its typed key, never by its `METHOD path` identity.
 */
export const can = (actor: Pick<Actor, 'isRoot' | 'identities'> | null | undefined, key: PermissionKey): boolean =>
  !!actor && (actor.isRoot || actor.identities.has(identityOf(key)));
