import i18n from '@/i18n';

/**
 * Validation messages come from the shared zod schemas in Chinese (the spec's wording). For English readers they are
 * looked up in the `validation` table; unknown messages show as they are.
 */
const EN: Record<string, string> = {
  请输入您的登录用户名: 'Please enter your login username',
  '用户名长度在 3 到 32 个字符': 'Usernames are 3 to 32 characters long',
  请输入您的登录密码: 'Please enter your password',
  密码长度不能小于6位: 'Passwords are at least 6 characters long',
  请输入正确的邮箱地址: 'Please enter a correct e-mail address',
  '请输入您的邮箱地址，以便忘记密码时找回': 'Please enter your e-mail address, used to recover a forgotten password',
  请输入您的旧密码: 'Please enter your current password',
  请输入您的新密码: 'Please enter your new password',
  请再次输入您的新密码: 'Please enter your new password again',
  两次输入的密码不一致: 'The two passwords are inconsistent',
  请输入正确的手机号码: 'Please enter a correct mobile number',
  请输入正确的身份证号码: 'Please enter a correct ID number',
};

export function localizeMessage(message: string | undefined): string | undefined {
  if (!message) return message;
  return i18n.language === 'en' ? (EN[message] ?? message) : message;
}
