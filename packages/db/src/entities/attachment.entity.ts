import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { baseProperties, p } from './_common.ts';

/** A stored file (moredoc-facts §2.8): files live by content hash, so identical uploads share one object. */
export const Attachment = defineEntity({
  name: 'Attachment',
  tableName: 'attachment',
  indexes: [{ properties: ['type', 'typeId'] }],
  properties: {
    ...baseProperties(),
    hash: p.string().length(64).index(),
    userId: p.integer().default(0).index(),
    typeId: p.integer().default(0),
    /** spec §3 attachment type. */
    type: p.smallint().default(0),
    /** false = marked illegal: the same hash can never be uploaded again. */
    enable: p.boolean().default(true),
    path: p.string().length(255),
    name: p.string().length(255).default(''),
    size: p.bigint('number').default(0),
    width: p.integer().default(0),
    height: p.integer().default(0),
    ext: p.string().length(32).default(''),
    ip: p.string().length(64).default(''),
    description: p.string().length(255).default(''),
    deletedAt: p.datetime().nullable().index(),
  },
});
export type IAttachment = InferEntity<typeof Attachment>;
