import { describe, expect, it } from 'vitest';
import { isUnlimited, VIP_KIND_TONE, vipDiscount, vipExpired } from './vip-labels';

describe('VIP labels of the admin list', () => {
  it('shows a discount as tenths of the price, not the raw integer', () => {
    expect(vipDiscount(70)).toEqual({ tenths: '7.0', percent: 70 });
    expect(vipDiscount(85)).toEqual({ tenths: '8.5', percent: 85 });
    expect(vipDiscount(1)).toEqual({ tenths: '0.1', percent: 1 });
    expect(vipDiscount(99)).toEqual({ tenths: '9.9', percent: 99 });
  });

  it('treats 100, 0 and nonsense as no discount (不打折)', () => {
    expect(vipDiscount(100)).toBeNull();
    expect(vipDiscount(0)).toBeNull();
    expect(vipDiscount(-5)).toBeNull();
    expect(vipDiscount(120)).toBeNull();
    expect(vipDiscount(70.5)).toBeNull();
    expect(vipDiscount(Number.NaN)).toBeNull();
  });

  it('reads a zero quota as unlimited (不限)', () => {
    expect(isUnlimited(0)).toBe(true);
    expect(isUnlimited(-1)).toBe(true);
    expect(isUnlimited(Number.NaN)).toBe(true);
    expect(isUnlimited(1)).toBe(false);
    expect(isUnlimited(400)).toBe(false);
  });

  it('colours year, quarter and month like Pro (success, primary, warning)', () => {
    expect([VIP_KIND_TONE[0], VIP_KIND_TONE[1], VIP_KIND_TONE[2]]).toEqual(['success', 'default', 'warning']);
  });

  it('knows an expired record', () => {
    const now = Date.parse('2025-06-01T00:00:00Z');
    expect(vipExpired('2025-05-31T23:59:59Z', now)).toBe(true);
    expect(vipExpired('2025-06-01T00:00:01Z', now)).toBe(false);
    expect(vipExpired('', now)).toBe(false);
  });
});
