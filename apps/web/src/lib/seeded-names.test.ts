import { SEEDED_GROUP_TITLES, SEEDED_NAVIGATION } from '@wenku/shared';
import { describe, expect, it } from 'vitest';
import en from '@/i18n/en/common';
import enShell from '@/i18n/en/shell';
import { groupTitle, navigationTitle } from './seeded-names';

const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;
/** The English texts by dotted key, as i18n's t reads them. */
const t = (key: string): string =>
  key
    .split('.')
    .reduce<unknown>((at, part) => (at as Record<string, unknown>)?.[part], { ...en, shell: enShell }) as string;

describe('names the install seeds in Chinese (issue 21 item 1)', () => {
  it('reads the seeded groups in English while they keep the seeded title', () => {
    expect(groupTitle(SEEDED_GROUP_TITLES.admins, 'en', t)).toBe('Administrators');
    expect(groupTitle(SEEDED_GROUP_TITLES.members, 'en', t)).toBe('Members');
    expect(groupTitle(SEEDED_GROUP_TITLES.admins, 'zh-CN', t)).toBe('超级管理员');
    // A group an administrator named (or renamed) stays as written.
    expect(groupTitle('VIP 会员', 'en', t)).toBe('VIP 会员');
  });

  it('reads the fixed navigation entries in English while unchanged', () => {
    for (const seeded of Object.values(SEEDED_NAVIGATION)) {
      const title = navigationTitle({ ...seeded, fixed: true }, 'en', t);
      expect(title, seeded.href).not.toMatch(CJK);
      expect(title, seeded.href).toBeTruthy();
      expect(navigationTitle({ ...seeded, fixed: true }, 'zh-CN', t)).toBe(seeded.title);
    }
    expect(navigationTitle({ href: '/', title: '首页', fixed: true }, 'en', t)).toBe('Home');
    expect(navigationTitle({ href: '/', title: '回到首页', fixed: true }, 'en', t)).toBe('回到首页');
    expect(navigationTitle({ href: '/x', title: '首页', fixed: false }, 'en', t)).toBe('首页');
  });
});
