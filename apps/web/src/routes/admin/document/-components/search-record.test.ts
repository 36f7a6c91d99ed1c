import { describe, expect, it } from 'vitest';
import { formatSpendTime, searchHref, searchRecordTypeKey } from './search-record';

describe('searchRecordTypeKey', () => {
  it('names the three search types', () => {
    expect(searchRecordTypeKey(0)).toBe('document');
    expect(searchRecordTypeKey(1)).toBe('article');
    expect(searchRecordTypeKey(-1)).toBe('mixed');
  });
  it('says unknown for anything else', () => {
    expect(searchRecordTypeKey(2)).toBe('unknown');
    expect(searchRecordTypeKey(Number.NaN)).toBe('unknown');
  });
});

describe('formatSpendTime', () => {
  it('shows seconds with three decimals', () => {
    expect(formatSpendTime(0.0123)).toBe('0.012');
    expect(formatSpendTime(0)).toBe('0.000');
    expect(formatSpendTime(1.5)).toBe('1.500');
  });
  it('shows a dash for impossible values', () => {
    expect(formatSpendTime(-1)).toBe('-');
    expect(formatSpendTime(Number.NaN)).toBe('-');
  });
});

describe('searchHref', () => {
  it('repeats the search on the public page, encoding the words', () => {
    expect(searchHref('数据 库', 0)).toBe('/search?wd=%E6%95%B0%E6%8D%AE+%E5%BA%93');
    expect(searchHref('a&b', -1)).toBe('/search?wd=a%26b&type=-1');
  });
});
