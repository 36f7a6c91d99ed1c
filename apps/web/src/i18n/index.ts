import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enAdmin from './en/admin';
import enArticle from './en/article';
import enAuth from './en/auth';
import enCommon from './en/common';
import enCredits from './en/credits';
import enDocuments from './en/documents';
import enError from './en/error';
import enHome from './en/home';
import enInteraction from './en/interaction';
import enMe from './en/me';
import enModeration from './en/moderation';
import enOauth from './en/oauth';
import enReader from './en/reader';
import enSearch from './en/search';
import enShell from './en/shell';
import enSpider from './en/spider';
import zhAdmin from './zh-CN/admin';
import zhArticle from './zh-CN/article';
import zhAuth from './zh-CN/auth';
import zhCommon from './zh-CN/common';
import zhCredits from './zh-CN/credits';
import zhDocuments from './zh-CN/documents';
import zhError from './zh-CN/error';
import zhHome from './zh-CN/home';
import zhInteraction from './zh-CN/interaction';
import zhMe from './zh-CN/me';
import zhModeration from './zh-CN/moderation';
import zhOauth from './zh-CN/oauth';
import zhReader from './zh-CN/reader';
import zhSearch from './zh-CN/search';
import zhShell from './zh-CN/shell';
import zhSpider from './zh-CN/spider';

/**
 * One i18n layer for every UI string: zh-CN (the spec's texts, default) and a complete English translation,
 * one file per area and language (`t('auth.login.title')`). A unit test checks both languages have the same keys.
 */
export const LANGUAGES = [
  { code: 'zh-CN', label: '简体中文' },
  { code: 'en', label: 'English' },
] as const;
const STORAGE_KEY = 'wenku-lang';

export const resources = {
  'zh-CN': {
    translation: {
      ...zhCommon,
      error: zhError,
      shell: zhShell,
      auth: zhAuth,
      me: zhMe,
      admin: zhAdmin,
      documents: zhDocuments,
      search: zhSearch,
      article: zhArticle,
      reader: zhReader,
      interaction: zhInteraction,
      moderation: zhModeration,
      home: zhHome,
      credits: zhCredits,
      oauth: zhOauth,
      spider: zhSpider,
    },
  },
  en: {
    translation: {
      ...enCommon,
      error: enError,
      shell: enShell,
      auth: enAuth,
      me: enMe,
      admin: enAdmin,
      documents: enDocuments,
      search: enSearch,
      article: enArticle,
      reader: enReader,
      interaction: enInteraction,
      moderation: enModeration,
      home: enHome,
      credits: enCredits,
      oauth: enOauth,
      spider: enSpider,
    },
  },
};

const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(STORAGE_KEY) : null;

void i18n.use(initReactI18next).init({
  resources,
  lng: stored === 'en' ? 'en' : 'zh-CN',
  fallbackLng: 'zh-CN',
  interpolation: { escapeValue: false },
});

export function setLanguage(code: string) {
  void i18n.changeLanguage(code);
  try {
    localStorage.setItem(STORAGE_KEY, code);
  } catch {
    // ignore
  }
  document.documentElement.lang = code;
}

export default i18n;
