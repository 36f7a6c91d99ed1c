import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.ts';
import {
  namedText,
  placeholdersOf,
  REASONS_EN,
  REASONS_ZH_CN,
  type ReasonKey,
  reasonText,
  wireParams,
} from './index.ts';

const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;
const keys = Object.keys(REASONS_ZH_CN) as ReasonKey[];

describe('the catalogue of reasons', () => {
  it('words every reason in both languages, with the same parameters', () => {
    expect(Object.keys(REASONS_EN).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      expect(REASONS_ZH_CN[key].length, key).toBeGreaterThan(0);
      expect(REASONS_EN[key].length, key).toBeGreaterThan(0);
      expect(placeholdersOf(REASONS_EN[key]).sort(), key).toEqual(placeholdersOf(REASONS_ZH_CN[key]).sort());
    }
  });

  it('keeps Chinese out of the English texts', () => {
    expect(keys.filter((key) => CJK.test(REASONS_EN[key]))).toEqual([]);
  });

  it('names reasons area.snake_case', () => {
    expect(keys.filter((key) => !/^[a-z]+\.[a-z0-9_]+$/.test(key))).toEqual([]);
  });

  it('fills parameters, nested reasons in the same language', () => {
    const reason = {
      key: 'spider.row_refused',
      params: { reason: { key: 'spider.title_empty' }, id: 7 },
    } as const;
    expect(reasonText(reason)).toBe('文档正式标题为空，无法发布（ID: 7）');
    expect(reasonText(reason, 'en')).toBe('A document without a title cannot be published (ID 7)');
  });
});

describe('names quoted in a reason (issue 21 item 1)', () => {
  const label = namedText('网站名称', 'Site name');

  it('are worded in the language of the text, and of the wire parameters', () => {
    const reason = { key: 'settings.not_integer', params: { label } } as const;
    expect(reasonText(reason)).toBe('【网站名称】必须是整数');
    expect(reasonText(reason, 'en')).toBe('“Site name” must be a whole number');
    expect(wireParams(reason, 'en')).toEqual({ label: 'Site name' });
    expect(wireParams(reason, 'zh-CN')).toEqual({ label: '网站名称' });
    const e = new DomainError('VALIDATION_FAILED', reason, 'system.sitename');
    expect(e.message).toBe('【网站名称】必须是整数');
    expect(e.inLanguage('en')).toMatchObject({
      message: '“Site name” must be a whole number',
      fields: [{ field: 'system.sitename', message: '“Site name” must be a whole number' }],
      params: { label: 'Site name' },
    });
  });

  it('are worded inside nested reasons too, and fall back to the text without an English wording', () => {
    const nested = {
      key: 'spider.row_refused',
      params: { reason: { key: 'settings.too_long', params: { label } }, id: 3 },
    } as const;
    expect(reasonText(nested, 'en')).toBe('“Site name” is too long (ID 3)');
    expect(namedText('书栈网', undefined)).toEqual({ text: '书栈网', en: '书栈网' });
  });
});

describe('DomainError', () => {
  it('keeps the Chinese message and carries the reason to the wire in the asked language', () => {
    const e = new DomainError('RATE_LIMITED', { key: 'auth.too_many_sign_ins', params: { seconds: 30 } }, 'password');
    expect(e.message).toBe('登录尝试过于频繁，请 30 秒后再试');
    expect(e.fields).toEqual([{ field: 'password', message: e.message }]);
    expect(e.inLanguage()).toEqual({
      code: 'RATE_LIMITED',
      message: '登录尝试过于频繁，请 30 秒后再试',
      fields: [{ field: 'password', message: '登录尝试过于频繁，请 30 秒后再试' }],
      reason: 'auth.too_many_sign_ins',
      params: { seconds: 30 },
    });
    expect(e.inLanguage('en')).toMatchObject({
      message: 'Too many sign-in attempts, please try again in 30 seconds',
      reason: 'auth.too_many_sign_ins',
    });
  });
});
