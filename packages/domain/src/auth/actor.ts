import { type EntityManager, type IUser, USER_PERMISSIONS_SQL, User } from '@wenku/db';
import { AccountStatus, PunishmentType, permissionIdentity, ROOT_USER_ID } from '@wenku/shared';
import type { Actor, Runtime } from '../context.ts';
import { verifyToken } from './tokens.ts';

/**
 * What a token's user may do, read in one round trip with the user row: whether the token was revoked, whether the
 * account is disabled by a punishment (user 1 never is), its groups and its permissions (user 1 holds all). Five
 * statements on three sequential round trips before, on every signed-in request.
 */
async function loadTokenAccess(em: EntityManager, userId: number, jti: string) {
  const permissions = userId === ROOT_USER_ID ? 'select method, path from permission' : USER_PERMISSIONS_SQL;
  const rows = await em.execute<
    { revoked: boolean; disabled: boolean; group_ids: number[]; permissions: { method: string; path: string }[] }[]
  >(
    `select exists(select 1 from revoked_token where jti = ?) as revoked,
       (? > ? and exists(select 1 from punishment where user_id = ? and enable = true
         and (end_time is null or end_time > now()) and type = ?)) as disabled,
       coalesce((select json_agg(group_id) from user_group where user_id = ?), '[]') as group_ids,
       coalesce((select json_agg(json_build_object('method', p.method, 'path', p.path)) from (${permissions}) p),
         '[]') as permissions`,
    [
      jti,
      userId,
      ROOT_USER_ID,
      userId,
      PunishmentType.DisableAccount,
      userId,
      ...(userId === ROOT_USER_ID ? [] : [userId]),
    ],
  );
  const r = rows[0];
  if (!r) throw new Error('access query returned no row');
  return {
    revoked: r.revoked,
    disabled: r.disabled,
    groupIds: r.group_ids,
    identities: new Set(r.permissions.map(permissionIdentity)),
  };
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
  const actor = await loadActor(em, claims.userId, claims.jti, claims.expiresAt);
  const user = actor?.user;
  // Older tokens end at a password change, except the one of the session that made it.
  if (user?.tokensValidAfter && claims.issuedAtMs < user.tokensValidAfter.getTime() && claims.jti !== user.keptTokenId)
    return null;
  return actor;
}

/**
 * The member a signed link (a download link) was issued to, as an actor carrying no token: whom the site gate judges
 * when the browser follows the link without a bearer header. Null when the account can no longer sign in.
 */
export const actorOfLinkHolder = (em: EntityManager, userId: number, expiresAt: Date) =>
  loadActor(em, userId, '', expiresAt);

async function loadActor(em: EntityManager, userId: number, jti: string, expiresAt: Date): Promise<Actor | null> {
  const [user, access] = await Promise.all([em.findOne(User, { id: userId }), loadTokenAccess(em, userId, jti)]);
  // A disabled account's tokens stop working at once.
  if (!user || access.revoked || access.disabled || user.status !== AccountStatus.Normal) return null;
  const isRoot = user.id === ROOT_USER_ID;
  return {
    user,
    identities: access.identities,
    isRoot,
    isAdmin: isRoot || access.identities.size > 0,
    groupIds: access.groupIds,
    tokenId: jti,
    tokenExpiresAt: expiresAt,
  };
}

/**
 * Ends the account's sessions: every token issued before now is refused from now on, but `keepTokenId`'s (the session
 * that changed its own password). Every password change and reset goes through here, so no earlier kept token
 * survives a later reset.
 */
export function endSessions(user: IUser, keepTokenId: string | null = null): void {
  user.tokensValidAfter = new Date();
  user.keptTokenId = keepTokenId;
}
