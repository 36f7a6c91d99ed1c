import { describe, expect, it } from 'vitest';
import {
  ARTICLE_PAGE_SIZE,
  articleListInput,
  articleSearchSchema,
  nextRecommendedPage,
  patchArticleSearch,
  recommendedInput,
} from './article-search';

describe('articleSearchSchema', () => {
  it('reads the listing params', () => {
    expect(articleSearchSchema.parse({ category_id: '3', tab: 'popular', page: '2', is_notice: '1' })).toEqual({
      category_id: 3,
      tab: 'popular',
      page: 2,
      is_notice: 1,
    });
    expect(articleSearchSchema.parse({ is_notice: true }).is_notice).toBe(1);
  });
  it('drops malformed values instead of failing', () => {
    expect(articleSearchSchema.parse({ category_id: 'x', tab: 'hot', page: '-1', is_notice: '0', other: 'y' })).toEqual(
      {},
    );
    expect(articleSearchSchema.parse({ category_id: 0, page: 1.5 })).toEqual({});
  });
});

describe('articleListInput', () => {
  it('asks for approved articles, ten a page, latest first by default', () => {
    expect(articleListInput({})).toEqual({ page: 1, size: ARTICLE_PAGE_SIZE, status: [1] });
  });
  it('maps the tab, category and notice filter', () => {
    expect(articleListInput({ tab: 'popular', category_id: 4, is_notice: 1, page: 3 })).toEqual({
      page: 3,
      size: ARTICLE_PAGE_SIZE,
      status: [1],
      tab: 'popular',
      category_id: [4],
      is_notice: [true],
    });
    expect(articleListInput({ tab: 'latest' })).not.toHaveProperty('tab');
  });
});

describe('recommended box', () => {
  it('asks for recommended approved articles, eight at a time', () => {
    expect(recommendedInput(2)).toMatchObject({ page: 2, size: 8, status: [1], is_recommend: [true] });
  });
  it('rotates through the pages', () => {
    expect(nextRecommendedPage(1, 20)).toBe(2);
    expect(nextRecommendedPage(3, 20)).toBe(1);
    expect(nextRecommendedPage(1, 8)).toBe(1);
    expect(nextRecommendedPage(1, 0)).toBe(1);
  });
});

describe('patchArticleSearch', () => {
  it('starts a new filter at page 1 and keeps defaults out of the URL', () => {
    expect(patchArticleSearch({ page: 4, category_id: 2 }, { tab: 'popular' })).toEqual({
      category_id: 2,
      tab: 'popular',
    });
    expect(patchArticleSearch({ tab: 'popular', page: 2 }, { tab: 'latest' })).toEqual({});
  });
  it('changes the page without touching the filters', () => {
    expect(patchArticleSearch({ category_id: 2, tab: 'popular' }, { page: 3 })).toEqual({
      category_id: 2,
      tab: 'popular',
      page: 3,
    });
    expect(patchArticleSearch({ category_id: 2, page: 3 }, { page: 1 })).toEqual({ category_id: 2 });
  });
  it('clears a filter given as undefined', () => {
    expect(patchArticleSearch({ category_id: 2, is_notice: 1 }, { category_id: undefined })).toEqual({
      is_notice: 1,
    });
  });
});
