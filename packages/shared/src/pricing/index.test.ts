import { describe, expect, it } from 'vitest';
import {
  centsToCredits,
  creditsToCents,
  discountBadge,
  discountedDocumentPrice,
  discountFor,
  formatPrice,
  parseDiscountTiers,
  RECHARGE_MAX_QUANTITY,
  rechargeCents,
  rechargePrice,
  rechargeQuantityProblem,
  vipCard,
  vipDiscountLabel,
  vipExpiry,
} from './index.ts';

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

describe('order pricing (moredoc-pro-facts §4–§6)', () => {
  const tiers = parseDiscountTiers('100:1\n500:0.95\n1000:0.9');
  it('prices a recharge in cents with the tier discount', () => {
    expect(rechargeCents(1000, 10, tiers)).toBe(9000);
    expect(rechargeCents(333, 10, parseDiscountTiers('300:0.95'))).toBe(3164);
    expect(rechargeCents(50, 10, tiers)).toBe(500);
    expect(rechargeCents(0, 10, tiers)).toBeNull();
    expect(rechargeCents(10.5, 10, tiers)).toBeNull();
    expect(rechargeCents(100, 0, tiers)).toBeNull();
  });
  it('reads VIP cards from settings, with safe defaults', () => {
    const vip = {
      month_price: '1000',
      month_original_price: '2000',
      month_download: '30',
      month_document_discount: '90',
    };
    expect(vipCard(vip, 2)).toEqual({
      kind: 2,
      key: 'month',
      price: 1000,
      originalPrice: 2000,
      download: 30,
      discount: 90,
      timesEveryDay: 0,
    });
    expect(vipCard({ year_document_discount: '0' }, 0)?.discount).toBe(100);
    expect(vipCard(vip, 3)).toBeNull();
  });
  it('extends by calendar months and years', () => {
    const from = new Date(2026, 0, 15, 10);
    expect(vipExpiry(0, from)).toEqual(new Date(2027, 0, 15, 10));
    expect(vipExpiry(1, from)).toEqual(new Date(2026, 3, 15, 10));
    expect(vipExpiry(2, from)).toEqual(new Date(2026, 1, 15, 10));
  });
  it('converts between cents and credits without float noise', () => {
    expect(centsToCredits(1000, 10)).toBe(100);
    expect(centsToCredits(1, 10)).toBe(1);
    expect(centsToCredits(1000, 0)).toBe(0);
    expect(creditsToCents(316.35, 10)).toBe(3164);
    expect(creditsToCents(5, 10)).toBe(50);
    expect(creditsToCents(5, 0)).toBe(0);
  });
  it('discounts non-VIP documents for VIP members, rounding up', () => {
    expect(discountedDocumentPrice(10, 70)).toBe(7);
    expect(discountedDocumentPrice(5, 70)).toBe(4);
    expect(discountedDocumentPrice(1, 90)).toBe(1);
    expect(discountedDocumentPrice(10, 100)).toBe(10);
    expect(discountedDocumentPrice(0, 70)).toBe(0);
    expect(vipDiscountLabel(70)).toBe('7.0 折');
    expect(vipDiscountLabel(100)).toBeNull();
  });
});

describe('recharge amounts (issue 20)', () => {
  const tiers = [
    { amount: 100, discount: 1 },
    { amount: 105, discount: 0.95 },
  ];
  it('accepts whole yuan steps and the preset amounts', () => {
    expect(rechargeQuantityProblem(10, 10, [])).toBeNull();
    expect(rechargeQuantityProblem(500, 10, [])).toBeNull();
    expect(rechargeQuantityProblem(105, 10, tiers)).toBeNull();
  });
  it('names what is wrong with the others', () => {
    expect(rechargeQuantityProblem(15, 10, tiers)).toEqual({ code: 'step', limit: 10 });
    expect(rechargeQuantityProblem(5, 10, tiers)).toEqual({ code: 'min', limit: 10 });
    expect(rechargeQuantityProblem(1.5, 10, tiers)).toEqual({ code: 'integer', limit: 0 });
    expect(rechargeQuantityProblem(0, 10, tiers)).toEqual({ code: 'integer', limit: 0 });
    expect(rechargeQuantityProblem(RECHARGE_MAX_QUANTITY + 10, 10, tiers)).toEqual({
      code: 'max',
      limit: RECHARGE_MAX_QUANTITY,
    });
  });
});
