import { PERMISSION_AREA_LABELS, PERMISSIONS, permissionIdentity } from '@wenku/shared';
import { PERMISSION_AREA_LABELS as AREA_LABELS_EN, PERMISSION_TITLES as TITLES_EN } from '@/i18n/en/permission-texts';

/** The catalogue's own (Chinese) title of each permission identity. */
const DEFAULT_TITLES = new Map(PERMISSIONS.map((p) => [permissionIdentity(p), p.title]));
/** Catalogue titles back to their identities: the server names a refused permission by its title. */
const IDENTITY_BY_TITLE = new Map([...PERMISSIONS].reverse().map((p) => [p.title, permissionIdentity(p)]));

/**
 * The title of a permission row as the reader sees it: in English the catalogue's English title while the stored
 * title is still the catalogue's default; a title an administrator wrote stays as written.
 */
export function permissionTitle(p: { method: string; path: string; title: string }, language: string): string {
  if (language !== 'en') return p.title;
  const identity = permissionIdentity(p);
  return p.title === DEFAULT_TITLES.get(identity) ? (TITLES_EN[identity] ?? p.title) : p.title;
}

/** The English title of a catalogue title, or the title itself when it is not one. */
export function englishPermissionTitle(title: string): string {
  const identity = IDENTITY_BY_TITLE.get(title);
  return (identity && TITLES_EN[identity]) || title;
}

/** The label of a permission area (the role editor groups by area). */
export function permissionAreaLabel(area: string, language: string): string {
  return (language === 'en' ? AREA_LABELS_EN[area] : undefined) ?? PERMISSION_AREA_LABELS[area] ?? area;
}
