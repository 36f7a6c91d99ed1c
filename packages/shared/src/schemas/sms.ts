import { z } from 'zod';
import { listInput, MOBILE_PATTERN, timestamp, zArray, zId } from './common.ts';

/** SMS forms and server answers (moredoc-pro-facts §8, spec §5). Shared by the forms and the procedures. */
export const SMS_MESSAGES = {
  mobileRequired: '请输入您的手机号码',
  mobileInvalid: '请输入正确的手机号码',
  codeRequired: '请输入您的短信验证码',
  codeWrong: '短信验证码错误',
  codeExpired: '短信验证码已过期，请重新获取',
  typeInvalid: '不支持的短信验证码类型',
  smsDisabled: '短信服务未启用',
  providerMissing: '短信服务未配置，请联系管理员',
  sendFailed: '短信发送失败，请稍后再试',
  dailyLimitMobile: '该手机号码今日发送的短信验证码已达上限，请明天再试',
  dailyLimitIp: '今日发送的短信验证码已达上限，请明天再试',
  mobileTaken: '该手机号码已被注册',
  mobileUnknown: '该手机号码未注册',
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
  .string({ error: '请输入您的新密码' })
  .min(1, '请输入您的新密码')
  .min(6, '密码长度不能小于6位')
  .max(64, '密码长度不能超过64位');

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
    .max(64, '密码长度不能超过64位')
    .refine((v) => v === '' || v.length >= 6, '密码长度不能小于6位')
    .optional()
    .default(''),
});
export type RegisterMobileInput = z.infer<typeof registerMobileInput>;
/** The register form: the captcha goes with the send request; a password only when the member chose to set one. */
export const registerMobileFormSchema = registerMobileInput
  .extend({ set_password: z.boolean(), ...captcha })
  .superRefine((v, c) => {
    if (!v.set_password) return;
    if (!v.password) c.addIssue({ code: 'custom', path: ['password'], message: '请输入您的账号密码' });
    else if (v.password.length < 6) c.addIssue({ code: 'custom', path: ['password'], message: '密码长度不能小于6位' });
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
