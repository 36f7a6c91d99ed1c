import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { baseProperties, p } from './_common.ts';

export const User = defineEntity({
  name: 'User',
  tableName: 'user',
  // One account per e-mail address (any case) and per mobile number, also when sign-ups race (empty = none).
  uniques: [
    {
      name: 'user_email_unique',
      expression: `create unique index "user_email_unique" on "user" (lower("email")) where "email" <> ''`,
    },
    {
      name: 'user_mobile_unique',
      expression: `create unique index "user_mobile_unique" on "user" ("mobile") where "mobile" <> ''`,
    },
  ],
  properties: {
    ...baseProperties(),
    username: p.string().length(64).unique(),
    password: p.string().length(255).hidden(),
    email: p.string().length(128).default('').index(),
    mobile: p.string().length(20).default('').index(),
    avatar: p.string().length(255).default(''),
    realname: p.string().length(64).default(''),
    identity: p.string().length(32).default(''),
    address: p.string().length(255).default(''),
    signature: p.string().length(255).default(''),
    remark: p.string().length(255).default(''),
    /** spec §3 account status: 0 normal, 1 disabled, 2 under review, 3 rejected, 4 ignored. */
    status: p.smallint().default(0).index(),
    creditCount: p.integer().default(0),
    docCount: p.integer().default(0),
    articleCount: p.integer().default(0),
    favoriteCount: p.integer().default(0),
    commentCount: p.integer().default(0),
    followCount: p.integer().default(0),
    fansCount: p.integer().default(0),
    registerIp: p.string().length(64).default(''),
    lastLoginIp: p.string().length(64).default(''),
    loginAt: p.datetime().nullable(),
    /** The latest expiry among the member's VIP entitlements: `is_vip` without a join. */
    vipExpiredAt: p.datetime().nullable(),
    /** Tokens issued before this instant are refused (password change, admin reset). */
    tokensValidAfter: p.datetime().nullable(),
    /** The one older token that survives: the session that changed the password (docs/decisions.md). */
    keptTokenId: p.string().length(64).nullable(),
    /** False for SMS sign-ups, whose random password nobody knows: they set one without giving the old one. */
    passwordSet: p.boolean().default(true),
  },
});
export type IUser = InferEntity<typeof User>;
