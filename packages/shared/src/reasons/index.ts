import { REASONS_EN } from './en.ts';
import { formatReason } from './format.ts';
import { REASONS_ZH_CN } from './zh-CN.ts';

export { REASONS_EN } from './en.ts';
export { formatReason } from './format.ts';
export { REASONS_ZH_CN } from './zh-CN.ts';

/** The languages a message can be rendered in: Chinese (the default, moredoc's wording) and English. */
export type MessageLanguage = 'zh-CN' | 'en';

/** A reason a request failed, by stable key (`documents.not_found`): what clients tell errors apart by. */
export type ReasonKey = keyof typeof REASONS_ZH_CN;

/** The `{names}` in a template. */
type Placeholders<S extends string> = S extends `${string}{${infer P}}${infer Rest}` ? P | Placeholders<Rest> : never;

/** The parameters a reason's text names. */
export type ReasonParamName<K extends ReasonKey> = Placeholders<(typeof REASONS_ZH_CN)[K]>;

/**
 * A name the site ships in both languages (a setting's label, a permission's title): `text` is the site's own
 * (Chinese) text, the one stored and shown in Chinese; `en` its English wording. A reason quoting it is worded with
 * the name of the reader's language, on the server and on the wire alike (issue 21 item 1).
 */
export interface NamedText {
  text: string;
  en: string;
}

/** A name in both languages; `en` falls back to the text when there is no English wording. */
export const namedText = (text: string, en: string | undefined): NamedText => ({ text, en: en || text });

/**
 * A parameter's value: a number, a text of the site's own (a title an administrator wrote, a file name), a name the
 * site ships in both languages, or another reason.
 */
export type ReasonParam = string | number | NamedText | Reason;

const isNamedText = (value: ReasonParam): value is NamedText => typeof value === 'object' && !('key' in value);

/** The keys of reasons without parameters: these can be named by their key alone. */
export type PlainReasonKey = { [K in ReasonKey]: [ReasonParamName<K>] extends [never] ? K : never }[ReasonKey];

/** A reason with the values of its parameters, rendered in the reader's language when it reaches them. */
export type Reason =
  | { key: PlainReasonKey; params?: undefined }
  | {
      [K in Exclude<ReasonKey, PlainReasonKey>]: { key: K; params: Record<ReasonParamName<K>, ReasonParam> };
    }[Exclude<ReasonKey, PlainReasonKey>];

/** A reason by key (one without parameters) or with its parameters. */
export type ReasonLike = PlainReasonKey | Reason;

/** Reasons on the wire: the key and the parameters' values, nested reasons already rendered. */
export type WireParams = Record<string, string | number>;

export const isReasonKey = (value: unknown): value is ReasonKey =>
  typeof value === 'string' && Object.hasOwn(REASONS_ZH_CN, value);

export const toReason = (reason: ReasonLike): Reason => (typeof reason === 'string' ? { key: reason } : reason);

/** The `{names}` a template uses, in order (the catalogue test compares them between languages). */
export const placeholdersOf = (template: string): string[] =>
  [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');

export const REASON_TEXTS: Record<MessageLanguage, Readonly<Record<ReasonKey, string>>> = {
  'zh-CN': REASONS_ZH_CN,
  en: REASONS_EN,
};

/** A reason's text in a language (Chinese unless told). */
export const reasonText = (reason: ReasonLike, lang: MessageLanguage = 'zh-CN'): string => {
  const r = toReason(reason);
  const params = wireParams(r, lang);
  return formatReason(REASON_TEXTS[lang], params ? { key: r.key, params } : r);
};

/** The parameters as the wire carries them: names and nested reasons rendered in the language. */
export function wireParams(reason: Reason, lang: MessageLanguage): WireParams | undefined {
  const params = reason.params as Readonly<Record<string, ReasonParam>> | undefined;
  if (!params) return undefined;
  return Object.fromEntries(
    Object.entries(params).map(([k, v]) => [
      k,
      typeof v !== 'object' ? v : isNamedText(v) ? (lang === 'en' ? v.en : v.text) : reasonText(v, lang),
    ]),
  );
}
