import { z } from 'zod';
import { listInput, timestamp, zArray, zBool, zId } from './common.ts';

export const createReportInput = z.object({
  document_id: z.coerce
    .number({ message: 'moderation.invalid_document' })
    .int()
    .positive('moderation.invalid_document'),
  type: z.coerce.number().int().min(0, 'comments.invalid_type').max(1, 'comments.invalid_type').default(0),
  reason: z.coerce.number().int().min(1, 'moderation.choose_reason').max(6, 'moderation.choose_reason'),
});

export const reportOutput = z.object({
  id: z.number(),
  document_id: z.number(),
  type: z.number(),
  user_id: z.number(),
  reason: z.number(),
  status: z.boolean(),
  remark: z.string(),
  document_title: z.string(),
  /** Document uuid or article identifier, for links. */
  document_uuid: z.string(),
  /** Owner of the reported item, for punishing. */
  owner_id: z.number(),
  username: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
});

export const reportListInput = listInput.extend({
  status: zArray(zBool).optional(),
  type: zArray(z.coerce.number().int().min(0).max(1)).optional(),
  reason: zArray(z.coerce.number().int().min(1).max(6)).optional(),
});

export const updateReportInput = z.object({
  id: zId,
  status: zBool.optional(),
  remark: z.string().trim().max(1024, 'moderation.remarks_1024_characters').optional(),
  /** Act on the report: disable the reported document (or reject the article). */
  disable_item: zBool.optional(),
});

const endTime = z
  .union([z.string().max(32), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    if (v === null || v === '') return null;
    const d = new Date(v.includes('T') ? v : v.replace(' ', 'T'));
    if (Number.isNaN(d.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'moderation.invalid_end_time' });
      return z.NEVER;
    }
    return d;
  });

export const createPunishmentInput = z.object({
  user_id: zArray(zId, { n: 1, message: 'moderation.choose_users' }),
  type: zArray(z.coerce.number().int().min(1).max(6), { n: 1, message: 'moderation.select_punishment_types' }),
  enable: zBool.default(true),
  reason: z.string().trim().max(1024, 'moderation.reasons_1024_characters').default(''),
  remark: z.string().trim().max(1024, 'moderation.remarks_1024_characters_2').default(''),
  end_time: endTime,
});

export const updatePunishmentInput = z.object({
  id: zId,
  type: z.coerce.number().int().min(1).max(6).optional(),
  enable: zBool.optional(),
  reason: z.string().trim().max(1024, 'moderation.reasons_1024_characters').optional(),
  remark: z.string().trim().max(1024, 'moderation.remarks_1024_characters_2').optional(),
  end_time: endTime,
});

export const punishmentOutput = z.object({
  id: z.number(),
  user_id: z.number(),
  username: z.string(),
  type: z.number(),
  enable: z.boolean(),
  /** Enabled and not past its end. */
  active: z.boolean(),
  reason: z.string(),
  remark: z.string(),
  end_time: z.string().nullable(),
  operators: z.array(z.object({ u: z.number(), t: z.number(), ts: z.number() })),
  created_at: timestamp,
  updated_at: timestamp,
});

export const punishmentListInput = listInput.extend({
  type: zArray(z.coerce.number().int().min(1).max(6)).optional(),
  enable: zArray(zBool).optional(),
  user_id: zArray(zId).optional(),
});
