import { ArticleStatus, type ServiceKey } from '@wenku/shared';
import { describe, expect, it } from 'vitest';
import {
  allowedBulkActions,
  articleCategoryTree,
  articleHref,
  articleStatusKey,
  articleStatusTone,
  categoryTitles,
  checkActionsFor,
  collectSinglePages,
  isBuiltInPage,
  isNotice,
  isSinglePage,
  rowsChangedBy,
  singlePages,
} from './article-admin';

describe('article statuses', () => {
  it('names and colours the three review statuses', () => {
    expect(articleStatusKey(ArticleStatus.Pending)).toBe('pending');
    expect(articleStatusKey(ArticleStatus.Approved)).toBe('approved');
    expect(articleStatusKey(ArticleStatus.Rejected)).toBe('rejected');
    expect(articleStatusKey(9)).toBe('unknown');
    expect(articleStatusTone(ArticleStatus.Approved)).toBe('success');
    expect(articleStatusTone(ArticleStatus.Pending)).toBe('warning');
    expect(articleStatusTone(ArticleStatus.Rejected)).toBe('destructive');
    expect(articleStatusTone(9)).toBe('outline');
  });

  it('offers the review commands that change the status', () => {
    expect(checkActionsFor(ArticleStatus.Pending)).toEqual(['approve', 'reject']);
    expect(checkActionsFor(ArticleStatus.Approved)).toEqual(['reject', 'toReview']);
    expect(checkActionsFor(ArticleStatus.Rejected)).toEqual(['approve', 'toReview']);
  });
});

describe('single pages', () => {
  it('tells chosen identifiers from generated ones', () => {
    expect(isSinglePage('about')).toBe(true);
    expect(isSinglePage('join-us')).toBe(true);
    expect(isSinglePage('0123456789abcdef')).toBe(false);
    // Upper case or another length is not what the server generates.
    expect(isSinglePage('0123456789ABCDEF')).toBe(true);
    expect(isSinglePage('0123456789abcde')).toBe(true);
    expect(isSinglePage('')).toBe(false);
    expect(isBuiltInPage('help')).toBe(true);
    expect(isBuiltInPage('join-us')).toBe(false);
  });

  it('lists the seeded pages first in footer order, then the others by id', () => {
    const rows = [
      { id: 9, identifier: 'join-us' },
      { id: 3, identifier: 'contact' },
      { id: 1, identifier: 'about' },
      { id: 7, identifier: 'a1b2c3d4e5f60718' },
      { id: 5, identifier: 'faq' },
      { id: 2, identifier: 'agreement' },
    ];
    expect(singlePages(rows).map((r) => r.identifier)).toEqual(['about', 'agreement', 'contact', 'faq', 'join-us']);
  });

  it('links to the public article page', () => {
    expect(articleHref('about')).toBe('/article/about');
    expect(articleHref('a b')).toBe('/article/a%20b');
  });
});

describe('bulk actions', () => {
  it('follows the permissions', () => {
    const held = new Set<ServiceKey>(['ArticleAPI.RecommendArticles', 'ArticleAPI.DeleteArticle']);
    expect(allowedBulkActions((k) => held.has(k))).toEqual(['recommend', 'unrecommend', 'delete']);
    expect(allowedBulkActions(() => true)).toEqual([
      'approve',
      'reject',
      'toReview',
      'recommend',
      'unrecommend',
      'setCategory',
      'delete',
    ]);
    expect(allowedBulkActions(() => false)).toEqual([]);
  });

  it('counts the rows a command would change', () => {
    const rows = [
      { id: 1, status: ArticleStatus.Pending, recommend_at: null },
      { id: 2, status: ArticleStatus.Approved, recommend_at: '2024-01-01T00:00:00Z' },
      { id: 3, status: ArticleStatus.Rejected, recommend_at: null },
    ];
    const ids = (a: Parameters<typeof rowsChangedBy>[0]) => rowsChangedBy(a, rows).map((r) => r.id);
    expect(ids('approve')).toEqual([1, 3]);
    expect(ids('reject')).toEqual([1, 2]);
    expect(ids('toReview')).toEqual([2, 3]);
    expect(ids('recommend')).toEqual([1, 3]);
    expect(ids('unrecommend')).toEqual([2]);
    expect(ids('setCategory')).toEqual([1, 2, 3]);
    expect(ids('delete')).toEqual([1, 2, 3]);
  });
});

describe('article categories', () => {
  it('nests categories under their parents and keeps orphans and disabled ones', () => {
    const tree = articleCategoryTree([
      { id: 1, parent_id: 0, title: '新闻', type: 1, enable: true },
      { id: 2, parent_id: 1, title: '公司新闻', type: 1, enable: false },
      { id: 3, parent_id: 42, title: '孤儿', type: 1 },
      { id: 4, parent_id: 0, title: '文档分类', type: 0 },
      { id: 5, parent_id: 6, title: '环A', type: 1 },
      { id: 6, parent_id: 5, title: '环B', type: 1 },
    ]);
    expect(tree.map((n) => n.title)).toEqual(['新闻', '孤儿', '环A']);
    expect(tree[0]?.children).toEqual([{ id: 2, title: '公司新闻', enable: false, children: [] }]);
    expect(tree[2]?.children.map((n) => n.title)).toEqual(['环B']);
  });

  it('names an article’s categories and skips deleted ones', () => {
    const titles = new Map([
      [1, '新闻'],
      [2, '公告'],
    ]);
    expect(categoryTitles([2, 9, 1], titles)).toEqual(['公告', '新闻']);
  });

  it('treats notice values above 0 as notices', () => {
    expect(isNotice(0)).toBe(false);
    expect(isNotice(3)).toBe(true);
  });
});

describe('collectSinglePages', () => {
  const articles = Array.from({ length: 25 }, (_, i) => ({
    id: i + 1,
    identifier: i === 0 ? 'help' : i === 3 ? 'about' : i === 22 ? 'join-us' : (i + 1).toString(16).padStart(16, '0'),
  }));
  const fetchPage = async (page: number, size: number) => ({
    total: articles.length,
    article: articles.slice((page - 1) * size, page * size),
  });

  it('reads every page until the total is reached', async () => {
    const calls: number[] = [];
    const res = await collectSinglePages(
      (p, s) => {
        calls.push(p);
        return fetchPage(p, s);
      },
      { size: 10, maxPages: 5 },
    );
    expect(calls).toEqual([1, 2, 3]);
    expect(res.pages.map((a) => a.identifier)).toEqual(['about', 'help', 'join-us']);
    expect(res).toMatchObject({ scanned: 25, total: 25, complete: true });
  });

  it('stops after the last allowed request and says so', async () => {
    const res = await collectSinglePages(fetchPage, { size: 10, maxPages: 2 });
    expect(res.pages.map((a) => a.identifier)).toEqual(['about', 'help']);
    expect(res).toMatchObject({ scanned: 20, total: 25, complete: false });
  });
});
