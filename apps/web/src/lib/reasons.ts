import type { ReasonKey } from '@wenku/shared';
import { formatReason } from '@wenku/shared/reasons/format';
import i18n from '@/i18n';

/**
 * Failures by reason key (packages/shared/src/reasons) in the reader's language. The server words its answers in the
 * language the client asks for; the shared zod schemas name reason keys instead of sentences, which forms show
 * through `formMessage`. Each language's templates are a chunk of their own, loaded when a form's module is (see
 * `needReasons`) or English is chosen (i18n/index.ts): the public shell carries neither, and a public page without a
 * form never fetches them (issue 17).
 */
const loaded: { 'zh-CN'?: Readonly<Record<string, string>>; en?: Readonly<Record<string, string>> } = {};

/** Loads the templates of a language; called by the language loader and by `needReasons`. */
export async function loadReasons(code: 'zh-CN' | 'en'): Promise<void> {
  if (code === 'en') loaded.en ??= (await import('@wenku/shared/reasons/en')).REASONS_EN;
  else loaded['zh-CN'] ??= (await import('@wenku/shared/reasons/zh-CN')).REASONS_ZH_CN;
}

let needed = false;

/** Whether a form has asked for the templates (the language loader then loads a new language's at once). */
export const reasonsNeeded = () => needed || loaded.en !== undefined || loaded['zh-CN'] !== undefined;

/**
 * Loads the templates of the reader's language, for a form: called when a form's module is evaluated
 * (`form-message.ts`), long before its first message. A public page with no form never fetches the catalogue
 * (issue 17); the server words its own answers in the reader's language, so failures need none.
 */
export function needReasons(): void {
  void reasonsReady();
}

/**
 * Resolves once the templates of the reader's language are here (at once when they are): a form's resolver and a
 * page judging a redirect's reason wait for it, so a message is never judged or shown before its catalogue loaded.
 * A catalogue that cannot load leaves the keys as they are.
 */
export function reasonsReady(): Promise<void> {
  needed = true;
  return loadReasons(i18n.language === 'en' ? 'en' : 'zh-CN').catch(() => {
    needed = false;
  });
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
