import { describe, expect, it } from 'vitest';
import { type PageAccess, PageAccessCache } from './page-access.cache.ts';

const access: PageAccess = {
  hash: 'a'.repeat(32),
  userId: 1,
  status: 2,
  deletedAt: null,
  preview: 3,
  previewExt: '.webp',
  enableGzip: false,
};

describe('what /view/page checks, kept between announcements', () => {
  it('drops a document by id and by hash when its change is announced, and everything when one may be missed', () => {
    const cache = new PageAccessCache();
    cache.set('id:7', access);
    cache.set(`hash:${access.hash}`, access);
    cache.set('id:8', { ...access, hash: 'b'.repeat(32) });
    cache.forget(`7 ${access.hash}`);
    expect(cache.get('id:7')).toBeUndefined();
    expect(cache.get(`hash:${access.hash}`)).toBeUndefined();
    expect(cache.get('id:8')).toEqual({ ...access, hash: 'b'.repeat(32) });
    cache.forget(undefined);
    expect(cache.get('id:8')).toBeUndefined();
  });

  it('forgets entries past their time to live and never grows past its size', () => {
    expect(new PageAccessCache(0).get('id:1')).toBeUndefined();
    const expired = new PageAccessCache(-1);
    expired.set('id:1', access);
    expect(expired.get('id:1')).toBeUndefined();
    const small = new PageAccessCache(60_000, 2);
    small.set('id:1', access);
    small.set('id:2', access);
    small.set('id:3', access);
    expect([small.get('id:1'), small.get('id:2'), small.get('id:3')].filter(Boolean)).toHaveLength(1);
  });
});
