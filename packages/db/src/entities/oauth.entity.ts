import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { baseProperties, createdAtColumn, p } from './_common.ts';

/**
 * A third-party identity (moredoc-pro-facts §7): one row per provider account, created on its first sign-in.
 * `userId` 0 means it was verified by the provider but not yet bound to a member; binding sets it in one guarded
 * UPDATE. A member holds at most one identity per provider type (partial unique index).
 */
export const UserOauth = defineEntity({
  name: 'UserOauth',
  tableName: 'user_oauth',
  uniques: [
    { properties: ['oauthType', 'openid'] },
    {
      name: 'user_oauth_user_id_oauth_type_bound_unique',
      expression:
        'create unique index "user_oauth_user_id_oauth_type_bound_unique" on "user_oauth" ("user_id", "oauth_type") where "user_id" > 0',
    },
  ],
  properties: {
    ...baseProperties(),
    userId: p.integer().default(0).index(),
    /** moredoc-pro-facts §7.1: 1 QQ, 2 WeChat, 3 Gitee, 4 GitHub, 5 mini-program, 6 custom, 7 Google, 8 official account. */
    oauthType: p.smallint(),
    openid: p.string().length(128),
    /** WeChat/QQ union id across one developer's apps (empty elsewhere). */
    unionid: p.string().length(128).default(''),
    username: p.string().length(128).default(''),
    nickname: p.string().length(128).default(''),
    avatar: p.string().length(512).default(''),
    email: p.string().length(128).default(''),
  },
});
export type IUserOauth = InferEntity<typeof UserOauth>;

/**
 * A mini-program scan-login ticket (moredoc-pro-facts §7.6): the random `scene` printed in the QR code, polled
 * by the browser with a second secret (`ticket`) that is never printed, so a photographed code cannot be polled. Status 0
 * waiting, 1 scanned (identity known, not bound yet), 2 confirmed (a member), 3 used (the browser got its token).
 * Every transition is a guarded UPDATE; rows past `expiresAt` are refused and pruned.
 */
export const OauthScan = defineEntity({
  name: 'OauthScan',
  tableName: 'oauth_scan',
  properties: {
    scene: p.string().length(32).primary(),
    status: p.smallint().default(0),
    oauthId: p.integer().default(0),
    userId: p.integer().default(0),
    /** sha256 of the secret only the browser that asked for the code holds; polling needs it. */
    ticketHash: p.string().length(64),
    ip: p.string().length(64).default(''),
    expiresAt: p.datetime().index(),
    createdAt: createdAtColumn(),
  },
});
export type IOauthScan = InferEntity<typeof OauthScan>;
