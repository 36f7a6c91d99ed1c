import type { PublicSettings } from '@wenku/shared';
import { describe, expect, it } from 'vitest';
import { creditName, homeTitle, pageTitle, settingBool, settingList, settingText, siteName } from './site-settings';

const settings = (system: Record<string, unknown>, display: Record<string, unknown> = {}) =>
  ({
    system,
    display,
    footer: {},
    security: {},
    download: {},
    payment: {},
    vip: {},
    ssr: {},
    language: [],
  }) as PublicSettings;

describe('site settings', () => {
  it('titles pages from title, else sitename, else 文库 (spec §2)', () => {
    expect(homeTitle(settings({ title: 'T', sitename: 'S' }))).toBe('T');
    expect(homeTitle(settings({ title: '', sitename: 'S' }))).toBe('S');
    expect(homeTitle(settings({}))).toBe('文库');
    expect(homeTitle(undefined)).toBe('文库');
    expect(pageTitle(settings({ title: 'T', sitename: 'S' }), '用户登录')).toBe('用户登录 - S');
    expect(pageTitle(settings({ title: 'T' }), '用户登录')).toBe('用户登录 - T');
    expect(siteName(settings({}))).toBe('文库');
  });

  it('reads typed values', () => {
    const s = settings({ credit_name: '', enable_powered_by: 'true', n: 3, words: ['a', ' ', 'b'] }, { x: true });
    expect(creditName(s)).toBe('魔豆');
    expect(settingBool(s, 'system', 'enable_powered_by')).toBe(true);
    expect(settingBool(s, 'display', 'x')).toBe(true);
    expect(settingBool(s, 'display', 'missing')).toBe(false);
    expect(settingText(s, 'system', 'n')).toBe('3');
    expect(settingList(s, 'system', 'words')).toEqual(['a', 'b']);
  });
});
