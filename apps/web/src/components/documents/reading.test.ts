import { describe, expect, it } from 'vitest';
import {
  documentHref,
  initialShown,
  nextShown,
  pageBox,
  pageImageUrl,
  pageNeedsToken,
  pageSrcSet,
  parseDocumentParam,
  previewLimit,
  readingState,
  shownToReach,
} from './reading';

describe('the reading window', () => {
  it('reads every page when preview is 0 or larger than the document', () => {
    expect(previewLimit({ pages: 30, preview: 0 })).toBe(30);
    expect(previewLimit({ pages: 30, preview: 40 })).toBe(30);
    expect(previewLimit({ pages: 30, preview: 12 })).toBe(12);
    expect(previewLimit({ pages: 0, preview: 0 })).toBe(0);
  });

  it('shows pages_per_read pages first and adds as many per click, up to the preview', () => {
    const limit = previewLimit({ pages: 30, preview: 12 });
    let shown = initialShown(limit, 5);
    expect(shown).toBe(5);
    shown = nextShown(shown, limit, 5);
    expect(shown).toBe(10);
    shown = nextShown(shown, limit, 5);
    expect(shown).toBe(12);
    expect(nextShown(shown, limit, 5)).toBe(12);
    // A short document shows all its pages at once; a nonsense setting still shows one page per step.
    expect(initialShown(3, 5)).toBe(3);
    expect(initialShown(10, 0)).toBe(1);
    expect(nextShown(1, 10, -2)).toBe(2);
  });

  it('shows whole batches up to a page a search jumps to, within the readable pages', () => {
    expect(shownToReach(3, 5, 12, 5)).toBe(5);
    expect(shownToReach(7, 5, 12, 5)).toBe(10);
    expect(shownToReach(10, 5, 12, 5)).toBe(10);
    expect(shownToReach(11, 5, 12, 5)).toBe(12);
    expect(shownToReach(30, 5, 12, 5)).toBe(12);
    expect(shownToReach(4, 1, 10, 0)).toBe(4);
  });

  it('tells how many pages remain to read online and how many only in the download', () => {
    expect(readingState({ pages: 30, preview: 12 }, 5)).toEqual({ limit: 12, remaining: 7, beyondPreview: 18 });
    expect(readingState({ pages: 30, preview: 12 }, 12)).toEqual({ limit: 12, remaining: 0, beyondPreview: 18 });
    expect(readingState({ pages: 4, preview: 0 }, 4)).toEqual({ limit: 4, remaining: 0, beyondPreview: 0 });
  });

  it('addresses page images by id with the preview extension (gzip svg per spec §7)', () => {
    expect(pageImageUrl({ id: 7, preview_ext: '.webp', enable_gzip: true }, 3)).toBe('/view/page/7/3.webp');
    expect(pageImageUrl({ id: 7, preview_ext: '.svg', enable_gzip: true }, 1)).toBe('/view/page/7/1.gzip.svg');
    expect(pageImageUrl({ id: 7, preview_ext: '.svg', enable_gzip: false }, 1)).toBe('/view/page/7/1.svg');
    expect(pageImageUrl({ id: 7, preview_ext: '', enable_gzip: false }, 1)).toBe('/view/page/7/1.webp');
  });

  it('fetches page images with the token for hidden documents and whenever the site gate is up', () => {
    expect(pageNeedsToken({ status: 2 }, false)).toBe(false);
    expect(pageNeedsToken({ status: 2 }, true)).toBe(true);
    expect(pageNeedsToken({ status: 4 }, false)).toBe(true);
  });

  it('keeps A4 proportions when the page size is unknown', () => {
    expect(pageBox({ width: 0, height: 0 })).toEqual({ width: 595, height: 842 });
    expect(pageBox({ width: 1240, height: 1754 })).toEqual({ width: 1240, height: 1754 });
  });
});

describe('document addresses', () => {
  it('treats 16 hex characters as a uuid and digits as an id', () => {
    expect(parseDocumentParam('0123456789abcdef')).toEqual({ uuid: '0123456789abcdef' });
    expect(parseDocumentParam('0123456789ABCDEF')).toEqual({ uuid: '0123456789abcdef' });
    expect(parseDocumentParam('42')).toEqual({ id: 42 });
    expect(parseDocumentParam('0')).toBeNull();
    expect(parseDocumentParam('hello')).toBeNull();
    expect(parseDocumentParam('12ab')).toBeNull();
  });

  it('links by uuid, else by id', () => {
    expect(documentHref({ id: 3, uuid: 'aaaaaaaaaaaaaaaa' })).toBe('/document/aaaaaaaaaaaaaaaa');
    expect(documentHref({ id: 3, uuid: '' })).toBe('/document/3');
  });
});

describe('page image sizes', () => {
  const doc = { id: 7, preview_ext: '.webp', enable_gzip: false, width: 893 };
  it('offers the server’s smaller widths and the page itself, for raster pages only', () => {
    expect(pageSrcSet(doc, 3)).toBe(
      '/view/page/7/3.webp?w=480 480w, /view/page/7/3.webp?w=720 720w, /view/page/7/3.webp 893w',
    );
    // A page barely wider than a size gains nothing from it; a small page has only itself.
    expect(pageSrcSet({ ...doc, width: 1200 }, 1)).toContain('?w=960 960w');
    expect(pageSrcSet({ ...doc, width: 1000 }, 1)).not.toContain('960w');
    expect(pageSrcSet({ ...doc, width: 600 }, 1)).toBe('/view/page/7/1.webp?w=480 480w, /view/page/7/1.webp 600w');
    expect(pageSrcSet({ ...doc, width: 500 }, 1)).toBe('/view/page/7/1.webp 500w');
    expect(pageSrcSet({ ...doc, width: 400 }, 1)).toBe('/view/page/7/1.webp 400w');
    expect(pageSrcSet({ ...doc, preview_ext: '.svg' }, 1)).toBeUndefined();
    expect(pageSrcSet({ ...doc, width: 0 }, 1)).toBeUndefined();
  });
});
