import { z } from 'zod';

/** Limits of one manual top-up (moredoc-pro-facts §4.7: 1 ~ 100w, so a slip of the finger cannot do much harm). */
export const RECHARGE_MIN = 1;
export const RECHARGE_MAX = 1_000_000;

/** The messages of the form, in the reader's language (the admin i18n texts). */
export interface RechargeMessages {
  creditRequired: string;
  creditRange: string;
  remarkRequired: string;
  confirmRequired: string;
  confirmMismatch: string;
}

/**
 * The 积分充值 drawer's form for one member: the amount as typed (a whole number 1–1,000,000), a remark, and the
 * member's username typed again, which must match, so the credit cannot land on the wrong row. The output is what
 * `order.systemRecharge` takes plus the confirmation.
 */
export function rechargeFormSchema(username: string, m: RechargeMessages) {
  return z.object({
    credit: z
      .string()
      .trim()
      .min(1, { message: m.creditRequired, abort: true })
      .regex(/^\d+$/, { message: m.creditRange, abort: true })
      .transform(Number)
      .pipe(z.number().int(m.creditRange).min(RECHARGE_MIN, m.creditRange).max(RECHARGE_MAX, m.creditRange)),
    remark: z.string().trim().min(1, m.remarkRequired).max(255),
    confirm_username: z
      .string()
      .trim()
      .min(1, { message: m.confirmRequired, abort: true })
      .refine((v) => v === username, m.confirmMismatch),
  });
}
export type RechargeFormInput = z.input<ReturnType<typeof rechargeFormSchema>>;
export type RechargeFormOutput = z.output<ReturnType<typeof rechargeFormSchema>>;
