import { createHash, randomUUID } from 'node:crypto';
import { Captcha } from '@wenku/db';
import { DomainError, MESSAGES } from '@wenku/shared';
import svgCaptcha from 'svg-captcha';
import type { DomainContext } from '../context.ts';
import { loadSettings } from '../settings/settings.service.ts';

/** Where a captcha can be asked for, and the security switch that turns it on (moredoc-facts §17). */
export const CAPTCHA_SWITCHES = {
  login: 'security.enable_captcha_login',
  register: 'security.enable_captcha_register',
  find_password: 'security.enable_captcha_find_password',
  comment: 'security.enable_captcha_comment',
} as const;
export type CaptchaType = keyof typeof CAPTCHA_SWITCHES;

const TTL_MS = 10 * 60_000;
const hashAnswer = (id: string, answer: string) =>
  createHash('sha256').update(`${id}:${answer.trim().toLowerCase()}`).digest('hex');

export async function isCaptchaEnabled(ctx: DomainContext, type: CaptchaType): Promise<boolean> {
  return (await loadSettings(ctx)).bool(CAPTCHA_SWITCHES[type]);
}

/** Issues a captcha image (SVG data URI) for a form; `enable: false` when that form needs none. */
export async function createCaptcha(ctx: DomainContext, type: string) {
  if (!(type in CAPTCHA_SWITCHES)) throw new DomainError('VALIDATION_FAILED', MESSAGES.unsupportedCaptchaType);
  const kind = type as CaptchaType;
  if (!(await isCaptchaEnabled(ctx, kind))) return { enable: false, id: '', captcha: '', type };
  const s = await loadSettings(ctx);
  const width = s.num('captcha.width', 240) > 0 ? s.num('captcha.width', 240) : 240;
  const height = s.num('captcha.height', 60) > 0 ? s.num('captcha.height', 60) : 60;
  const size = Math.min(Math.max(s.num('captcha.length', 5), 3), 8);
  const style = s.str('captcha.type', 'digit');
  const common = { width, height, noise: 2, color: true, background: '#f5f7fa', fontSize: Math.round(height * 0.9) };
  const made =
    style === 'math'
      ? svgCaptcha.createMathExpr({ ...common, mathMin: 1, mathMax: 20, mathOperator: '+-' })
      : svgCaptcha.create({
          ...common,
          size,
          ignoreChars: '0oO1lIi',
          ...(style === 'digit' ? { charPreset: '23456789' } : {}),
        });
  const id = randomUUID();
  await ctx.em.insert(Captcha, {
    id,
    type: kind,
    answerHash: hashAnswer(id, made.text),
    expiresAt: new Date(Date.now() + TTL_MS),
  });
  // Opportunistic clean-up keeps the table small without a scheduler.
  if (Math.random() < 0.05) await ctx.em.nativeDelete(Captcha, { expiresAt: { $lt: new Date() } });
  return { enable: true, id, captcha: `data:image/svg+xml;base64,${Buffer.from(made.data).toString('base64')}`, type };
}

/**
 * Checks and consumes a captcha when the form's switch is on; every captcha is single-use whatever the outcome.
 * Throws VALIDATION_FAILED with 请输入验证码 / 验证码错误.
 */
export async function assertCaptcha(
  ctx: DomainContext,
  type: CaptchaType,
  input: { captcha?: string; captcha_id?: string },
): Promise<void> {
  if (!(await isCaptchaEnabled(ctx, type))) return;
  const answer = input.captcha?.trim() ?? '';
  if (!answer || !input.captcha_id)
    throw new DomainError('VALIDATION_FAILED', MESSAGES.captchaRequired, [
      { field: 'captcha', message: MESSAGES.captchaRequired },
    ]);
  const rows: { answer_hash: string; type: string; expires_at: Date }[] = await ctx.em.execute(
    'delete from captcha where id = ? returning answer_hash, type, expires_at',
    [input.captcha_id],
  );
  const row = rows[0];
  const ok =
    row !== undefined &&
    row.type === type &&
    new Date(row.expires_at).getTime() > Date.now() &&
    row.answer_hash === hashAnswer(input.captcha_id, answer);
  if (!ok)
    throw new DomainError('VALIDATION_FAILED', MESSAGES.captchaWrong, [
      { field: 'captcha', message: MESSAGES.captchaWrong },
    ]);
}
