/**
 * Names every install seeds in Chinese (packages/domain seed/seed.service.ts), stored in rows an administrator may
 * rename: the web shows them in the reader's language by key while they are still the seeded text (issue 21 item 1).
 */
export const SEEDED_GROUP_TITLES = { admins: '超级管理员', members: '普通用户' } as const;

/** The fixed navigation entries (header): href and seeded title. */
export const SEEDED_NAVIGATION = {
  home: { href: '/', title: '首页' },
  documents: { href: '/category', title: '文库资料' },
  articles: { href: '/article', title: '文章资讯' },
} as const;

export type SeededGroupKey = keyof typeof SEEDED_GROUP_TITLES;
export type SeededNavigationKey = keyof typeof SEEDED_NAVIGATION;

/** The seeded group a title still names, or null (a renamed or an administrator's own group). */
export function seededGroupKey(title: string): SeededGroupKey | null {
  const found = Object.entries(SEEDED_GROUP_TITLES).find(([, seeded]) => seeded === title);
  return found ? (found[0] as SeededGroupKey) : null;
}

/** The seeded navigation entry an item still is (same href and title, fixed), or null. */
export function seededNavigationKey(item: {
  href: string;
  title: string;
  fixed?: boolean;
}): SeededNavigationKey | null {
  if (item.fixed === false) return null;
  const found = Object.entries(SEEDED_NAVIGATION).find(([, s]) => s.href === item.href && s.title === item.title);
  return found ? (found[0] as SeededNavigationKey) : null;
}
