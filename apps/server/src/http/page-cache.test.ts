import { describe, expect, it, vi } from 'vitest';
import { PageCache, PendingViews } from './web.ts';

const page = (text: string) => ({ html: `<html><body>${text}</body></html>`, status: 200 });

describe('the painted-page cache', () => {
  it('holds no more than its memory cap however many made-up URLs are asked', () => {
    const cache = new PageCache(1024 * 1024);
    const body = '文'.repeat(20_000);
    for (let i = 0; i < 2_000; i++) cache.set(`https://example.test /search?wd=${i}`, page(body), 'v1');
    expect(cache.size).toBeLessThanOrEqual(1024 * 1024);
    // The latest pages are still served from it.
    expect(cache.get('https://example.test /search?wd=1999', 60_000, 'v1')?.html).toContain(body);
  });

  it('counts a page stored again under the same URL once', () => {
    const cache = new PageCache(1024 * 1024);
    for (let i = 0; i < 100; i++) cache.set('o /', page('same'), `v${i}`);
    expect(cache.size).toBe(2 * ('o /'.length + page('same').html.length));
    expect(cache.get('o /', 60_000, 'v99')).toBeDefined();
    expect(cache.get('o /', 60_000, 'v98')).toBeUndefined();
  });

  it('keeps neither failed answers nor a page larger than a quarter of the cap', () => {
    const cache = new PageCache(1024);
    cache.set('o /missing', { html: 'x', status: 404 }, 'v');
    cache.set('o /huge', page('y'.repeat(1024)), 'v');
    expect(cache.size).toBe(0);
  });
});

describe('views of cached pages', () => {
  it('writes a flood of views of one page as one write a moment later, each page apart', async () => {
    vi.useFakeTimers();
    try {
      const writes: [string, number][] = [];
      const views = new PendingViews(async (key, n) => {
        writes.push([key, n]);
      }, 500);
      for (let i = 0; i < 1000; i++) views.add('about');
      views.add('help');
      views.add('help');
      expect(writes).toEqual([]);
      await vi.advanceTimersByTimeAsync(500);
      expect(writes).toEqual([
        ['about', 1000],
        ['help', 2],
      ]);
      // The next views are the next write's.
      views.add('about');
      await vi.advanceTimersByTimeAsync(500);
      expect(writes).toEqual([
        ['about', 1000],
        ['help', 2],
        ['about', 1],
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('writes the other pages when one write fails', async () => {
    const writes: string[] = [];
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const views = new PendingViews(async (key) => {
      if (key === 'bad') throw new Error('gone');
      writes.push(key);
    });
    views.add('bad');
    views.add('good');
    await views.flush();
    expect(writes).toEqual(['good']);
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });
});
