import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { p } from './_common.ts';

/** Tokens revoked by logout, kept until their natural expiry. */
export const RevokedToken = defineEntity({
  name: 'RevokedToken',
  tableName: 'revoked_token',
  properties: {
    jti: p.string().length(64).primary(),
    userId: p.integer().default(0),
    expiresAt: p.datetime().index(),
  },
});
export type IRevokedToken = InferEntity<typeof RevokedToken>;

/** An issued captcha; the answer is stored hashed and the row is deleted when checked. */
export const Captcha = defineEntity({
  name: 'Captcha',
  tableName: 'captcha',
  properties: {
    id: p.string().length(64).primary(),
    type: p.string().length(32),
    answerHash: p.string().length(128),
    expiresAt: p.datetime().index(),
  },
});
export type ICaptcha = InferEntity<typeof Captcha>;

/** Counters of fixed-window rate limits (failed sign-ins), shared by every server process; expire in epoch ms. */
export const RateLimit = defineEntity({
  name: 'RateLimit',
  tableName: 'rate_limit',
  properties: {
    key: p.string().length(255).primary(),
    points: p.integer().default(0),
    expire: p.bigint('number').nullable(),
  },
});
export type IRateLimit = InferEntity<typeof RateLimit>;

/**
 * A secret sent by e-mail: a 6-digit registration code, or the id of a find-password link. Only a keyed hash is
 * stored; `usedAt` makes each one single-use (also revoked: a newer find-password link voids the older ones).
 */
export const EmailCode = defineEntity({
  name: 'EmailCode',
  tableName: 'email_code',
  indexes: [{ properties: ['email', 'type'] }, { properties: ['createdAt'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    email: p.string().length(128),
    /** `register` (a code) or `find_password` (a link). */
    type: p.string().length(32),
    codeHash: p.string().length(128),
    userId: p.integer().default(0),
    ip: p.string().length(64).default(''),
    /** Wrong guesses against this code; it stops working after a few. */
    attempts: p.smallint().default(0),
    usedAt: p.datetime().nullable(),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
  },
});
export type IEmailCode = InferEntity<typeof EmailCode>;
