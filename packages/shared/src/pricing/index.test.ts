import { describe, expect, it } from 'vitest';
import { discountBadge, discountFor, formatPrice, parseDiscountTiers, rechargePrice } from './index.ts';

describe('recharge pricing (spec §5, §9)', () => {
  const tiers = parseDiscountTiers('100:1\n500:0.95\n1000:0.9');

  it('parses one tier per line', () => {
    expect(tiers).toEqual([
      { amount: 100, discount: 1 },
      { amount: 500, discount: 0.95 },
      { amount: 1000, discount: 0.9 },
    ]);
  });

  it('yields no tiers for malformed text', () => {
    expect(parseDiscountTiers('100:1\nabc')).toEqual([]);
    expect(parseDiscountTiers('100-0.9')).toEqual([]);
    expect(parseDiscountTiers('100:1.5')).toEqual([]);
    expect(parseDiscountTiers('')).toEqual([]);
    expect(parseDiscountTiers(undefined)).toEqual([]);
  });

  it('takes the smallest discount among tiers at or below the amount, else 1', () => {
    expect(discountFor(50, tiers)).toBe(1);
    expect(discountFor(500, tiers)).toBe(0.95);
    expect(discountFor(999, tiers)).toBe(0.95);
    expect(discountFor(5000, tiers)).toBe(0.9);
    expect(discountFor(5000, [])).toBe(1);
    expect(discountFor(5000, parseDiscountTiers('100:0.8\n1000:0.9'))).toBe(0.8);
  });

  it('shows the badge as discount × 10 with 折, or 无折扣', () => {
    expect(discountBadge(0.9)).toBe('9.0折');
    expect(discountBadge(0.95)).toBe('9.5折');
    expect(discountBadge(0.85)).toBe('8.5折');
    expect(discountBadge(1)).toBe('无折扣');
  });

  it('prices amount ÷ exchange × discount to 2 decimals and never divides by zero', () => {
    expect(rechargePrice(1000, 10, 0.9)).toBe(90);
    expect(rechargePrice(333, 10, 0.95)).toBe(31.64);
    expect(formatPrice(rechargePrice(100, 10))).toBe('10.00');
    expect(rechargePrice(100, 0)).toBeNull();
    expect(formatPrice(rechargePrice(100, Number.NaN))).toBe('--');
  });
});
