import { createHash, randomInt, randomUUID } from 'node:crypto';
import { Captcha } from '@wenku/db';
import { DomainError } from '@wenku/shared';
import type { DomainContext } from '../context.ts';
import type { Settings } from '../settings/settings.cache.ts';
import { loadSettings } from '../settings/settings.service.ts';
import { type CaptchaAudioLanguage, speakDigits } from './captcha-audio.ts';
import { refundRateLimitPoints, secondsLeft, takeRateLimitPoint } from './login-limiter.ts';

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

/**
 * Wrong captcha answers one address may give in a window, across every form that asks for one. Each captcha answers
 * once whatever the outcome, so this is what stops a bot that fetches captcha after captcha and guesses.
 */
export const CAPTCHA_WRONG_PER_IP = 20;
const CAPTCHA_WRONG_WINDOW_MS = 10 * 60_000;

/** Fixed window of spoken captchas per IP: each one starts a speech process. */
const AUDIO_PER_IP = 30;
const AUDIO_WINDOW_MS = 10 * 60_000;

/** How many characters a captcha has: `captcha.length`, 6 when 0 or less (the setting's own hint), kept to 3–8. */
export function captchaLength(setting: number): number {
  if (!Number.isFinite(setting) || setting <= 0) return 6;
  return Math.min(Math.max(Math.trunc(setting), 3), 8);
}

/** A challenge and its answer: what the form shows (a data URI) and what the member must type. */
interface Challenge {
  captcha: string;
  text: string;
}

/**
 * An SVG image in the `captcha` settings' style (digit, string or math). svg-captcha (with its font and opentype.js,
 * ~2 MB of heap) loads with the first captcha, not at start (issue 17).
 */
async function imageChallenge(s: Settings, size: number): Promise<Challenge> {
  const { default: svgCaptcha } = await import('svg-captcha');
  const width = s.num('captcha.width', 240) > 0 ? s.num('captcha.width', 240) : 240;
  const height = s.num('captcha.height', 60) > 0 ? s.num('captcha.height', 60) : 60;
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
  return { text: made.text, captcha: `data:image/svg+xml;base64,${Buffer.from(made.data).toString('base64')}` };
}

/** Digits read out as a WAV, for those who cannot read the image; off by setting, limited per IP. */
async function spokenChallenge(
  ctx: DomainContext,
  s: Settings,
  size: number,
  language: CaptchaAudioLanguage,
): Promise<Challenge> {
  if (!s.bool('captcha.enable_audio')) throw new DomainError('FEATURE_DISABLED', 'captcha.audio_disabled');
  const window = await takeRateLimitPoint(ctx, `captcha_audio:${ctx.ip}`, AUDIO_WINDOW_MS);
  if (window.points > AUDIO_PER_IP) throw new DomainError('RATE_LIMITED', 'captcha.audio_too_frequent');
  const text = Array.from({ length: size }, () => String(randomInt(10))).join('');
  return { text, captcha: `data:audio/wav;base64,${(await speakDigits(text, language)).toString('base64')}` };
}

/**
 * Issues a captcha for a form; `enable: false` when that form needs none. By default an SVG image (data URI) in the
 * `captcha` settings' style; with `audio` a WAV data URI that reads out digits in that language. Either kind is
 * answered and consumed the same way. Throws VALIDATION_FAILED (unknown type), FEATURE_DISABLED (audio off or
 * unavailable), RATE_LIMITED (too many spoken captchas).
 */
export async function createCaptcha(ctx: DomainContext, type: string, audio?: CaptchaAudioLanguage) {
  if (!(type in CAPTCHA_SWITCHES)) throw new DomainError('VALIDATION_FAILED', 'captcha.unsupported_type');
  const kind = type as CaptchaType;
  if (!(await isCaptchaEnabled(ctx, kind))) return { enable: false, id: '', captcha: '', type };
  const s = await loadSettings(ctx);
  const size = captchaLength(s.num('captcha.length', 5));
  const { text, captcha } = audio ? await spokenChallenge(ctx, s, size, audio) : await imageChallenge(s, size);
  const id = randomUUID();
  await ctx.em.insert(Captcha, {
    id,
    type: kind,
    answerHash: hashAnswer(id, text),
    expiresAt: new Date(Date.now() + TTL_MS),
  });
  // Opportunistic clean-up keeps the table small without a scheduler.
  if (Math.random() < 0.05) await ctx.em.nativeDelete(Captcha, { expiresAt: { $lt: new Date() } });
  return { enable: true, id, captcha, type };
}

/**
 * Checks and consumes a captcha when the form's switch is on; every captcha is single-use whatever the outcome. The
 * check first takes a point from the address's budget of wrong answers (atomic, so parallel answers cannot exceed
 * it); a right answer gives it back. Throws VALIDATION_FAILED with 请输入验证码 / 验证码错误, RATE_LIMITED.
 */
export async function assertCaptcha(
  ctx: DomainContext,
  type: CaptchaType,
  input: { captcha?: string; captcha_id?: string },
): Promise<void> {
  if (!(await isCaptchaEnabled(ctx, type))) return;
  const answer = input.captcha?.trim() ?? '';
  if (!answer || !input.captcha_id) throw new DomainError('VALIDATION_FAILED', 'captcha.required', 'captcha');
  const budgetKey = `captcha_wrong:${ctx.ip}`;
  const window = await takeRateLimitPoint(ctx, budgetKey, CAPTCHA_WRONG_WINDOW_MS);
  if (window.points > CAPTCHA_WRONG_PER_IP)
    throw new DomainError('RATE_LIMITED', { key: 'captcha.too_many_wrong', params: { seconds: secondsLeft(window) } });
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
  if (ok) return refundRateLimitPoints(ctx, [budgetKey]);
  throw new DomainError('VALIDATION_FAILED', 'captcha.wrong', 'captcha');
}
