import { describe, expect, it } from 'vitest';
import {
  categoryFacets,
  formatFacets,
  languageFacets,
  markOnlyHtml,
  plainText,
  relatedWords,
  showFacet,
} from './search-facets';

describe('the format facet', () => {
  it('adds up the extensions of a kind and sorts by count', () => {
    expect(
      formatFacets([
        { ext: '.pdf', count: 5 },
        { ext: '.docx', count: 4 },
        { ext: '.doc', count: 3 },
        { ext: '.xlsx', count: 1 },
        { ext: '.csv', count: 1 },
        { ext: '.pptx', count: 2 },
        { ext: '.txt', count: 1 },
        { ext: '.epub', count: 1 },
        { ext: '.xyz', count: 2 },
        { ext: '.abc', count: 1 },
      ]),
    ).toEqual([
      { kind: 'word', count: 7 },
      { kind: 'pdf', count: 5 },
      { kind: 'other', count: 3 },
      { kind: 'ppt', count: 2 },
      { kind: 'excel', count: 2 },
      { kind: 'text', count: 1 },
      { kind: 'epub', count: 1 },
    ]);
  });

  it('leaves out results without a format (articles) and empty counts', () => {
    expect(
      formatFacets([
        { ext: '', count: 9 },
        { ext: 'PDF', count: 2 },
        { ext: '.doc', count: 0 },
      ]),
    ).toEqual([{ kind: 'pdf', count: 2 }]);
    expect(formatFacets([])).toEqual([]);
  });
});

describe('category and language facets', () => {
  it('names categories and leaves out the ones the visitor cannot see', () => {
    const categories = [
      { id: 1, title: '教育', enable: true },
      { id: 2, title: '技术', enable: true },
      { id: 3, title: '隐藏', enable: false },
    ];
    expect(
      categoryFacets(
        [
          { category_id: 1, count: 2 },
          { category_id: 2, count: 8 },
          { category_id: 3, count: 4 },
          { category_id: 99, count: 1 },
        ],
        categories,
      ),
    ).toEqual([
      { value: 2, label: '技术', count: 8 },
      { value: 1, label: '教育', count: 2 },
    ]);
  });

  it('names languages from the site list, else by code', () => {
    expect(
      languageFacets(
        [
          { code: 'en', count: 1 },
          { code: 'zh', count: 3 },
          { code: '', count: 5 },
        ],
        [{ code: 'zh', language: '中文' }],
      ),
    ).toEqual([
      { value: 'zh', label: '中文', count: 3 },
      { value: 'en', label: 'en', count: 1 },
    ]);
  });

  it('shows a column with a choice, or with its filter set', () => {
    expect(showFacet([1], undefined)).toBe(false);
    expect(showFacet([1, 2], undefined)).toBe(true);
    expect(showFacet([1], 5)).toBe(true);
    expect(showFacet([], 'en')).toBe(true);
  });
});

describe('related words', () => {
  it('are the results keywords, each once, without the keyword searched', () => {
    expect(
      relatedWords(
        [{ keywords: 'Go, 编程，并发' }, { keywords: 'go、编程;Rust' }, { keywords: '' }, { keywords: '语言' }],
        'Go',
      ),
    ).toEqual(['编程', '并发', 'Rust', '语言']);
    expect(relatedWords([{ keywords: 'a,b,c' }], 'x', 2)).toEqual(['a', 'b']);
  });
});

describe('highlighted HTML', () => {
  it('lets only bare <mark> tags through', () => {
    expect(markOnlyHtml('a <mark>b</mark> &lt;c&gt;')).toBe('a <mark>b</mark> &lt;c&gt;');
    expect(markOnlyHtml('<img src=x onerror=alert(1)><mark onclick="x">y</mark>')).toBe(
      '&lt;img src=x onerror=alert(1)>&lt;mark onclick="x">y</mark>',
    );
    expect(markOnlyHtml('<script>x</script>')).toBe('&lt;script>x&lt;/script>');
  });

  it('gives the plain text for a title attribute', () => {
    expect(plainText('<mark>Go</mark> &amp; &lt;Rust&gt; &quot;x&quot; it&#39;s')).toBe('Go & <Rust> "x" it\'s');
  });
});
