import { seededGroupKey, seededNavigationKey } from '@wenku/shared';

type Translate = (key: string) => string;

/**
 * Names the install seeds in Chinese and stores in rows (packages/shared seeded-names.ts), in the reader's language:
 * in English a row still holding the seeded text reads by its key; a name an administrator wrote stays as written,
 * and Chinese readers see the row as stored (issue 21 item 1).
 */
export function groupTitle(title: string, language: string, t: Translate): string {
  const key = language === 'en' ? seededGroupKey(title) : null;
  return key ? t(`seededGroups.${key}`) : title;
}

/** A navigation entry's title: the fixed entries the install seeds read in English by key while unchanged. */
export function navigationTitle(
  item: { href: string; title: string; fixed?: boolean },
  language: string,
  t: Translate,
): string {
  const key = language === 'en' ? seededNavigationKey(item) : null;
  return key ? t(`shell.header.${key}`) : item.title;
}
