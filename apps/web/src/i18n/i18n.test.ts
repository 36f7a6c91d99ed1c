import { describe, expect, it } from 'vitest';
import { resources } from './index';

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
