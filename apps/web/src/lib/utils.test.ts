import { describe, expect, it } from 'vitest';
import { formatCount } from './utils';

describe('formatCount', () => {
  it('groups thousands with commas, whatever the locale', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(-98765)).toBe('-98,765');
    expect(formatCount(12.7)).toBe('12');
    expect(formatCount(Number.NaN)).toBe('0');
  });
});
