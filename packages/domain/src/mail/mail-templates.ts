import type { MailMessage } from './mail.service.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** `{domain}/findpassword?token=…&email=…` (moredoc-facts §16.4). */
export function findPasswordLink(domain: string, token: string, email: string): string {
  const origin = (domain.trim() || 'http://localhost:8880').replace(/\/+$/, '');
  return `${origin}/findpassword?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;
}

/** The find-password mail: the link, its lifetime and moredoc's password advice. */
export function findPasswordMail(opts: { to: string; siteName: string; link: string; minutes: number }): MailMessage {
  const site = opts.siteName || '文库';
  const advice = ['包含大小写字母、数字和符号', '不少于 6 位', '不包含生日、手机号码等易被猜出的信息'];
  const html = [
    `<p>您好：</p>`,
    `<p>您正在找回您在【${escapeHtml(site)}】的账户密码，请在 ${opts.minutes} 分钟内点击下面的链接设置新密码：</p>`,
    `<p><a href="${escapeHtml(opts.link)}">${escapeHtml(opts.link)}</a></p>`,
    `<p>该链接只能使用一次。如果不是您本人操作，请忽略本邮件，您的密码不会改变。</p>`,
    `<p>为了您的账户安全，新密码建议：</p>`,
    `<ul>${advice.map((a) => `<li>${a}</li>`).join('')}</ul>`,
  ].join('\n');
  const text = [
    '您好：',
    `您正在找回您在【${site}】的账户密码，请在 ${opts.minutes} 分钟内打开下面的链接设置新密码：`,
    opts.link,
    '该链接只能使用一次。如果不是您本人操作，请忽略本邮件，您的密码不会改变。',
    `为了您的账户安全，新密码建议：${advice.join('；')}。`,
  ].join('\n\n');
  return { to: opts.to, subject: `找回密码 - ${site}`, html, text };
}

/** The e-mail code mail (moredoc-facts §17: subject 邮箱验证码, valid 30 minutes). */
export function emailCodeMail(opts: { to: string; siteName: string; code: string; minutes: number }): MailMessage {
  const site = opts.siteName || '文库';
  const html = [
    `<p>您好：</p>`,
    `<p>您正在注册【${escapeHtml(site)}】，您的邮箱验证码是：</p>`,
    `<p style="font-size:24px;font-weight:bold;letter-spacing:4px">${escapeHtml(opts.code)}</p>`,
    `<p>验证码 ${opts.minutes} 分钟内有效，只能使用一次。如果不是您本人操作，请忽略本邮件。</p>`,
  ].join('\n');
  const text = [
    '您好：',
    `您正在注册【${site}】，您的邮箱验证码是：${opts.code}`,
    `验证码 ${opts.minutes} 分钟内有效，只能使用一次。如果不是您本人操作，请忽略本邮件。`,
  ].join('\n\n');
  return { to: opts.to, subject: `邮箱验证码 - ${site}`, html, text };
}

/** What saving the mail settings sends to `email.test_email` (moredoc: 测试邮件 / 这是一封测试邮件). */
export function testMail(opts: { to: string; siteName: string }): MailMessage {
  const site = opts.siteName || '文库';
  return {
    to: opts.to,
    subject: `测试邮件 - ${site}`,
    html: `<p>这是一封测试邮件。</p><p>【${escapeHtml(site)}】的邮件服务配置可以正常发送邮件。</p>`,
    text: `这是一封测试邮件。\n\n【${site}】的邮件服务配置可以正常发送邮件。`,
  };
}
