import type { ReasonKey } from '@wenku/shared';
import { formatReason } from '@wenku/shared/reasons/format';
import i18n from '@/i18n';

/**
 * Failures by reason key (packages/shared/src/reasons) in the reader's language. The server words its answers in the
 * language the client asks for; the shared zod schemas name reason keys instead of sentences, which forms show
 * through `formMessage`. Each language's templates load with its texts, before the first render (i18n/index.ts), in
 * chunks of their own: the public shell carries neither (issue 17).
 */
const loaded: { 'zh-CN'?: Readonly<Record<string, string>>; en?: Readonly<Record<string, string>> } = {};

/** Loads the templates of a language; called by the language loader. */
export async function loadReasons(code: 'zh-CN' | 'en'): Promise<void> {
  if (code === 'en') loaded.en ??= (await import('@wenku/shared/reasons/en')).REASONS_EN;
  else loaded['zh-CN'] ??= (await import('@wenku/shared/reasons/zh-CN')).REASONS_ZH_CN;
}

const templates = (): Readonly<Record<string, string>> =>
  (i18n.language === 'en' ? loaded.en : loaded['zh-CN']) ?? loaded['zh-CN'] ?? {};

/** Whether a text is a reason key of the catalogue (as the shared schemas name them). */
export const isReasonKey = (text: string | undefined): text is ReasonKey =>
  !!text && Object.hasOwn(loaded['zh-CN'] ?? loaded.en ?? {}, text);

/** Translates names a message quotes (a setting's label, say), when the caller knows them in the reader's language. */
export type NameTranslator = (name: string) => string;

/** A reason's text in the reader's language; `name` translates the texts of the site it quotes. */
export function reasonMessage(
  key: ReasonKey,
  params?: Readonly<Record<string, string | number>>,
  name?: NameTranslator,
): string {
  const named = params && name ? translateNames(params, name) : params;
  return formatReason(templates(), { key, params: named });
}

const translateNames = (params: Readonly<Record<string, string | number>>, name: NameTranslator) =>
  Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? name(v) : v]));

/** A form's message in the reader's language: a schema's reason key worded, any other text (the server's) as it is. */
export function formMessage(message: string): string;
export function formMessage(message: string | undefined): string | undefined;
export function formMessage(message: string | undefined): string | undefined {
  return isReasonKey(message) ? reasonMessage(message) : message;
}

/** A reason key whose text names no parameters: a page can word it from the key alone (a redirect's `reason`). */
export const isPlainReason = (key: string): key is ReasonKey =>
  isReasonKey(key) && !/\{\w+\}/.test(loaded['zh-CN']?.[key] ?? loaded.en?.[key] ?? '{}');
