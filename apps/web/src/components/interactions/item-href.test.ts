import { describe, expect, it } from 'vitest';
import { itemHref } from './item-href';

describe('itemHref', () => {
  it('leads to a document by uuid and to an article by identifier', () => {
    expect(itemHref(0, '0123456789abcdef')).toBe('/document/0123456789abcdef');
    expect(itemHref(1, 'about-us')).toBe('/article/about-us');
  });

  it('leads nowhere once the item is deleted', () => {
    expect(itemHref(0, '')).toBeNull();
    expect(itemHref(1, undefined)).toBeNull();
  });

  it('keeps an odd identifier inside one path segment', () => {
    expect(itemHref(1, 'a/b c')).toBe('/article/a%2Fb%20c');
  });
});
