import { DEFAULT_CREDIT_NAME, DEFAULT_SITE_TITLE, type PublicSettings } from '@wenku/shared';

/** Typed reads of the public settings (spec §3 groups; values arrive parsed: strings, booleans, numbers, lists). */
type Group = Exclude<keyof PublicSettings, 'language'>;
type Settings = PublicSettings | undefined | null;

export function settingText(s: Settings, group: Group, key: string): string {
  const v = s?.[group]?.[key];
  return typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
}

export function settingBool(s: Settings, group: Group, key: string): boolean {
  const v = s?.[group]?.[key];
  return v === true || v === 'true' || v === 1 || v === '1';
}

export function settingList(s: Settings, group: Group, key: string): string[] {
  const v = s?.[group]?.[key];
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string' && x.trim() !== '');
  return typeof v === 'string'
    ? v
        .split(/[,，]/)
        .map((x) => x.trim())
        .filter(Boolean)
    : [];
}

/** The site's name for links and title suffixes: sitename, else title, else 文库 (as the server's page heads). */
export function siteName(s: Settings): string {
  return settingText(s, 'system', 'sitename') || settingText(s, 'system', 'title') || DEFAULT_SITE_TITLE;
}

/** spec §2 page titles: title, else sitename, else the default 文库. */
export function homeTitle(s: Settings): string {
  return settingText(s, 'system', 'title') || settingText(s, 'system', 'sitename') || DEFAULT_SITE_TITLE;
}

/** `{part} - {sitename}` for inner pages, the home title otherwise (moredoc-facts §20.3). */
export function pageTitle(s: Settings, part?: string): string {
  return part ? `${part} - ${siteName(s)}` : homeTitle(s);
}

export function creditName(s: Settings): string {
  return settingText(s, 'system', 'credit_name') || DEFAULT_CREDIT_NAME;
}
