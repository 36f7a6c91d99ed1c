import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { baseProperties, p, references } from './_common.ts';
import { User } from './user.entity.ts';

/** A member's report of a document (type 0) or article (type 1) (moredoc-facts §12; articles added). */
export const Report = defineEntity({
  name: 'Report',
  tableName: 'report',
  uniques: [{ properties: ['userId', 'type', 'documentId'] }],
  properties: {
    ...baseProperties(),
    documentId: p.integer(),
    type: p.smallint().default(0),
    userId: references(User, 'user_id', 'cascade'),
    /** spec §3: 1 spam ads … 6 harassment. */
    reason: p.smallint(),
    /** Handled. */
    status: p.boolean().default(false),
    remark: p.string().length(1024).default(''),
    documentTitle: p.string().length(255).default(''),
    username: p.string().length(64).default(''),
  },
});
export type IReport = InferEntity<typeof Report>;

/** A punishment of one type for one member (moredoc-facts §13); active while enabled and not past its end. */
export const Punishment = defineEntity({
  name: 'Punishment',
  tableName: 'punishment',
  indexes: [{ properties: ['userId', 'type', 'enable'] }],
  properties: {
    ...baseProperties(),
    userId: references(User, 'user_id', 'cascade'),
    /** spec §3: 1 disable account, 2 no comments, 3 no uploads, 4 no downloads, 5 no favourites, 6 no articles. */
    type: p.smallint(),
    enable: p.boolean().default(true),
    reason: p.string().length(1024).default(''),
    remark: p.string().length(1024).default(''),
    endTime: p.datetime().nullable(),
    /** Who did what when: `[{ u: operator id, t: type (0 = cancel), ts: unix seconds }]`. */
    operators: p.json<{ u: number; t: number; ts: number }[]>(),
  },
});
export type IPunishment = InferEntity<typeof Punishment>;
