import { z } from 'zod';
import { listInput, MOBILE_PATTERN, timestamp, zArray, zId } from './common.ts';

/** SMS forms and server answers (moredoc-pro-facts §8, spec §5). Shared by the forms and the procedures. */
export const SMS_MESSAGES = {
  mobileRequired: 'sms.mobile_required',
  mobileInvalid: 'sms.mobile_invalid',
  codeRequired: 'sms.code_required',
  codeWrong: 'sms.code_wrong',
  codeExpired: 'sms.code_expired',
  typeInvalid: 'sms.type_invalid',
  smsDisabled: 'sms.sms_disabled',
  providerMissing: 'sms.provider_missing',
  sendFailed: 'sms.send_failed',
  dailyLimitMobile: 'sms.daily_limit_mobile',
  dailyLimitIp: 'sms.daily_limit_ip',
  mobileTaken: 'sms.mobile_taken',
  mobileUnknown: 'sms.mobile_unknown',
} as const;

const mobile = z
  .string({ error: SMS_MESSAGES.mobileRequired })
  .trim()
  .min(1, SMS_MESSAGES.mobileRequired)
  .regex(MOBILE_PATTERN, SMS_MESSAGES.mobileInvalid);
const code = z
  .string({ error: SMS_MESSAGES.codeRequired })
  .trim()
  .min(1, SMS_MESSAGES.codeRequired)
  .max(16, SMS_MESSAGES.codeWrong);
const captcha = {
  captcha: z.string().trim().max(16).optional().default(''),
  captcha_id: z.string().max(64).optional().default(''),
};
const newPassword = z
  .string({ error: 'users.new_password_required' })
  .min(1, 'users.new_password_required')
  .min(6, 'users.password_length')
  .max(64, 'sms.passwords_64_characters');

/** POST /sms: a code for register (0), login (1) or find password (2) (enums SmsPurpose), after the form's captcha. */
export const sendSmsInput = z.object({
  mobile,
  type: z.coerce
    .number({ error: SMS_MESSAGES.typeInvalid })
    .int(SMS_MESSAGES.typeInvalid)
    .min(0, SMS_MESSAGES.typeInvalid)
    .max(2, SMS_MESSAGES.typeInvalid),
  ...captcha,
});
export type SendSmsInput = z.infer<typeof sendSmsInput>;
/** `is_registered` lets the login form warn that an unknown number will be signed up (moredoc-pro-facts §8.3). */
export const sendSmsOutput = z.object({ is_registered: z.boolean() });

/** POST /user/login/mobile. */
export const loginMobileInput = z.object({ mobile, code });
export type LoginMobileInput = z.infer<typeof loginMobileInput>;

/** POST /user/register/mobile: the password is optional; an empty one gets a random password. */
export const registerMobileInput = z.object({
  mobile,
  code,
  password: z
    .string()
    .max(64, 'sms.passwords_64_characters')
    .refine((v) => v === '' || v.length >= 6, 'users.password_length')
    .optional()
    .default(''),
});
export type RegisterMobileInput = z.infer<typeof registerMobileInput>;
/** The register form: the captcha goes with the send request; a password only when the member chose to set one. */
export const registerMobileFormSchema = registerMobileInput
  .extend({ set_password: z.boolean(), ...captcha })
  .superRefine((v, c) => {
    if (!v.set_password) return;
    if (!v.password) c.addIssue({ code: 'custom', path: ['password'], message: 'sms.enter_account_password' });
    else if (v.password.length < 6)
      c.addIssue({ code: 'custom', path: ['password'], message: 'users.password_length' });
  });

/** POST /user/findpassword/mobile. */
export const findPasswordMobileInput = z.object({ mobile, code, password: newPassword });
export type FindPasswordMobileInput = z.infer<typeof findPasswordMobileInput>;

/** GET /sms/list (moredoc-pro-facts §8.4 filters). */
export const listSmsInput = listInput.extend({
  type: zArray(z.coerce.number().int().min(0).max(2)).optional(),
  status: zArray(z.coerce.number().int().min(0).max(2)).optional(),
  mobile: z.string().trim().max(20).optional(),
  user_id: zArray(zId).optional(),
});
export type ListSmsInput = z.infer<typeof listSmsInput>;

/** One send as the back office sees it; `code` is always masked (the code is only stored hashed). */
export const smsOutput = z.object({
  id: z.number(),
  type: z.number(),
  status: z.number(),
  user_id: z.number(),
  username: z.string(),
  mobile: z.string(),
  code: z.string(),
  ip: z.string(),
  provider: z.string(),
  error: z.string(),
  response: z.string(),
  attempts: z.number(),
  used_at: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type SmsDTO = z.infer<typeof smsOutput>;
