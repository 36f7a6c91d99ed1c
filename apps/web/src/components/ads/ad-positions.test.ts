import { describe, expect, it } from 'vitest';
import { adFree, adGroupOf, adGroupPositions } from './ad-positions';

describe('advertisement positions', () => {
  it('finds the page group of a position', () => {
    expect(adGroupOf('global_top')).toBe('global');
    expect(adGroupOf('index_category_top')).toBe('index');
    expect(adGroupOf('user_top')).toBe('user');
    expect(adGroupOf('search_right')).toBe('search');
  });

  it('asks for every position of the group', () => {
    expect(adGroupPositions('global')).toEqual(['global_top', 'global_bottom']);
  });
});

describe('adFree', () => {
  it('is a VIP member while VIP is on, and nobody else', () => {
    expect(adFree({ is_vip: true }, true)).toBe(true);
    expect(adFree({ is_vip: true }, false)).toBe(false);
    expect(adFree({ is_vip: false }, true)).toBe(false);
    expect(adFree(null, true)).toBe(false);
    expect(adFree(undefined, true)).toBe(false);
  });
});
