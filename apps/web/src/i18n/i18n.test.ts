import { describe, expect, it } from 'vitest';
import { EN } from './en';
import i18n, { loadAdminTexts, loadLanguage } from './index';
import { ZH_CN } from './zh-CN';
import zhAccount from './zh-CN/account';
import zhAdmin from './zh-CN/admin';
import zhBackOffice from './zh-CN/back-office';
import zhInteraction from './zh-CN/interaction';
import zhMe from './zh-CN/me';
import zhModeration from './zh-CN/moderation';
import zhOauth from './zh-CN/oauth';
import zhSpider from './zh-CN/spider';

const AREAS = { me: zhMe, interaction: zhInteraction, oauth: zhOauth, moderation: zhModeration, spider: zhSpider };

function keys(obj: unknown, prefix = ''): string[] {
  if (typeof obj !== 'object' || obj === null) return [prefix];
  return Object.entries(obj).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

/** The sub-groups account.ts and back-office.ts add to the shell's groups, merged in as i18n.add merges them. */
function merged(base: Record<string, unknown>, ...parts: Record<string, Record<string, unknown>>[]) {
  const out: Record<string, unknown> = { ...base };
  for (const part of parts)
    for (const [group, subs] of Object.entries(part)) out[group] = { ...(out[group] as object), ...subs };
  return out;
}

const zhAll = merged({ ...ZH_CN, admin: zhAdmin, ...AREAS }, zhAccount, zhBackOffice);
const resources = { 'zh-CN': { translation: zhAll }, en: { translation: EN } };

describe('translations', () => {
  it('English covers exactly the zh-CN keys', () => {
    const zh = keys(resources['zh-CN'].translation).sort();
    const en = keys(resources.en.translation).sort();
    expect(en.filter((k) => !zh.includes(k))).toEqual([]);
    expect(zh.filter((k) => !en.includes(k))).toEqual([]);
  });

  it('keeps each zh-CN text in one place: the sub-groups loaded when used are not also in the shell', () => {
    const shell = new Set(keys(ZH_CN));
    expect([...keys(zhAccount), ...keys(zhBackOffice)].filter((k) => shell.has(k))).toEqual([]);
    expect(keys(zhAccount).filter((k) => keys(zhBackOffice).includes(k))).toEqual([]);
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
    expect(i18n.has('zh-CN')).toBe(true);
    expect(i18n.has('en')).toBe(false);
    await loadLanguage('en');
    expect(i18n.language).toBe('en');
    expect(i18n.t('auth.login.title')).toBe(EN.auth.login.title);
    await loadLanguage('zh-CN');
    expect(i18n.t('auth.login.title')).toBe(ZH_CN.auth.login.title);
  });
});

describe('the texts of the member pages', () => {
  it("are not in the entry and come with the account area, merged beside the shell's sub-groups", async () => {
    await i18n.changeLanguage('zh-CN');
    expect(i18n.exists('documents.upload.heading')).toBe(false);
    expect(i18n.t('credits.recharge.title')).toBe(ZH_CN.credits.recharge.title);
    await import('./areas/account');
    expect(i18n.t('documents.upload.heading')).toBe(zhAccount.documents.upload.heading);
    expect(i18n.t('credits.order.pay')).toBe(zhAccount.credits.order.pay);
    expect(i18n.t('credits.recharge.title')).toBe(ZH_CN.credits.recharge.title);
  });
});

describe('the back office texts', () => {
  it('are not in the entry, except the part public pages use, and load when the back office opens', async () => {
    await i18n.changeLanguage('zh-CN');
    expect(i18n.t('admin.table.next')).toBe(zhAdmin.table.next);
    expect(i18n.exists('admin.layout.menu')).toBe(false);
    expect(i18n.exists('home.dashboard.title')).toBe(false);
    await loadAdminTexts();
    expect(i18n.t('admin.layout.menu')).toBe(zhAdmin.layout.menu);
    // Its sub-groups of the shell's groups, merged beside what the shell has of them.
    expect(i18n.t('home.dashboard.title')).toBe(zhBackOffice.home.dashboard.title);
    expect(i18n.t('documents.admin.listDescription')).toBe(zhBackOffice.documents.admin.listDescription);
    expect(i18n.t('documents.read.source')).toBe(ZH_CN.documents.read.source);
    expect(i18n.t('auth.register.title')).toBe(zhAccount.auth.register.title);
    expect(i18n.t('admin.table.next')).toBe(zhAdmin.table.next);
  });
});
