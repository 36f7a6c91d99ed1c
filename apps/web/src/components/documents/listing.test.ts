import { describe, expect, it } from 'vitest';
import { LISTING_PAGE_SIZE, listingInput, listingSearchSchema, patchListingSearch, stars } from './listing';

describe('the category listing', () => {
  it('turns the URL into the list input', () => {
    expect(listingInput({}, null)).toEqual({ page: 1, size: LISTING_PAGE_SIZE, order: 'id desc' });
    expect(listingInput({ page: 3, sort: 'downloads', ext: 'word', fee_type: 'free', language: 'zh-CN' }, 12)).toEqual({
      page: 3,
      size: LISTING_PAGE_SIZE,
      order: 'download_count desc',
      category_id: [12],
      ext: 'word',
      fee_type: 'free',
      language: ['zh-CN'],
    });
    expect(listingInput({ sort: 'score' }, null).order).toBe('score desc');
    expect(listingInput({ sort: 'pages' }, null).order).toBe('pages desc');
    expect(listingInput({ sort: 'views' }, null).order).toBe('view_count desc');
  });

  it('filters VIP documents with fee_type=vip while VIP is on, and ignores it while VIP is off', () => {
    expect(listingSearchSchema.parse({ fee_type: 'vip' })).toEqual({ fee_type: 'vip' });
    expect(listingInput({ fee_type: 'vip' }, 3, true)).toMatchObject({ category_id: [3], fee_type: 'vip' });
    expect(listingInput({ fee_type: 'vip' }, 3, false)).not.toHaveProperty('fee_type');
    expect(listingInput({ fee_type: 'charge' }, null, false)).toMatchObject({ fee_type: 'charge' });
  });

  it('falls back to defaults for hand-edited values', () => {
    expect(
      listingSearchSchema.parse({ page: 'x', sort: 'nope', ext: 'exe', fee_type: 'gratis', view: 'grid' }),
    ).toEqual({});
    expect(listingSearchSchema.parse({ page: '2', ext: 'pdf', view: 'list' })).toEqual({
      page: 2,
      ext: 'pdf',
      view: 'list',
    });
  });

  it('goes back to page 1 when a filter changes, not when the view does', () => {
    expect(patchListingSearch({ page: 4, ext: 'pdf' }, { fee_type: 'charge' })).toEqual({
      ext: 'pdf',
      fee_type: 'charge',
    });
    expect(patchListingSearch({ page: 4 }, { view: 'list' })).toEqual({ page: 4, view: 'list' });
    expect(patchListingSearch({ page: 4, ext: 'pdf' }, { ext: undefined })).toEqual({});
  });

  it('shows ratings as stars with one decimal', () => {
    expect(stars(500)).toBe(5);
    expect(stars(367)).toBe(3.7);
    expect(stars(0)).toBe(0);
    expect(stars(900)).toBe(5);
  });
});
