import { describe, expect, it } from 'vitest';
import { adGroupOf, adGroupPositions } from './ad-positions';

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
