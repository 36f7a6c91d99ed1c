import { type EntityManager, RevokedToken, USER_PERMISSIONS_SQL, User } from '@wenku/db';
import { AccountStatus, DomainError, MESSAGES, PunishmentType, permissionIdentity, ROOT_USER_ID } from '@wenku/shared';
import type { Actor, DomainContext, Runtime } from '../context.ts';
import { activePunishment } from '../moderation/punishment.service.ts';
import { verifyToken } from './tokens.ts';

/** Permission identities and group ids a user holds through their groups (user 1 holds every permission). */
export async function loadAccess(em: EntityManager, userId: number) {
  const groups: { group_id: number }[] = await em.execute('select group_id from user_group where user_id = ?', [
    userId,
  ]);
  const perms: { method: string; path: string }[] =
    userId === ROOT_USER_ID
      ? await em.execute('select method, path from permission')
      : await em.execute(USER_PERMISSIONS_SQL, [userId]);
  return { groupIds: groups.map((g) => g.group_id), identities: new Set(perms.map(permissionIdentity)) };
}

/**
 * Turns a bearer token into an actor, or null (anonymous) when the token is invalid, expired, revoked, older than
 * the user's last password change, or the account cannot sign in (spec §3 status other than normal).
 */
export async function resolveActor(
  em: EntityManager,
  runtime: Runtime,
  token: string | undefined,
): Promise<Actor | null> {
  if (!token) return null;
  const claims = await verifyToken({ em, runtime }, token);
  if (!claims) return null;
  const [user, revoked, disabled] = await Promise.all([
    em.findOne(User, { id: claims.userId }),
    em.findOne(RevokedToken, { jti: claims.jti }),
    activePunishment(em, claims.userId, [PunishmentType.DisableAccount]),
  ]);
  // A disabled account's tokens stop working at once.
  if (!user || revoked || disabled || user.status !== AccountStatus.Normal) return null;
  if (user.tokensValidAfter && claims.issuedAtMs < user.tokensValidAfter.getTime()) return null;
  const { groupIds, identities } = await loadAccess(em, user.id);
  const isRoot = user.id === ROOT_USER_ID;
  return {
    user,
    identities,
    isRoot,
    isAdmin: isRoot || identities.size > 0,
    groupIds,
    tokenId: claims.jti,
    tokenExpiresAt: claims.expiresAt,
  };
}

/** The signed-in caller. Throws UNAUTHENTICATED. */
export function requireActor(ctx: Pick<DomainContext, 'actor'>): Actor {
  if (!ctx.actor) throw new DomainError('UNAUTHENTICATED', MESSAGES.unauthenticated);
  return ctx.actor;
}

/** Whether the caller holds `GRPC /api.v1.<service>/<action>`; the root administrator holds every permission. */
export function holdsPermission(actor: Actor | null, service: string, action: string): boolean {
  return !!actor && (actor.isRoot || actor.identities.has(`GRPC /api.v1.${service}/${action}`));
}
