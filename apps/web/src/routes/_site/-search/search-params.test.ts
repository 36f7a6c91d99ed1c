import { describe, expect, it } from 'vitest';
import {
  activeFilters,
  createdAtRange,
  mergeSearch,
  SEARCH_PAGE_SIZE,
  searchPageSchema,
  searchQueryInput,
} from './search-params';

const NOW = new Date(2024, 2, 10, 15, 30); // 10 March 2024, local time

describe('time presets', () => {
  it('turn into created_at [start, end] local dates', () => {
    expect(createdAtRange(undefined, NOW)).toBeUndefined();
    expect(createdAtRange('day', NOW)).toEqual(['2024-03-09', '2024-03-10']);
    expect(createdAtRange('week', NOW)).toEqual(['2024-03-03', '2024-03-10']);
    expect(createdAtRange('month', NOW)).toEqual(['2024-02-08', '2024-03-10']);
    expect(createdAtRange('3months', NOW)).toEqual(['2023-12-09', '2024-03-10']);
    expect(createdAtRange('6months', NOW)).toEqual(['2023-09-09', '2024-03-10']);
    expect(createdAtRange('year', NOW)).toEqual(['2023-03-11', '2024-03-10']);
  });
});

describe('the URL of /search', () => {
  it('accepts what the router parses, including numeric keywords', () => {
    expect(searchPageSchema.parse({ wd: 123, type: -1, page: '2', sort: 'pages', category_id: '7' })).toEqual({
      wd: '123',
      type: -1,
      page: 2,
      sort: 'pages',
      category_id: 7,
    });
    expect(
      searchPageSchema.parse({ wd: '  中国 ', type: '1', ext: 'word', fee_type: 'free', time: '3months' }),
    ).toEqual({ wd: '中国', type: 1, ext: 'word', fee_type: 'free', time: '3months' });
  });

  it('falls back to defaults for hand-edited values', () => {
    expect(
      searchPageSchema.parse({
        type: 2,
        page: 0,
        sort: 'default',
        category_id: 'x',
        ext: '.exe',
        fee_type: 'vip',
        time: 'decade',
        language: { a: 1 },
      }),
    ).toEqual({});
    expect(searchPageSchema.parse({ wd: 'x'.repeat(150) }).wd).toHaveLength(100);
  });
});

describe('merging URL params', () => {
  it('keeps the other params and goes back to page 1 when a filter changes', () => {
    const prev = { wd: 'go', type: 0 as const, page: 4, ext: 'pdf' as const, language: 'en', time: 'week' as const };
    expect(mergeSearch(prev, { fee_type: 'charge' })).toEqual({
      wd: 'go',
      type: 0,
      ext: 'pdf',
      language: 'en',
      time: 'week',
      fee_type: 'charge',
    });
    expect(mergeSearch(prev, { ext: undefined })).toEqual({ wd: 'go', type: 0, language: 'en', time: 'week' });
    expect(mergeSearch(prev, { sort: 'latest' })).toMatchObject({ sort: 'latest', ext: 'pdf', time: 'week' });
    expect(mergeSearch(prev, { sort: 'latest' }).page).toBeUndefined();
  });

  it('changes only the page when the page changes; page 1 leaves the URL', () => {
    expect(mergeSearch({ wd: 'go', ext: 'pdf' }, { page: 3 })).toEqual({ wd: 'go', ext: 'pdf', page: 3 });
    expect(mergeSearch({ wd: 'go', page: 3 }, { page: 1 })).toEqual({ wd: 'go' });
  });

  it('a new keyword keeps the filters, starts at page 1', () => {
    expect(mergeSearch({ wd: 'a', page: 5, fee_type: 'free', sort: 'size' }, { wd: 'b' })).toEqual({
      wd: 'b',
      fee_type: 'free',
      sort: 'size',
    });
  });

  it('a change of type drops the category and a sort the type lacks', () => {
    expect(mergeSearch({ wd: 'a', type: 0, category_id: 3, sort: 'pages', time: 'day' }, { type: 1 })).toEqual({
      wd: 'a',
      type: 1,
      time: 'day',
    });
    expect(mergeSearch({ wd: 'a', type: 0, category_id: 3, sort: 'latest' }, { type: -1 })).toEqual({
      wd: 'a',
      type: -1,
      sort: 'latest',
    });
    // The same type again changes nothing but the page.
    expect(mergeSearch({ wd: 'a', type: 0, category_id: 3, page: 2 }, { type: 0 })).toEqual({
      wd: 'a',
      type: 0,
      category_id: 3,
    });
  });

  it('empty values leave the URL', () => {
    expect(mergeSearch({ wd: 'a', language: 'en' }, { language: '' })).toEqual({ wd: 'a' });
  });
});

describe('the search input', () => {
  it('maps the URL onto search.search', () => {
    expect(searchQueryInput({}, NOW)).toEqual({ wd: '', type: 0, page: 1, size: SEARCH_PAGE_SIZE, sort: 'default' });
    expect(
      searchQueryInput(
        {
          wd: 'go',
          type: -1,
          page: 2,
          sort: 'size',
          category_id: 4,
          language: 'en',
          ext: 'ppt',
          fee_type: 'free',
          time: 'week',
        },
        NOW,
      ),
    ).toEqual({
      wd: 'go',
      type: -1,
      page: 2,
      size: SEARCH_PAGE_SIZE,
      sort: 'size',
      category_id: [4],
      language: ['en'],
      ext: 'ppt',
      fee_type: 'free',
      created_at: ['2024-03-03', '2024-03-10'],
    });
  });

  it('ignores for articles what articles do not have', () => {
    const p = { wd: 'go', type: 1 as const, sort: 'pages' as const, ext: 'pdf' as const, fee_type: 'charge' as const };
    expect(searchQueryInput(p, NOW)).toEqual({ wd: 'go', type: 1, page: 1, size: SEARCH_PAGE_SIZE, sort: 'default' });
    expect(searchQueryInput({ ...p, sort: 'latest' }, NOW).sort).toBe('latest');
    expect(activeFilters(p)).toEqual([]);
    expect(activeFilters({ ...p, type: 0 })).toEqual(['ext', 'fee_type']);
  });
});
