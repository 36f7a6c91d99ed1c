import i18n from 'i18next';
import { ZH_CN } from './zh-CN';

/**
 * One i18n layer for every UI string: zh-CN (the spec's texts, default) and a complete English translation,
 * one file per area and language (`t('auth.login.title')`). A unit test checks both languages have the same keys.
 * zh-CN is in the entry chunk; English, with the English wording of the reasons of failures (lib/reasons.ts), loads
 * only when chosen (issue 17).
 */
export const LANGUAGES = [
  { code: 'zh-CN', label: '简体中文' },
  { code: 'en', label: 'English' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];
const STORAGE_KEY = 'wenku-lang';

// Components read texts through `i18n/react` (useTranslation), not react-i18next's provider.
void i18n.init({
  resources: { 'zh-CN': { translation: ZH_CN } },
  lng: 'zh-CN',
  fallbackLng: 'zh-CN',
  interpolation: { escapeValue: false },
});

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
  if (code === 'en' && !i18n.hasResourceBundle('en', 'translation')) {
    const { EN } = await import('./en');
    i18n.addResourceBundle('en', 'translation', EN);
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
      i18n.addResourceBundle('zh-CN', 'translation', { admin }, true, true);
      i18n.addResourceBundle('zh-CN', 'translation', backOffice, true, true);
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
