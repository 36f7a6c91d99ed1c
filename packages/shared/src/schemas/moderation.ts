import { z } from 'zod';
import { listInput, timestamp, zArray, zBool, zId } from './common.ts';

export const createReportInput = z.object({
  document_id: z.coerce.number({ message: '文档参数不正确' }).int().positive('文档参数不正确'),
  type: z.coerce.number().int().min(0, '类型不正确').max(1, '类型不正确').default(0),
  reason: z.coerce.number().int().min(1, '请选择举报原因').max(6, '请选择举报原因'),
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
  remark: z.string().trim().max(1024, '处理备注不能超过1024个字符').optional(),
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
      ctx.addIssue({ code: 'custom', message: '结束时间格式不正确' });
      return z.NEVER;
    }
    return d;
  });

export const createPunishmentInput = z.object({
  user_id: zArray(zId, { n: 1, message: '请选择用户' }),
  type: zArray(z.coerce.number().int().min(1).max(6), { n: 1, message: '请选择处罚类型' }),
  enable: zBool.default(true),
  reason: z.string().trim().max(1024, '处罚原因不能超过1024个字符').default(''),
  remark: z.string().trim().max(1024, '备注不能超过1024个字符').default(''),
  end_time: endTime,
});

export const updatePunishmentInput = z.object({
  id: zId,
  type: z.coerce.number().int().min(1).max(6).optional(),
  enable: zBool.optional(),
  reason: z.string().trim().max(1024, '处罚原因不能超过1024个字符').optional(),
  remark: z.string().trim().max(1024, '备注不能超过1024个字符').optional(),
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
