import type { IUserOauth } from '@wenku/db';
import type { PendingOauthDTO } from '@wenku/shared';

/** A verified identity not yet bound to a member → the `oauth` answer of a sign-in, with its bind session. */
export function presentPending(row: IUserOauth, session: string): PendingOauthDTO {
  return {
    id: row.id,
    oauth_type: row.oauthType,
    openid: row.openid,
    session,
    nickname: row.nickname,
    avatar: row.avatar,
    username: row.username,
    email: row.email,
  };
}
