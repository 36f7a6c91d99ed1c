import type { IUser } from '@wenku/db';
import type { PublicUserDTO, UserDTO } from '@wenku/shared';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** What a member has done, shown on their own and on their public profile alike. */
const activityCounts = (u: IUser) => ({
  doc_count: u.docCount,
  article_count: u.articleCount,
  favorite_count: u.favoriteCount,
  comment_count: u.commentCount,
  follow_count: u.followCount,
  fans_count: u.fansCount,
});

/** The full view of an account: its owner and administrators only. */
export function presentUser(u: IUser, groupIds: readonly number[], opts: { admin?: boolean } = {}): UserDTO {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    mobile: u.mobile,
    avatar: u.avatar,
    realname: u.realname,
    identity: u.identity,
    address: u.address,
    signature: u.signature,
    status: u.status,
    credit_count: u.creditCount,
    ...activityCounts(u),
    is_vip: !!u.vipExpiredAt && u.vipExpiredAt.getTime() > Date.now(),
    password_set: u.passwordSet,
    login_at: iso(u.loginAt),
    created_at: u.createdAt.toISOString(),
    updated_at: u.updatedAt.toISOString(),
    group_id: [...groupIds],
    // The owner sees where they last signed in from (MOREDOC's profile shows it); the remark is the staff's.
    last_login_ip: u.lastLoginIp,
    ...(opts.admin ? { remark: u.remark, register_ip: u.registerIp } : {}),
  };
}

/** What anyone may see of another member (moredoc-facts §2.9). */
export function presentPublicUser(u: IUser): PublicUserDTO {
  return {
    id: u.id,
    username: u.username,
    avatar: u.avatar,
    signature: u.signature,
    ...activityCounts(u),
    credit_count: u.creditCount,
    is_vip: !!u.vipExpiredAt && u.vipExpiredAt.getTime() > Date.now(),
    created_at: u.createdAt.toISOString(),
  };
}
