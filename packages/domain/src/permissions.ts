import {
  DomainError,
  getPermission,
  identityOf,
  type NamedText,
  namedText,
  type PermissionKey,
  permissionIdentity,
} from '@wenku/shared';
import { PERMISSION_TITLES } from '@wenku/shared/i18n-en/permission-texts';
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

/**
 * A catalogue permission's title as a refusal quotes it: moredoc's Chinese title, worded in English for English
 * readers (the catalogue's English titles, packages/shared i18n-en/permission-texts.ts).
 */
export function permissionName(key: PermissionKey): NamedText {
  const def = getPermission(key);
  return namedText(def.title || def.path, PERMISSION_TITLES[permissionIdentity(def)]);
}
