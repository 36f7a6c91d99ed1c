import { z } from 'zod';
import { EMAIL_PATTERN, listInput, MOBILE_PATTERN, timestamp, zArray, zId } from './common.ts';

/** Form and procedure share these schemas and messages (ARCHITECTURE.md rule 11, spec §5). */
export const USER_MESSAGES = {
  usernameRequired: 'users.username_required',
  usernameLength: 'users.username_length',
  passwordRequired: 'users.password_required',
  passwordLength: 'users.password_length',
  emailInvalid: 'users.email_invalid',
  emailRequired: 'users.email_required',
  oldPasswordRequired: 'users.old_password_required',
  newPasswordRequired: 'users.new_password_required',
  confirmRequired: 'users.confirm_required',
  /** The register form's confirmation: there is no old password, so no "new" one (issue 20). */
  registerConfirmRequired: 'users.register_confirm_required',
  passwordInconsistent: 'users.password_inconsistent',
  mobileInvalid: 'sms.mobile_invalid',
  identityInvalid: 'users.identity_invalid',
} as const;

const username = z
  .string({ error: USER_MESSAGES.usernameRequired })
  .trim()
  .min(1, USER_MESSAGES.usernameRequired)
  .min(3, USER_MESSAGES.usernameLength)
  .max(32, USER_MESSAGES.usernameLength);
const password = z
  .string({ error: USER_MESSAGES.passwordRequired })
  .min(1, USER_MESSAGES.passwordRequired)
  .min(6, USER_MESSAGES.passwordLength)
  .max(64, 'sms.passwords_64_characters');
const email = z.string().trim().max(128).regex(EMAIL_PATTERN, USER_MESSAGES.emailInvalid);
const captcha = {
  captcha: z.string().trim().max(16).optional().default(''),
  captcha_id: z.string().max(64).optional().default(''),
};

export const registerInput = z.object({
  username,
  password,
  email: z.string().trim().min(1, USER_MESSAGES.emailRequired).pipe(email),
  code: z.string().trim().max(16).optional().default(''),
  ...captcha,
});
export type RegisterInput = z.infer<typeof registerInput>;

/** The web register form adds a confirmation the server never sees. */
export const registerFormSchema = registerInput
  .extend({ repassword: z.string().min(1, USER_MESSAGES.registerConfirmRequired) })
  .refine((v) => v.password === v.repassword, { path: ['repassword'], message: USER_MESSAGES.passwordInconsistent });

export const loginInput = z.object({
  username: z.string({ error: USER_MESSAGES.usernameRequired }).trim().min(1, USER_MESSAGES.usernameRequired).max(64),
  password: z.string({ error: USER_MESSAGES.passwordRequired }).min(1, USER_MESSAGES.passwordRequired).max(64),
  ...captcha,
});
export type LoginInput = z.infer<typeof loginInput>;

/** What a member sees of their own account; admins see the same of anyone. */
export const userOutput = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  mobile: z.string(),
  avatar: z.string(),
  realname: z.string(),
  identity: z.string(),
  address: z.string(),
  signature: z.string(),
  status: z.number(),
  credit_count: z.number(),
  doc_count: z.number(),
  article_count: z.number(),
  favorite_count: z.number(),
  comment_count: z.number(),
  follow_count: z.number(),
  fans_count: z.number(),
  is_vip: z.boolean(),
  /** False until a mobile sign-up chooses a password (the old one is not asked then). */
  password_set: z.boolean(),
  login_at: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  group_id: z.array(z.number()),
  remark: z.string().optional(),
  register_ip: z.string().optional(),
  last_login_ip: z.string().optional(),
});
export type UserDTO = z.infer<typeof userOutput>;

/** What anyone may see about another member (moredoc-facts §2.9 public fields). */
export const publicUserOutput = userOutput.pick({
  id: true,
  username: true,
  avatar: true,
  signature: true,
  doc_count: true,
  article_count: true,
  favorite_count: true,
  comment_count: true,
  follow_count: true,
  fans_count: true,
  credit_count: true,
  is_vip: true,
  created_at: true,
});
export type PublicUserDTO = z.infer<typeof publicUserOutput>;

export const authOutput = z.object({ token: z.string(), user: userOutput });
export type AuthDTO = z.infer<typeof authOutput>;

export const getUserInput = z.object({ id: z.coerce.number().int().min(0).optional().default(0) });
export const getUserOutput = z.union([userOutput, publicUserOutput]);

export const profileInput = z.object({
  id: z.coerce.number().int().min(0).optional().default(0),
  username: z.string().optional(),
  realname: z.string().trim().max(64).optional(),
  identity: z
    .string()
    .trim()
    .max(32)
    .regex(/^$|^[0-9]{17}[0-9Xx]$|^[0-9]{15}$/, USER_MESSAGES.identityInvalid)
    .optional(),
  email: z
    .string()
    .trim()
    .max(128)
    .refine((v) => v === '' || EMAIL_PATTERN.test(v), USER_MESSAGES.emailInvalid)
    .optional(),
  mobile: z
    .string()
    .trim()
    .refine((v) => v === '' || MOBILE_PATTERN.test(v), USER_MESSAGES.mobileInvalid)
    .optional(),
  address: z.string().trim().max(255).optional(),
  signature: z.string().trim().max(255).optional(),
  avatar: z.string().trim().max(255).optional(),
  /** The code mailed for `type: 'bind'`, needed when a member binds an address and e-mails are verified. */
  email_code: z.string().trim().max(16).optional(),
  remark: z.string().trim().max(255).optional(),
});
export type ProfileInput = z.infer<typeof profileInput>;

/** The profile form: username is read-only but must be present (spec §5). */
export const profileFormSchema = profileInput.extend({
  username: z.string().trim().min(1, USER_MESSAGES.usernameRequired),
});

export const passwordInput = z.object({
  id: z.coerce.number().int().min(0).optional().default(0),
  old_password: z.string().max(64).optional().default(''),
  new_password: z
    .string({ error: USER_MESSAGES.newPasswordRequired })
    .min(1, USER_MESSAGES.newPasswordRequired)
    .min(6, USER_MESSAGES.passwordLength)
    .max(64),
});
export type PasswordInput = z.infer<typeof passwordInput>;

const passwordFields = (oldPassword: z.ZodString) =>
  z
    .object({
      username: z.string(),
      old_password: oldPassword,
      new_password: z.string().min(1, USER_MESSAGES.newPasswordRequired).min(6, USER_MESSAGES.passwordLength),
      repeat_password: z.string().min(1, USER_MESSAGES.confirmRequired),
    })
    .refine((v) => v.new_password === v.repeat_password, {
      path: ['repeat_password'],
      message: USER_MESSAGES.passwordInconsistent,
    });
/** The password form of spec §5: every field required, mismatch sends nothing. */
export const passwordFormSchema = passwordFields(z.string().min(1, USER_MESSAGES.oldPasswordRequired));
/** A mobile sign-up's first password (`password_set` false): there is no old password to give. */
export const firstPasswordFormSchema = passwordFields(z.string());

export const passwordOutput = z.object({ token: z.string().optional() });

export const listUsersInput = listInput.extend({
  id: zArray(zId).optional(),
  group_id: zArray(zId).optional(),
  status: zArray(z.coerce.number().int().min(0).max(4)).optional(),
});
export const listUsersOutput = z.object({
  total: z.number(),
  user: z.array(z.union([userOutput, publicUserOutput])),
});

export const createUserInput = z.object({
  username,
  password,
  email: z
    .string()
    .trim()
    .max(128)
    .refine((v) => v === '' || EMAIL_PATTERN.test(v), USER_MESSAGES.emailInvalid),
  mobile: z
    .string()
    .trim()
    .refine((v) => v === '' || MOBILE_PATTERN.test(v), USER_MESSAGES.mobileInvalid)
    .optional()
    .default(''),
  group_id: zArray(zId, { n: 1, message: 'users.group_required' }),
  status: z.coerce.number().int().min(0).max(4).optional().default(0),
});

export const setUserInput = z.object({
  id: zId,
  group_id: zArray(zId, { n: 1, message: 'users.group_required' }).optional(),
  password: z.string().min(6, USER_MESSAGES.passwordLength).max(64).optional().or(z.literal('')),
  status: z.coerce.number().int().min(0).max(4).optional(),
});

export const deleteUserInput = z.object({
  id: zArray(zId, { n: 1, message: 'moderation.choose_users' }),
  /** The acting administrator's own password (moredoc-facts §16.5). */
  password: z.string().min(1, 'users.password_required'),
});

/** Find password, step one (moredoc-facts §16.4): the address a link is sent to. */
export const findPasswordStepOneInput = z.object({
  email: z.string().trim().min(1, USER_MESSAGES.emailRequired).pipe(email),
  ...captcha,
});
export type FindPasswordStepOneInput = z.infer<typeof findPasswordStepOneInput>;

const newPassword = z
  .string({ error: USER_MESSAGES.newPasswordRequired })
  .min(1, USER_MESSAGES.newPasswordRequired)
  .min(6, USER_MESSAGES.passwordLength)
  .max(64, 'sms.passwords_64_characters');

/** Find password, step two: the link's token and address with the new password. */
export const findPasswordStepTwoInput = z.object({
  email: z.string().trim().min(1, USER_MESSAGES.emailRequired).pipe(email),
  token: z.string().trim().min(1, 'auth.find_password_link_invalid').max(2048),
  password: newPassword,
  ...captcha,
});
export type FindPasswordStepTwoInput = z.infer<typeof findPasswordStepTwoInput>;

/** The step-two form adds a confirmation the server never sees. */
export const findPasswordStepTwoFormSchema = findPasswordStepTwoInput
  .extend({ repassword: z.string().min(1, USER_MESSAGES.confirmRequired) })
  .refine((v) => v.password === v.repassword, { path: ['repassword'], message: USER_MESSAGES.passwordInconsistent });

/** What an e-mail code may be asked for: registration (moredoc-facts §17) and binding an address in the profile. */
export const EMAIL_CODE_TYPES = ['register', 'bind'] as const;
export type EmailCodeType = (typeof EMAIL_CODE_TYPES)[number];

export const sendEmailCodeInput = z.object({
  email: z.string().trim().min(1, USER_MESSAGES.emailRequired).pipe(email),
  type: z.enum(EMAIL_CODE_TYPES, { error: 'users.unsupported_e_mail_code' }).optional().default('register'),
  ...captcha,
});
export type SendEmailCodeInput = z.infer<typeof sendEmailCodeInput>;

export const captchaInput = z.object({
  type: z.string().default('login'),
  /** A spoken captcha in this language instead of the image (`captcha.enable_audio`). */
  audio: z.enum(['zh', 'en'], { error: 'users.unsupported_language_for_spoken' }).optional(),
});
export const captchaOutput = z.object({
  enable: z.boolean(),
  id: z.string(),
  captcha: z.string(),
  type: z.string(),
});
