import { z } from 'zod';
import { listInput, timestamp, zArray, zBool } from './common.ts';

export const configOutput = z.object({
  id: z.number(),
  category: z.string(),
  name: z.string(),
  label: z.string(),
  value: z.string(),
  placeholder: z.string(),
  input_type: z.string(),
  sort: z.number(),
  options: z.string(),
  is_secret: z.boolean(),
  col_num: z.number(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type ConfigDTO = z.infer<typeof configOutput>;
export const listConfigInput = z.object({ category: zArray(z.string().max(32)).optional() });
export const listConfigOutput = z.object({ config: z.array(configOutput) });
export const updateConfigInput = z.object({
  config: z
    .array(
      z.object({
        id: z.coerce.number().int().optional(),
        category: z.string().max(32),
        name: z.string().max(64),
        value: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).transform((v) => {
          if (Array.isArray(v)) return v.join(',');
          return String(v);
        }),
      }),
    )
    .min(1, 'settings.there_no_settings_update'),
});

/** GET /api/v1/settings (moredoc-facts §4.11 plus credit_name, version, download, payment, vip). */
const anyRecord = z.record(z.string(), z.unknown());
export const publicSettingsOutput = z.object({
  system: anyRecord,
  footer: anyRecord,
  security: anyRecord,
  display: anyRecord,
  download: anyRecord,
  payment: anyRecord,
  vip: anyRecord,
  ssr: anyRecord,
  language: z.array(z.object({ id: z.number(), language: z.string(), code: z.string() })),
});
export type PublicSettings = z.infer<typeof publicSettingsOutput>;

export const rechargeSettingsOutput = z.object({
  enable: z.boolean(),
  recharge_discount: z.string(),
  credit_name: z.string(),
  credit_exchange: z.number(),
});

export const statsOutput = z.object({
  user_count: z.number(),
  document_count: z.number(),
  article_count: z.number(),
  os: z.string(),
  version: z.string(),
  hash: z.string(),
  build_at: z.string(),
  category_count: z.number().optional(),
  comment_count: z.number().optional(),
  banner_count: z.number().optional(),
  friendlink_count: z.number().optional(),
  report_count: z.number().optional(),
  /** Documents in the full-text index and the index's size in bytes (moredoc Pro's dashboard). */
  index_document_count: z.number().optional(),
  index_document_size: z.number().optional(),
});

export const attachmentOutput = z.object({
  id: z.number(),
  hash: z.string(),
  user_id: z.number(),
  username: z.string().optional(),
  type_id: z.number(),
  type: z.number(),
  type_name: z.string().optional(),
  enable: z.boolean(),
  path: z.string(),
  name: z.string(),
  size: z.number(),
  width: z.number(),
  height: z.number(),
  ext: z.string(),
  ip: z.string(),
  description: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type AttachmentDTO = z.infer<typeof attachmentOutput>;
export const listAttachmentsInput = listInput.extend({
  type: zArray(z.coerce.number().int().min(0).max(8)).optional(),
  enable: zArray(zBool).optional(),
  user_id: zArray(z.coerce.number().int().min(0)).optional(),
  ext: zArray(z.string().max(16)).optional(),
});
export const listAttachmentsOutput = z.object({ total: z.number(), attachment: z.array(attachmentOutput) });
export const updateAttachmentInput = z.object({
  id: z.coerce.number().int().positive(),
  name: z.string().trim().min(1, 'settings.enter_attachment_name').max(255),
  enable: zBool.optional(),
  description: z.string().trim().max(255).optional(),
});
