import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { baseProperties, p, references } from './_common.ts';
import { User } from './user.entity.ts';

/** A member's favourite document (type 0) or article (type 1) (moredoc-facts §11). */
export const Favorite = defineEntity({
  name: 'Favorite',
  tableName: 'favorite',
  uniques: [{ properties: ['userId', 'type', 'documentId'] }],
  indexes: [{ properties: ['type', 'documentId'] }],
  properties: {
    ...baseProperties(),
    userId: references(User, 'user_id', 'cascade'),
    /** The document's or the article's id (moredoc's field name). */
    documentId: p.integer(),
    type: p.smallint().default(0),
  },
});
export type IFavorite = InferEntity<typeof Favorite>;

/** A comment on a document (type 0) or an article (type 1), possibly a reply (moredoc-facts §10). */
export const Comment = defineEntity({
  name: 'Comment',
  tableName: 'comment',
  indexes: [{ properties: ['type', 'documentId', 'status'] }, { properties: ['userId', 'createdAt'] }],
  properties: {
    ...baseProperties(),
    parentId: p.integer().default(0).index(),
    documentId: p.integer(),
    type: p.smallint().default(0),
    userId: references(User, 'user_id', 'cascade'),
    /** Plain text; shown escaped. */
    content: p.text(),
    /** 0 pending, 1 approved, 2 rejected. */
    status: p.smallint().default(0),
    /** Replies. */
    commentCount: p.integer().default(0),
  },
});
export type IComment = InferEntity<typeof Comment>;

/** One line of a member's activity feed (moredoc-facts §14): HTML built by the server with escaped values. */
export const Dynamic = defineEntity({
  name: 'Dynamic',
  tableName: 'dynamic',
  indexes: [{ properties: ['userId', 'id'] }],
  properties: {
    ...baseProperties(),
    /** The member it tells of; 0 for a guest's download. */
    userId: p.integer(),
    content: p.text(),
    /** moredoc-facts §3: 1 comment, 2 favorite, 3 upload, 4 download, 6 register, 11 sign-in, 14 delete document. */
    type: p.smallint().index(),
    /** The document an upload line tells of (0 for other lines): others see the line only while it is public. */
    documentId: p.integer().default(0),
    /** What happened, as a kind and its values (issue 20): rendered in the reader's language. Null on older lines. */
    event: p.json<{ kind: string; [key: string]: string | number | boolean }>().nullable(),
  },
});
export type IDynamic = InferEntity<typeof Dynamic>;
