import { randomBytes } from 'node:crypto';
import { Config, type EntityManager, type IConfig, Language } from '@wenku/db';
import {
  type ConfigDTO,
  configuredOrigin,
  DEFAULT_CREDIT_NAME,
  DomainError,
  HTML_CONFIG_KEYS,
  LINK_CONFIG_KEYS,
  LOCKED_CONFIG_CATEGORIES,
  namedText,
  type PublicSettings,
  parseConfigValue,
  SECRET_MASK,
  type SettingCategory,
  safeHref,
} from '@wenku/shared';
import { CONFIG_DEFINITIONS, INTERNAL_SETTINGS } from '@wenku/shared/config-definitions';
import { CONFIG_TEXTS } from '@wenku/shared/i18n-en/config-texts';
import type { DomainContext } from '../context.ts';
import { invalid } from '../errors.ts';
import { describeMailError, readMailConfig, sendMail } from '../mail/mail.service.ts';
import { testMail } from '../mail/mail-templates.ts';
import { readyPaymentProviders } from '../payments/payment-providers.ts';
import type { Settings } from './settings.cache.ts';
import { presentConfig } from './settings.presenter.ts';
import { isHtmlSetting, sanitizeSettingsHtml } from './settings-html.ts';

/** The settings of this request's view of the database. */
export const loadSettings = async (ctx: DomainContext): Promise<Settings> =>
  // The fresh snapshot first: asking for ctx.em forks an entity manager the request may not need otherwise.
  ctx.runtime.settings.fresh() ?? ctx.runtime.settings.get(ctx.em);

/**
 * The site's origin from 网站域名 (system.domain), or '' while it is unset. Every absolute URL the site writes
 * (sitemap, robots.txt, canonical and JSON-LD, payment and OAuth callbacks) starts with it, never with a request's
 * Host header, which any client may forge (issue 15 item 13).
 */
export const siteOrigin = (s: Settings): string => configuredOrigin(s.str('system.domain'));

/** Rows whose empty default must be replaced by a random secret at install (never a known default). */
const GENERATED_SECRETS = new Set(['download.secret_key', 'email.secret']);
const INTERNAL_SECRETS = INTERNAL_SETTINGS.internal;

/**
 * Creates missing settings rows and refreshes label, type and options of existing ones; a stored value is never
 * overwritten (moredoc-facts §4), but for the HTML settings: a value saved before they were sanitized on save (or
 * written into the table by other means) is sanitized here, once, as a save would have done; a clean value is left
 * as it is. Safe to run at every start.
 */
export async function ensureConfigRows(em: EntityManager): Promise<void> {
  const existing = await em.find(Config, {});
  const byKey = new Map(existing.map((r) => [`${r.category}.${r.name}`, r]));
  const sortByCategory = new Map<string, number>();
  for (const def of CONFIG_DEFINITIONS) {
    const sort = (sortByCategory.get(def.category) ?? 0) + 1;
    sortByCategory.set(def.category, sort);
    const key = `${def.category}.${def.name}`;
    const meta = {
      label: def.label,
      placeholder: def.placeholder ?? '',
      inputType: def.inputType,
      options: def.options ?? '',
      isSecret: def.isSecret ?? false,
      colNum: def.colNum ?? 24,
      sort,
    };
    const row = byKey.get(key);
    if (row) {
      em.assign(row, meta);
      if (isHtmlSetting(key) && row.value) {
        const clean = sanitizeSettingsHtml(row.value);
        if (clean !== row.value) row.value = clean;
      }
    } else {
      const value = GENERATED_SECRETS.has(key) && !def.value ? randomBytes(24).toString('base64url') : def.value;
      em.create(Config, { category: def.category, name: def.name, value, ...meta });
    }
  }
  for (const name of INTERNAL_SECRETS) {
    if (!byKey.has(`internal.${name}`)) {
      em.create(Config, {
        category: 'internal',
        name,
        label: name,
        value: randomBytes(48).toString('base64url'),
        isSecret: true,
        inputType: 'password',
      });
    }
  }
  await em.flush();
}

const isLocked = (category: string) => (LOCKED_CONFIG_CATEGORIES as readonly string[]).includes(category);

/** Admin list of settings rows, secrets masked. */
export async function listConfig(ctx: DomainContext, categories?: string[]): Promise<{ config: ConfigDTO[] }> {
  const where = categories?.length ? { category: { $in: categories } } : {};
  const rows = await ctx.em.find(Config, where, { orderBy: { category: 'asc', sort: 'asc' } });
  return { config: rows.filter((r) => !isLocked(r.category)).map(presentConfig) };
}

function optionKeys(options: string): string[] {
  return options
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => (l.includes(':') ? l.slice(0, l.indexOf(':')) : l));
}

/** A row's label as a reason quotes it: the stored (Chinese) label, worded in English for English readers. */
const labelOf = (row: IConfig) => namedText(row.label, CONFIG_TEXTS[`${row.category}.${row.name}`]?.label);

/** Checks a submitted value against its row's type; returns the normalised text to store. */
function normaliseValue(row: IConfig, value: string): string {
  const field = `${row.category}.${row.name}`;
  switch (row.inputType) {
    case 'number': {
      const v = value.trim() === '' ? '0' : value.trim();
      if (!/^-?\d+$/.test(v)) throw invalid({ key: 'settings.not_integer', params: { label: labelOf(row) } }, field);
      return String(Number.parseInt(v, 10));
    }
    case 'switch':
      if (value !== 'true' && value !== 'false')
        throw invalid({ key: 'settings.not_boolean', params: { label: labelOf(row) } }, field);
      return value;
    case 'select': {
      const keys = optionKeys(row.options);
      if (value !== '' && keys.length > 0 && !keys.includes(value))
        throw invalid({ key: 'settings.not_an_option', params: { label: labelOf(row) } }, field);
      return value;
    }
    case 'select-multi': {
      const keys = optionKeys(row.options);
      const values = parseConfigValue('select-multi', value) as string[];
      const bad = values.find((v) => keys.length > 0 && !keys.includes(v));
      if (bad)
        throw invalid({ key: 'settings.value_not_an_option', params: { label: labelOf(row), value: bad } }, field);
      return values.join(',');
    }
    default:
      if (value.length > 65_535) throw invalid({ key: 'settings.too_long', params: { label: labelOf(row) } }, field);
      // Text the pages show as HTML is stored as the settings allow-list keeps it, not only filtered when shown.
      if (isHtmlSetting(field)) return sanitizeSettingsHtml(value);
      return normaliseLink(row, field, value);
  }
}

/**
 * Links and the site's domain are checked on save (issue 15 item 6, 13): a link becomes an href on every page, the
 * domain the origin of every absolute URL the site writes (sitemap, canonical, mails, payment and OAuth callbacks).
 */
function normaliseLink(row: IConfig, field: string, value: string): string {
  const v = value.trim();
  if (field === 'system.domain') {
    if (v !== '' && !configuredOrigin(v)) throw invalid('links.origin', field);
    return v;
  }
  if (!LINK_CONFIG_KEYS.includes(field)) return value;
  if (v !== '' && safeHref(v) === null)
    throw invalid({ key: 'settings.link_unsafe', params: { label: labelOf(row) } }, field);
  return v;
}

/**
 * Writes the submitted values; only `value` changes. A secret sent back as the mask keeps its stored value.
 * All rows are checked first, so one bad value changes nothing. Saving the `email` group with mail enabled and a
 * test address then sends a test mail (moredoc-facts §4.8); the values stay saved when it fails, and the failure
 * is the answer. Throws VALIDATION_FAILED (a value, or the test mail), FORBIDDEN, NOT_FOUND.
 */
export async function updateConfig(
  ctx: DomainContext,
  items: { id?: number; category: string; name: string; value: string }[],
): Promise<void> {
  const mail = await ctx.em.transactional(async (em) => {
    const rows = await em.find(Config, { $or: items.map((i) => ({ category: i.category, name: i.name })) });
    const byKey = new Map(rows.map((r) => [`${r.category}.${r.name}`, r]));
    const changes: [IConfig, string][] = [];
    for (const item of items) {
      if (isLocked(item.category)) throw new DomainError('FORBIDDEN', 'settings.category_locked');
      const row = byKey.get(`${item.category}.${item.name}`);
      if (!row)
        throw new DomainError('NOT_FOUND', {
          key: 'settings.unknown',
          params: { name: `${item.category}.${item.name}` },
        });
      if (row.isSecret && item.value === SECRET_MASK) continue;
      changes.push([row, normaliseValue(row, item.value)]);
    }
    for (const [row, value] of changes) row.value = value;
    if (!items.some((i) => i.category === 'email')) return null;
    // The group as saved (the cache may still hold the old snapshot), plus the site name for the subject.
    const saved = await em.find(Config, { $or: [{ category: 'email' }, { category: 'system', name: 'sitename' }] });
    const value = (category: string, name: string) =>
      saved.find((r) => r.category === category && r.name === name)?.value ?? '';
    return { config: readMailConfig((name) => value('email', name)), siteName: value('system', 'sitename') };
  });
  ctx.runtime.settings.invalidate();
  if (mail?.config.enable && mail.config.testEmail) {
    try {
      await sendMail(mail.config, testMail({ to: mail.config.testEmail, siteName: mail.siteName }));
    } catch (e) {
      const reason = { key: 'mail.test_failed', params: { detail: describeMailError(e) } } as const;
      throw new DomainError('VALIDATION_FAILED', reason, 'email.test_email');
    }
  }
}

const pick = (s: Settings, category: SettingCategory, names: readonly string[]) => {
  const all = s.category(category);
  return Object.fromEntries(names.filter((n) => n in all).map((n) => [n, all[n]]));
};

/**
 * MOREDOC's `omitempty`: a setting that is empty, false or zero is left out. Its clients default a missing value, but
 * read a present one as meant: an empty `document_allowed_ext` list would mean "no file type may be uploaded".
 */
function omitEmpty(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).filter(
      ([, v]) => !(v === '' || v === false || v === 0 || v == null || (Array.isArray(v) && v.length === 0)),
    ),
  );
}

/** The WeChat official account's AppID once the account is configured (AppID and secret), else ''. */
export function officialAccountAppid(s: Settings): string {
  const appid = s.str('oauthOfficialAccount.client_id').trim();
  return appid && s.str('oauthOfficialAccount.client_secret').trim() ? appid : '';
}

/** Public settings (GET /api/v1/settings, moredoc-facts §4.11): never a secret, only what pages need. */
export async function getPublicSettings(ctx: DomainContext): Promise<PublicSettings> {
  const s = await loadSettings(ctx);
  // Computed once per settings snapshot; language changes drop the snapshot (catalogue.service.ts).
  return s.memoize('public', () => buildPublicSettings(ctx, s));
}

/**
 * The analytics code (system.analytics) as script: only the text inside <script> tags (moredoc-facts §4.1), or the
 * whole value when it has no markup. The browser loads it from `/analytics.js`: the CSP runs no inline script.
 */
export function analyticsScript(s: Settings): string {
  const analytics = s.str('system.analytics');
  const scripts = [...analytics.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1]?.trim() ?? '');
  return scripts.length > 0 ? scripts.join('\n') : analytics.includes('<') ? '' : analytics;
}

async function buildPublicSettings(ctx: DomainContext, s: Settings): Promise<PublicSettings> {
  const payments = readyPaymentProviders(s.getter);
  const system = pick(s, 'system', [
    'domain',
    'title',
    'keywords',
    'description',
    'logo',
    'favicon',
    'icp',
    'sec_icp',
    'sitename',
    'copyright_start_year',
    'register_background',
    'login_background',
    'recommend_words',
    'enable_powered_by',
    'watermark',
    'enable_watermark',
    'enable_sms',
    'show_exchange',
  ]);
  const recommend = s
    .str('system.recommend_words')
    .split(/[,，]/)
    .map((w) => w.trim())
    .filter(Boolean);
  const languages = await ctx.em.find(Language, { enable: true }, { orderBy: { sort: 'desc', id: 'asc' } });
  const groups = {
    system: {
      ...system,
      analytics: analyticsScript(s),
      recommend_words: recommend,
      version: ctx.runtime.version,
      credit_name: s.str('score.credit_name') || DEFAULT_CREDIT_NAME,
      credit_exchange: s.num('score.credit_exchange'),
    },
    footer: s.category('footer'),
    security: {
      ...pick(s, 'security', [
        'is_close',
        'close_statement',
        'enable_register',
        'enable_captcha_login',
        'enable_captcha_register',
        'enable_captcha_comment',
        'enable_captcha_find_password',
        'max_document_size',
        'document_allowed_ext',
        'login_required',
        'enable_verify_register_email',
        'enable_register_review',
        'enable_wechatmp_login',
      ]),
      enable_captcha_upload: false,
      enable_captcha_audio: s.bool('captcha.enable_audio'),
    },
    display: s.category('display'),
    download: pick(s, 'download', [
      'enable_guest_download',
      'free_download_duration',
      'times_every_day',
      'times_every_ip',
      'enable_code_download',
      'code_tip',
      'max_price',
      'enable_captcha_download',
    ]),
    // A method is offered only when its provider can take the payment (switched on and fully configured).
    payment: {
      enable_wechatpay: payments.wechatpay,
      enable_alipay: payments.alipay,
      enable_xunhupay: payments.xunhupay,
      xunhupay_name: s.str('xunhupay.name'),
      // Payment inside WeChat starts with the official account's snsapi_base sign-in (moredoc-pro-facts §2.2).
      official_account_appid: officialAccountAppid(s),
    },
    vip: pick(s, 'vip', [
      'enable',
      'icon',
      'enable_credit_pay',
      ...['year', 'quarter', 'month'].flatMap((k) => [
        `${k}_price`,
        `${k}_original_price`,
        `${k}_download`,
        `${k}_document_discount`,
        `${k}_times_every_day`,
      ]),
    ]),
    ssr: pick(s, 'ssr', ['enable', 'cache_seconds']),
  };
  // Settings HTML goes out as the settings allow-list keeps it, also a value written into the table by other means
  // than the back office: the pages insert it as markup without filtering it again (no DOMPurify on public pages).
  for (const key of HTML_CONFIG_KEYS) {
    const [category = '', name = ''] = key.split('.');
    const group = (groups as Record<string, Record<string, unknown>>)[category];
    const value = group?.[name];
    if (group && typeof value === 'string' && value) group[name] = sanitizeSettingsHtml(value);
  }
  return {
    ...(Object.fromEntries(Object.entries(groups).map(([k, v]) => [k, omitEmpty(v)])) as typeof groups),
    language: languages.map((l) => ({ id: l.id, language: l.language, code: l.code })),
  };
}

/** GET /api/v1/settings/recharge. */
export async function getRechargeSettings(ctx: DomainContext) {
  const s = await loadSettings(ctx);
  return {
    enable: s.bool('score.recharge_enable'),
    recharge_discount: s.str('score.recharge_discount'),
    // As stored: an empty name reads 积分 in the recharge widget (spec §1, §9), 魔豆 elsewhere.
    credit_name: s.str('score.credit_name'),
    credit_exchange: s.num('score.credit_exchange'),
  };
}
