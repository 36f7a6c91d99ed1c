import rosetta from 'rosetta';
import { ZH_CN } from './zh-CN';

/**
 * One i18n layer for every UI string: zh-CN (the spec's texts, default) and a complete English translation,
 * one file per area and language (`t('auth.login.title')`, `{{name}}` put in as it is). A unit test checks both
 * languages have the same keys. zh-CN is in the entry chunk; English, with the English wording of the reasons of
 * failures (lib/reasons.ts), loads only when chosen (issue 17). The texts are looked up and filled in by rosetta
 * (300 bytes; i18next, which did this before, weighed 15 KB gzip in every public page and the app used none of what
 * it adds: plurals, formats, nesting, backends): a text missing in English is shown in zh-CN, a key missing in both
 * as the key.
 */
export const LANGUAGES = [
  { code: 'zh-CN', label: '简体中文' },
  { code: 'en', label: 'English' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const STORAGE_KEY = 'wenku-lang';

/** A language's texts: groups of groups of strings. */
export interface Texts {
  [key: string]: string | Texts;
}

/** The texts of one language, filled in with `values` (`{{count}}`). */
export type TFunction = (key: string, values?: Record<string, unknown>) => string;

// A copy: areas merge their groups into it, and the module's own object stays as written (i18n.test.ts reads it).
const store = rosetta<Texts>({ 'zh-CN': { ...(ZH_CN as Texts) } });
let current: LanguageCode = 'zh-CN';
const listeners = new Set<() => void>();

/** `from` merged into a copy of `into`, group by group (an area adds sub-groups beside the shell's). */
function merged(into: Texts, from: Texts): Texts {
  const out = { ...into };
  for (const [key, value] of Object.entries(from)) {
    const old = out[key];
    out[key] = typeof value === 'object' && typeof old === 'object' ? merged(old, value) : value;
  }
  return out;
}

/** The text of `key` in one language's table, if it has one. */
function lookup(code: LanguageCode, key: string): string | undefined {
  let node: string | Texts | undefined = store.table(code) ?? undefined;
  // Own keys only: `constructor.name` is no text.
  for (const part of key.split('.'))
    node = typeof node === 'object' && Object.hasOwn(node, part) ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** The language `key` is shown in for a reader of `language`: theirs, else zh-CN; none when neither has it. */
function sourceOf(language: LanguageCode, key: string): LanguageCode | undefined {
  if (language !== 'zh-CN' && lookup(language, key) !== undefined) return language;
  return lookup('zh-CN', key) === undefined ? undefined : 'zh-CN';
}

function translate(language: LanguageCode, key: string, values?: Record<string, unknown>): string {
  const code = sourceOf(language, key);
  return code ? store.t(key, values, code) : key;
}

/** The app's texts and its current language (the one instance, as the server's render and the browser use it). */
const i18n = {
  get language(): LanguageCode {
    return current;
  },
  /** A text of the current language. */
  t: (key: string, values?: Record<string, unknown>): string => translate(current, key, values),
  /** The texts of one language, whatever the current one becomes. */
  fixedT(language: LanguageCode): TFunction {
    return (key, values) => translate(language, key, values);
  },
  /** The text of `key` as written, `{{…}}` unfilled (a text with markup, i18n/trans.tsx). */
  template(key: string, language: LanguageCode = current): string | undefined {
    const code = sourceOf(language, key);
    return code ? lookup(code, key) : undefined;
  },
  /** Whether the current language, or zh-CN behind it, has a text for `key`. */
  exists(key: string): boolean {
    return sourceOf(current, key) !== undefined;
  },
  /** Whether a language's texts are loaded. */
  has(language: LanguageCode): boolean {
    return store.table(language) !== undefined;
  },
  /** Adds texts to a language, merged group by group into what it has. */
  add(language: LanguageCode, texts: Texts): void {
    store.set(language, merged(store.table(language) ?? {}, texts));
  },
  /** Switches the language every text is read in, and tells those who listen. */
  changeLanguage(language: LanguageCode): Promise<void> {
    current = language;
    for (const listener of [...listeners]) listener();
    return Promise.resolve();
  },
  /** Calls `onChange` after each change of language, until the returned function is called. */
  subscribe(onChange: () => void): () => void {
    listeners.add(onChange);
    return () => listeners.delete(onChange);
  },
};

/** The language this browser chose before (zh-CN when none or when storage is unavailable). */
export function storedLanguage(): LanguageCode {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(STORAGE_KEY) === 'en' ? 'en' : 'zh-CN';
  } catch {
    return 'zh-CN';
  }
}

/** Loads a language's texts on first use and switches to it; zh-CN is always there. */
export async function loadLanguage(code: LanguageCode): Promise<void> {
  // The wording of reasons (lib/reasons.ts): the server words its own answers in the reader's language, so only a
  // form's message needs it. A zh-CN reader's page loads it with its first form, not before (issue 17); English
  // readers get it in the same wait as the English texts, and a change of language brings the new language's once a
  // form has asked for them.
  const reasons = import('@/lib/reasons').then((m) =>
    code === 'en' || m.reasonsNeeded() ? m.loadReasons(code) : undefined,
  );
  if (code === 'en' && !i18n.has('en')) {
    const { EN } = await import('./en');
    i18n.add('en', EN);
  }
  if (code === 'en') await reasons;
  else reasons.catch(() => undefined);
  await i18n.changeLanguage(code);
}

let adminTexts: Promise<void> | undefined;

/**
 * The back office's zh-CN texts, loaded when it is opened (issue 17): a reader's phone never fetches them. English
 * carries them in its own bundle.
 */
export function loadAdminTexts(): Promise<void> {
  adminTexts ??= Promise.all([
    import('./zh-CN/admin'),
    // The back office's sub-groups of documents, auth and home (its document list, SMS log, dashboard).
    import('./zh-CN/back-office'),
    // The areas public pages load with their modules (i18n/areas), for the back office's tables and forms.
    import('./areas/member'),
    import('./areas/moderation'),
    import('./areas/spider'),
    import('./areas/account'),
  ]).then(
    ([{ default: admin }, { default: backOffice }]) => {
      i18n.add('zh-CN', { admin });
      i18n.add('zh-CN', backOffice);
    },
    (e: unknown) => {
      adminTexts = undefined;
      throw e;
    },
  );
  return adminTexts;
}

/** The visitor's choice of language: loaded, switched to and remembered. */
export async function setLanguage(code: LanguageCode) {
  await loadLanguage(code);
  try {
    localStorage.setItem(STORAGE_KEY, code);
  } catch {
    // ignore
  }
  document.documentElement.lang = code;
}

export default i18n;
