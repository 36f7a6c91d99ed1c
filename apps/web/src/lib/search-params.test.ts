import { describe, expect, it } from 'vitest';
import { parseSearch, stringifySearch } from './search-params';

describe('search params', () => {
  it('keeps long order numbers as exact strings, both ways', () => {
    expect(parseSearch('?order_no=2026112112000012345678')).toEqual({ order_no: '2026112112000012345678' });
    expect(stringifySearch({ order_no: '2026112112000012345678' })).toBe('?order_no=2026112112000012345678');
  });
  it('still reads small numbers, booleans and quoted strings as JSON', () => {
    expect(parseSearch('?page=3&open=true&wd=%2212%22')).toEqual({ page: 3, open: true, wd: '12' });
    expect(stringifySearch({ page: 3, wd: '12' })).toBe('?page=3&wd=%2212%22');
  });
});
