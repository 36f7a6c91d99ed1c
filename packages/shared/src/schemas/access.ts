import { z } from 'zod';
import { PermissionMethod } from '../enums/index.ts';
import { listInput, timestamp, zArray, zBool, zId } from './common.ts';

export const groupOutput = z.object({
  id: z.number(),
  title: z.string(),
  color: z.string(),
  is_default: z.boolean(),
  is_display: z.boolean(),
  description: z.string(),
  user_count: z.number(),
  sort: z.number(),
  enable_upload: z.boolean(),
  enable_document_review: z.boolean(),
  enable_comment: z.boolean(),
  enable_comment_approval: z.boolean(),
  enable_article: z.boolean(),
  enable_article_approval: z.boolean(),
  /** moredoc-pro-facts §9.3: members of the group may crawl articles on /post. */
  enable_article_crawl: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type GroupDTO = z.infer<typeof groupOutput>;
const groupFields = {
  title: z.string().trim().min(1, 'groups.enter_role_name').max(64),
  color: z.string().trim().max(20).optional(),
  is_default: zBool.optional(),
  is_display: zBool.optional(),
  description: z.string().trim().max(255).optional(),
  sort: z.coerce.number().int().optional(),
  enable_upload: zBool.optional(),
  enable_document_review: zBool.optional(),
  enable_comment: zBool.optional(),
  enable_comment_approval: zBool.optional(),
  enable_article: zBool.optional(),
  enable_article_approval: zBool.optional(),
  enable_article_crawl: zBool.optional(),
};
export const createGroupInput = z.object(groupFields);
export const updateGroupInput = z.object({ id: zId, ...groupFields });
export const listGroupsInput = listInput.extend({ size: z.coerce.number().int().min(1).max(1000).default(100) });
export const listGroupsOutput = z.object({ total: z.number(), group: z.array(groupOutput) });

export const permissionOutput = z.object({
  id: z.number(),
  method: z.string(),
  path: z.string(),
  title: z.string(),
  description: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type PermissionDTO = z.infer<typeof permissionOutput>;
export const listPermissionsInput = listInput.extend({
  size: z.coerce.number().int().min(1).max(1000).default(1000),
  method: zArray(z.enum(PermissionMethod)).optional(),
});
export const listPermissionsOutput = z.object({ total: z.number(), permission: z.array(permissionOutput) });
export const updatePermissionInput = z.object({
  id: zId,
  title: z.string().trim().min(1, 'groups.enter_permission_name').max(128),
  description: z.string().trim().max(255).optional(),
});
export const groupPermissionOutput = z.object({ permission_id: z.array(z.number()) });
export const updateGroupPermissionInput = z.object({
  group_id: zId,
  permission_id: zArray(zId).default([]),
});
export const myPermissionsOutput = z.object({ permission: z.array(permissionOutput) });
