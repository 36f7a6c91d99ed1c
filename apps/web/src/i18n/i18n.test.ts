import { describe, expect, it } from 'vitest';
import { EN } from './en';
import i18n, { loadAdminTexts, loadLanguage } from './index';
import { ZH_CN } from './zh-CN';
import zhAdmin from './zh-CN/admin';
import zhInteraction from './zh-CN/interaction';
import zhMe from './zh-CN/me';
import zhModeration from './zh-CN/moderation';
import zhOauth from './zh-CN/oauth';
import zhSpider from './zh-CN/spider';

const AREAS = { me: zhMe, interaction: zhInteraction, oauth: zhOauth, moderation: zhModeration, spider: zhSpider };
const resources = { 'zh-CN': { translation: { ...ZH_CN, admin: zhAdmin, ...AREAS } }, en: { translation: EN } };

function keys(obj: unknown, prefix = ''): string[] {
  if (typeof obj !== 'object' || obj === null) return [prefix];
  return Object.entries(obj).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('translations', () => {
  it('English covers exactly the zh-CN keys', () => {
    const zh = keys(resources['zh-CN'].translation).sort();
    const en = keys(resources.en.translation).sort();
    expect(en.filter((k) => !zh.includes(k))).toEqual([]);
    expect(zh.filter((k) => !en.includes(k))).toEqual([]);
  });

  it('has no empty texts', () => {
    const empty = (obj: unknown): boolean =>
      typeof obj === 'string' ? obj.trim() === '' : Object.values(obj as object).some(empty);
    expect(empty(resources['zh-CN'].translation)).toBe(false);
    expect(empty(resources.en.translation)).toBe(false);
  });
});

describe('loading languages', () => {
  it('starts with zh-CN only and loads English when it is chosen', async () => {
    expect(i18n.hasResourceBundle('zh-CN', 'translation')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
    await loadLanguage('en');
    expect(i18n.language).toBe('en');
    expect(i18n.t('auth.login.title')).toBe(EN.auth.login.title);
    await loadLanguage('zh-CN');
    expect(i18n.t('auth.login.title')).toBe(ZH_CN.auth.login.title);
  });
});

describe('the back office texts', () => {
  it('are not in the entry, except the part public pages use, and load when the back office opens', async () => {
    await i18n.changeLanguage('zh-CN');
    expect(i18n.t('admin.table.next')).toBe(zhAdmin.table.next);
    expect(i18n.exists('admin.layout.menu')).toBe(false);
    await loadAdminTexts();
    expect(i18n.t('admin.layout.menu')).toBe(zhAdmin.layout.menu);
    expect(i18n.t('admin.table.next')).toBe(zhAdmin.table.next);
  });
});
