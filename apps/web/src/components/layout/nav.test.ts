import type { NavigationDTO } from '@wenku/shared';
import { describe, expect, it } from 'vitest';
import {
  buildCategoryTree,
  buildNavTree,
  categoryHref,
  navCategoryType,
  navKind,
  searchHref,
  searchTypeForPath,
  showFooter,
  showHeaderSearch,
} from './nav';

const nav = (id: number, parent_id: number, enable = true, href = ''): NavigationDTO => ({
  id,
  parent_id,
  title: `n${id}`,
  href,
  color: '',
  target: '',
  sort: 0,
  enable,
  fixed: false,
  description: '',
  created_at: '',
  updated_at: '',
});

describe('navigation items (spec §2 Header)', () => {
  it.each([
    ['https://example.com', 'external'],
    ['http://example.com/x', 'external'],
    ['HTTPS://EXAMPLE.COM', 'external'],
    ['/category', 'internal'],
    ['', 'text'],
    // Hrefs saved before the link rule (issue 15 item 6) are shown as text, never followed.
    ['javascript:alert(1)', 'text'],
    [' JAVASCRIPT:alert(1)', 'text'],
    ['java\tscript:alert(1)', 'text'],
    ['data:text/html,<script>alert(1)</script>', 'text'],
    ['//evil.example', 'text'],
    ['article/1', 'text'],
    ['   ', 'text'],
    [undefined, 'text'],
  ])('%s is %s', (href, kind) => {
    expect(navKind(href)).toBe(kind);
  });

  it('keeps enabled roots with their enabled children, in order', () => {
    const tree = buildNavTree([nav(1, 0), nav(2, 0, false), nav(3, 1), nav(4, 1, false), nav(5, 2), nav(6, 0)]);
    expect(tree.map((n) => n.id)).toEqual([1, 6]);
    expect(tree[0]?.children.map((n) => n.id)).toEqual([3]);
  });

  it('knows which entries open a category popover', () => {
    expect(navCategoryType('/category')).toBe(0);
    expect(navCategoryType('/category/12')).toBe(0);
    expect(navCategoryType('/article')).toBe(1);
    expect(navCategoryType('/article?tab=latest')).toBe(1);
    expect(navCategoryType('/article/about')).toBeNull();
    expect(navCategoryType('/categoryx')).toBeNull();
    expect(navCategoryType('https://x.com/category')).toBeNull();
  });
});

describe('search box', () => {
  it('searches articles on article pages, documents elsewhere', () => {
    expect(searchTypeForPath('/article')).toBe(1);
    expect(searchTypeForPath('/article/abc')).toBe(1);
    expect(searchTypeForPath('/category/3')).toBe(0);
    expect(searchTypeForPath('/')).toBe(0);
    expect(searchTypeForPath('/search', '1')).toBe(1);
    expect(searchTypeForPath('/search', 0)).toBe(0);
  });

  it('is hidden on the search page on desktop and on a busy home page', () => {
    expect(showHeaderSearch({ pathname: '/search', desktop: true, enabledNavCount: 1 })).toBe(false);
    expect(showHeaderSearch({ pathname: '/search', desktop: false, enabledNavCount: 1 })).toBe(true);
    expect(showHeaderSearch({ pathname: '/', desktop: true, enabledNavCount: 3 })).toBe(true);
    expect(showHeaderSearch({ pathname: '/', desktop: true, enabledNavCount: 4 })).toBe(false);
    expect(showHeaderSearch({ pathname: '/category', desktop: true, enabledNavCount: 9 })).toBe(true);
  });

  it('does nothing for an empty keyword and encodes the query', () => {
    expect(searchHref('   ', 0)).toBeNull();
    expect(searchHref(' 数学 & 物理 ', 1)).toBe('/search?wd=%E6%95%B0%E5%AD%A6+%26+%E7%89%A9%E7%90%86&type=1');
  });
});

describe('layout rules', () => {
  it('hides the footer on the /article path only', () => {
    expect(showFooter('/article')).toBe(false);
    expect(showFooter('/article/')).toBe(false);
    expect(showFooter('/article/1')).toBe(true);
    expect(showFooter('/')).toBe(true);
  });
});

describe('category tree', () => {
  const rows = [
    { id: 1, parent_id: 0, title: 'A', type: 0, enable: true, doc_count: 3 },
    { id: 2, parent_id: 1, title: 'A1', type: 0, enable: true, doc_count: 3 },
    { id: 3, parent_id: 1, title: 'A2', type: 0, enable: false, doc_count: 1 },
    { id: 4, parent_id: 0, title: 'B', type: 0, enable: true, doc_count: 0 },
    { id: 5, parent_id: 4, title: 'B1', type: 0, enable: true, doc_count: 0 },
    { id: 6, parent_id: 0, title: 'Art', type: 1, enable: true, doc_count: 0 },
  ];

  it('keeps enabled categories of the type', () => {
    const tree = buildCategoryTree(rows, 0, false);
    expect(tree.map((c) => c.title)).toEqual(['A', 'B']);
    expect(tree[0]?.children.map((c) => c.title)).toEqual(['A1']);
    expect(buildCategoryTree(rows, 1, false).map((c) => c.title)).toEqual(['Art']);
  });

  it('hides empty categories when asked (display.hide_category_without_document)', () => {
    expect(buildCategoryTree(rows, 0, true).map((c) => c.title)).toEqual(['A']);
  });

  it('links documents to their listing and articles to the filtered article list', () => {
    expect(categoryHref(0, 3)).toBe('/category/3');
    expect(categoryHref(1, 3)).toBe('/article?category_id=3');
  });
});
