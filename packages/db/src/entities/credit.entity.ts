import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { createdAtColumn, p } from './_common.ts';

/**
 * The credit ledger (ARCHITECTURE.md rule 7): every change of a user's credits is one row written in the same
 * transaction as its cause; `user.credit_count` always equals the sum of `delta`. A unique (reason, ref) pair makes a
 * reward or payment for the same cause impossible to book twice.
 */
export const CreditLog = defineEntity({
  name: 'CreditLog',
  tableName: 'credit_log',
  indexes: [{ properties: ['userId', 'createdAt'] }],
  uniques: [{ properties: ['reason', 'refKey'] }],
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    userId: p.integer(),
    delta: p.integer(),
    balanceAfter: p.integer(),
    /** register, sign_in, upload_document, delete_document, download, recharge, admin, … */
    reason: p.string().length(32),
    /** What caused it, unique per reason (e.g. `user:12`, `sign:12:20261121`); null when repeats are legitimate. */
    refKey: p.string().length(128).nullable(),
    remark: p.string().length(255).default(''),
    createdAt: createdAtColumn(),
  },
});
export type ICreditLog = InferEntity<typeof CreditLog>;
