import type { SettingName } from '@wenku/shared';
import type { Settings } from '../settings/settings.cache.ts';

/** The `email` settings group (moredoc-facts §4.8), read once per send. */
export interface MailConfig {
  enable: boolean;
  host: string;
  port: number;
  /** Implicit TLS from the first byte (port 465); otherwise STARTTLS is used when the server offers it. */
  secure: boolean;
  fromName: string;
  username: string;
  password: string;
  /** Minutes a find-password link stays valid, 1..60 (moredoc clamps the same way). */
  linkMinutes: number;
  secret: string;
  testEmail: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** Reads the mail settings from any source of `email.<name>` values. */
export function readMailConfig(value: (name: SettingName<'email'>) => string): MailConfig {
  const port = Number.parseInt(value('port'), 10);
  const minutes = Number.parseInt(value('duration'), 10);
  return {
    enable: value('enable') === 'true',
    host: value('host').trim(),
    port: Number.isInteger(port) && port > 0 && port < 65_536 ? port : 465,
    secure: value('is_tls') === 'true',
    fromName: value('from_name').trim(),
    username: value('username').trim(),
    password: value('password'),
    linkMinutes: Number.isInteger(minutes) ? Math.min(60, Math.max(1, minutes)) : 30,
    secret: value('secret'),
    testEmail: value('test_email').trim(),
  };
}

export const mailConfigOf = (s: Settings): MailConfig => readMailConfig((name) => s.str(`email.${name}`));

/** A short, single-line reason for an SMTP failure, fit for an admin's message (never a stack). */
export function describeMailError(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  return message.replace(/\s+/g, ' ').trim().slice(0, 300) || '未知错误';
}

/**
 * Sends one message through the configured SMTP server (nodemailer, one connection per message). Certificates are
 * verified (moredoc skipped the check). Throws an Error carrying the server's reason.
 */
export async function sendMail(config: MailConfig, message: MailMessage): Promise<void> {
  if (!config.host) throw new Error('未设置 SMTP 服务器地址');
  if (!config.username) throw new Error('未设置 SMTP 账号（发件地址）');
  // Loaded with the first message, not when the server starts (issue 17: memory of an idle server).
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({
    host: config.host,
    port: config.port,
    secure: config.secure,
    auth: config.password ? { user: config.username, pass: config.password } : undefined,
    // A dead server must not hold a request for nodemailer's default two minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  try {
    await transport.sendMail({
      from: { name: config.fromName || config.username, address: config.username },
      to: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
    });
  } finally {
    transport.close();
  }
}

const inFlight = new Set<Promise<void>>();

/**
 * Sends after the caller has answered: a request must not take longer when a mail goes out than when none does
 * (find password never reveals whether an address is registered). Failures are logged, never thrown.
 */
export function sendMailInBackground(config: MailConfig, message: MailMessage, what: string): void {
  const sending = sendMail(config, message)
    .catch((e) => console.error(`mail (${what}) failed: ${describeMailError(e)}`))
    .finally(() => inFlight.delete(sending));
  inFlight.add(sending);
}

/** Resolves when every background mail started so far has been handed over or has failed (tests, shutdown). */
export async function mailsSettled(): Promise<void> {
  await Promise.allSettled([...inFlight]);
}
