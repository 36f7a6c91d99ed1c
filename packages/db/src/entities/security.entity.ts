import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { createdAtColumn, p, references, updatedAtColumn } from './_common.ts';
import { User } from './user.entity.ts';

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
    createdAt: createdAtColumn(),
  },
});
export type IEmailCode = InferEntity<typeof EmailCode>;

/**
 * One SMS code sent (moredoc-pro-facts §8.1): purpose, delivery status and the provider's answer. Only a keyed hash of
 * the code is stored; `usedAt` makes a code single-use and also voids it (failed delivery, too many wrong guesses).
 */
export const SmsLog = defineEntity({
  name: 'SmsLog',
  tableName: 'sms_log',
  indexes: [{ properties: ['mobile', 'type'] }, { properties: ['ip', 'createdAt'] }, { properties: ['createdAt'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    /** 0 register, 1 login, 2 find password. */
    type: p.smallint().default(0),
    /** 0 sending, 1 sent, 2 failed. */
    status: p.smallint().default(0),
    userId: p.integer().default(0).index(),
    mobile: p.string().length(20),
    codeHash: p.string().length(128),
    ip: p.string().length(64).default(''),
    provider: p.string().length(32).default(''),
    error: p.text().default(''),
    response: p.text().default(''),
    /** Wrong guesses against this code; it stops working after a few. */
    attempts: p.smallint().default(0),
    usedAt: p.datetime().nullable(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
});
export type ISmsLog = InferEntity<typeof SmsLog>;

/**
 * A proof-of-possession challenge for an instant upload (issue 15 item 1): a member who claims to hold a file the
 * library has is asked for a digest of a random nonce and random byte ranges of it. Only the expected digest is kept,
 * bound to the member and the file's hash; `usedAt` makes it single-use. Rows go once expired.
 */
export const FileChallenge = defineEntity({
  name: 'FileChallenge',
  tableName: 'file_challenge',
  properties: {
    id: p.string().length(64).primary(),
    userId: references(User, 'user_id', 'cascade').index(),
    hash: p.string().length(64),
    expected: p.string().length(64),
    expiresAt: p.datetime().index(),
    usedAt: p.datetime().nullable(),
    createdAt: createdAtColumn(),
  },
});
export type IFileChallenge = InferEntity<typeof FileChallenge>;

/**
 * A resumable (tus) upload still open, counted against its member's quota by every web process alike: the row is
 * written when the upload is created and goes when it finishes, is removed or expires.
 */
export const UnfinishedUpload = defineEntity({
  name: 'UnfinishedUpload',
  tableName: 'unfinished_upload',
  properties: {
    id: p.string().length(80).primary(),
    userId: references(User, 'user_id', 'cascade').index(),
    /** Declared length; null while the client defers it (the size cap is reserved then). */
    size: p.bigint('number').nullable(),
    createdAt: createdAtColumn().index(),
  },
});
export type IUnfinishedUpload = InferEntity<typeof UnfinishedUpload>;
