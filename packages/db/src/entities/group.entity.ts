import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { baseProperties, p, references } from './_common.ts';
import { User } from './user.entity.ts';

export const Group = defineEntity({
  name: 'Group',
  tableName: 'group',
  properties: {
    ...baseProperties(),
    title: p.string().length(64).unique(),
    color: p.string().length(20).default(''),
    isDefault: p.boolean().default(false).index(),
    isDisplay: p.boolean().default(false),
    description: p.string().length(255).default(''),
    userCount: p.integer().default(0),
    sort: p.integer().default(0),
    enableUpload: p.boolean().default(false),
    enableDocumentReview: p.boolean().default(true),
    enableComment: p.boolean().default(true),
    enableCommentApproval: p.boolean().default(false),
    enableArticle: p.boolean().default(true),
    enableArticleApproval: p.boolean().default(false),
    /** moredoc-pro-facts §9.3 `允许采集文章`: members may crawl an article into the /post editor. */
    enableArticleCrawl: p.boolean().default(false),
  },
});
export type IGroup = InferEntity<typeof Group>;

export const UserGroup = defineEntity({
  name: 'UserGroup',
  tableName: 'user_group',
  uniques: [{ properties: ['userId', 'groupId'] }],
  properties: {
    ...baseProperties(),
    userId: references(User, 'user_id', 'cascade').index(),
    groupId: references(Group, 'group_id', 'cascade').index(),
  },
});
export type IUserGroup = InferEntity<typeof UserGroup>;

export const Permission = defineEntity({
  name: 'Permission',
  tableName: 'permission',
  uniques: [{ properties: ['method', 'path'] }],
  properties: {
    ...baseProperties(),
    method: p.string().length(16),
    path: p.string().length(128),
    title: p.string().length(128).default(''),
    description: p.string().length(255).default(''),
  },
});
export type IPermission = InferEntity<typeof Permission>;

export const GroupPermission = defineEntity({
  name: 'GroupPermission',
  tableName: 'group_permission',
  uniques: [{ properties: ['groupId', 'permissionId'] }],
  properties: {
    ...baseProperties(),
    groupId: references(Group, 'group_id', 'cascade').index(),
    permissionId: references(Permission, 'permission_id', 'cascade').index(),
  },
});
export type IGroupPermission = InferEntity<typeof GroupPermission>;
