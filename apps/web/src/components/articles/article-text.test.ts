import { describe, expect, it } from 'vitest';
import { categoryChain, MAX_KEYWORD_TAGS, splitKeywords, wrapTables } from './article-text';

describe('splitKeywords', () => {
  it('splits on ASCII and Chinese separators, trims and removes duplicates', () => {
    expect(splitKeywords('文库, 文档，分享、文库; 教程')).toEqual(['文库', '文档', '分享', '教程']);
  });
  it('keeps phrases with spaces whole and ignores empty input', () => {
    expect(splitKeywords('open source, web app')).toEqual(['open source', 'web app']);
    expect(splitKeywords('')).toEqual([]);
    expect(splitKeywords(undefined)).toEqual([]);
    expect(splitKeywords(' , ，')).toEqual([]);
  });
  it('caps the number of tags', () => {
    const many = Array.from({ length: 20 }, (_, i) => `k${i}`).join(',');
    expect(splitKeywords(many)).toHaveLength(MAX_KEYWORD_TAGS);
  });
});

describe('categoryChain', () => {
  const root = { id: 1, title: '技术', parent_id: 0 };
  const child = { id: 5, title: '前端', parent_id: 1 };
  const leaf = { id: 9, title: 'React', parent_id: 5 };
  it('orders a linked path from the root down, whatever the input order', () => {
    expect(categoryChain([leaf, root, child]).map((c) => c.id)).toEqual([1, 5, 9]);
  });
  it('takes the longest path when the categories are unrelated', () => {
    const other = { id: 20, title: '随笔', parent_id: 0 };
    expect(categoryChain([other, root, child]).map((c) => c.id)).toEqual([1, 5]);
  });
  it('stops at a missing parent and survives a cycle', () => {
    expect(categoryChain([child]).map((c) => c.id)).toEqual([5]);
    const a = { id: 1, title: 'a', parent_id: 2 };
    const b = { id: 2, title: 'b', parent_id: 1 };
    expect(categoryChain([a, b])).toHaveLength(2);
    expect(categoryChain(undefined)).toEqual([]);
  });
});

describe('wrapTables', () => {
  it('wraps each table in a scroll box', () => {
    expect(wrapTables('<p>x</p><table><tr><td>1</td></tr></table>')).toBe(
      '<p>x</p><div class="article-table"><table><tr><td>1</td></tr></table></div>',
    );
  });
  it('keeps attributes and handles several and nested tables', () => {
    const html =
      '<table style="width:100%"><tr><td><table><tr><td>a</td></tr></table></td></tr></table><TABLE></TABLE>';
    const out = wrapTables(html);
    expect(out.match(/<div class="article-table">/g)).toHaveLength(3);
    expect(out.match(/<\/div>/g)).toHaveLength(3);
    expect(out).toContain('<div class="article-table"><table style="width:100%">');
  });
  it('leaves words that merely start with "table" alone', () => {
    expect(wrapTables('<tablet>no</tablet>')).toBe('<tablet>no</tablet>');
  });
});
