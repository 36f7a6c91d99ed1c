import type { PublicSettings } from '@wenku/shared';
import { describe, expect, it } from 'vitest';
import {
  documentCategoryTitle,
  documentCountsShown,
  featuredCategories,
  homeLayout,
  homeStats,
  homeVersion,
  toHomeDocument,
  visibleCategoryBlocks,
} from './home-blocks';

const settings = (display: Record<string, unknown>) => ({ display }) as unknown as PublicSettings;

describe('homeLayout', () => {
  it('reads the display flags and the document style', () => {
    expect(
      homeLayout(
        settings({
          index_document_style: 'list',
          show_index_categories: true,
          show_document_count: 'true',
          show_register_user_count: false,
        }),
      ),
    ).toEqual({ documentStyle: 'list', showCategories: true, showDocumentCount: true, showUserCount: false });
  });
  it('falls back to cards for a missing or unknown style, and to nothing optional without settings', () => {
    expect(homeLayout(settings({ index_document_style: 'grid' })).documentStyle).toBe('card');
    expect(homeLayout(undefined)).toEqual({
      documentStyle: 'card',
      showCategories: false,
      showDocumentCount: false,
      showUserCount: false,
    });
  });
});

describe('homeStats', () => {
  const stats = { document_count: 12, article_count: 3, user_count: 40 };
  it('shows documents and articles with show_document_count, users with show_register_user_count', () => {
    expect(homeStats(stats, { showDocumentCount: true, showUserCount: true })).toEqual([
      { key: 'document', value: 12 },
      { key: 'article', value: 3 },
      { key: 'user', value: 40 },
    ]);
    expect(homeStats(stats, { showDocumentCount: false, showUserCount: true })).toEqual([{ key: 'user', value: 40 }]);
    expect(homeStats(stats, { showDocumentCount: true, showUserCount: false }).map((s) => s.key)).toEqual([
      'document',
      'article',
    ]);
  });
  it('shows nothing with both flags off or before the figures arrive', () => {
    expect(homeStats(stats, { showDocumentCount: false, showUserCount: false })).toEqual([]);
    expect(homeStats(undefined, { showDocumentCount: true, showUserCount: true })).toEqual([]);
  });
});

describe('visibleCategoryBlocks', () => {
  it('skips categories without documents and keeps the order', () => {
    const blocks = [
      { category_id: 1, document: [{ id: 1 }] },
      { category_id: 2, document: [] },
      { category_id: 3, document: [{ id: 2 }, { id: 3 }] },
    ];
    expect(visibleCategoryBlocks(blocks).map((b) => b.category_id)).toEqual([1, 3]);
    expect(visibleCategoryBlocks(undefined)).toEqual([]);
  });
});

describe('toHomeDocument', () => {
  const base = { id: 7, uuid: 'abc', title: 'T', ext: '.pdf', pages: 3, cover: '/view/cover/h' };
  it('reads the requested extra fields', () => {
    expect(
      toHomeDocument({
        ...base,
        is_vip: true,
        description: 'd',
        price: 5,
        size: 1024,
        view_count: 9,
        download_count: 2,
        created_at: '2026-11-21T00:00:00.000Z',
      }),
    ).toEqual({
      ...base,
      is_vip: true,
      description: 'd',
      price: 5,
      size: 1024,
      viewCount: 9,
      downloadCount: 2,
      createdAt: '2026-11-21T00:00:00.000Z',
    });
  });
  it('defaults the fields the server left out', () => {
    expect(toHomeDocument(base)).toMatchObject({
      is_vip: false,
      description: '',
      price: 0,
      size: 0,
      viewCount: 0,
      createdAt: '',
    });
  });
});

describe('homeVersion', () => {
  it('picks v2 only when the setting says so', () => {
    expect(homeVersion(settings({ home_version: 'v2' }))).toBe('v2');
    expect(homeVersion(settings({ home_version: 'v1' }))).toBe('v1');
    expect(homeVersion(settings({ home_version: 'v3' }))).toBe('v1');
    expect(homeVersion(undefined)).toBe('v1');
  });
});

describe('documentCountsShown', () => {
  it('shows views and downloads unless the site turned them off', () => {
    expect(documentCountsShown(undefined)).toEqual({ views: true, downloads: true });
    expect(
      documentCountsShown(settings({ show_document_view_count: false, show_document_download_count: 'true' })),
    ).toEqual({ views: false, downloads: true });
    expect(documentCountsShown(settings({ show_document_download_count: 'false' })).downloads).toBe(false);
  });
});

describe('featuredCategories', () => {
  const cats = (counts: number[]) => counts.map((doc_count, i) => ({ id: i + 1, doc_count }));
  it('keeps the categories with documents, up to eight', () => {
    const picked = featuredCategories(cats([1, 0, 2, 3, 4, 5, 6, 7, 8, 9, 0]));
    expect(picked.map((c) => c.id)).toEqual([1, 3, 4, 5, 6, 7, 8, 9]);
  });
  it('shows only the first four when fewer than eight have documents', () => {
    expect(featuredCategories(cats([1, 1, 0, 1, 1, 1, 1, 1])).map((c) => c.id)).toEqual([1, 2, 4, 5]);
    expect(featuredCategories(cats([0, 2, 0])).map((c) => c.id)).toEqual([2]);
    expect(featuredCategories([])).toEqual([]);
  });
});

describe('documentCategoryTitle', () => {
  const categories = [
    { id: 1, parent_id: 0, title: '教育资料' },
    { id: 2, parent_id: 1, title: '高中教育' },
    { id: 3, parent_id: 0, title: '电子书' },
  ];
  it('names the deepest known category of the document', () => {
    expect(documentCategoryTitle([1, 2], categories)).toBe('高中教育');
    expect(documentCategoryTitle([2, 1], categories)).toBe('高中教育');
    expect(documentCategoryTitle([3], categories)).toBe('电子书');
  });
  it('is empty without a known category', () => {
    expect(documentCategoryTitle([], categories)).toBe('');
    expect(documentCategoryTitle([99], categories)).toBe('');
  });
});
