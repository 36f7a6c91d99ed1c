import { describe, expect, it } from 'vitest';
import { imageTag, insertAtCaret, linkTags, sanitizeArticlePreview, wrapSelection } from './article-html';

describe('sanitizeArticlePreview', () => {
  it('keeps the editor’s formatting', () => {
    const html =
      '<h2 style="text-align: center">标题</h2><p>正文<strong>加粗</strong><a href="/article/about">关于</a></p>' +
      '<ul><li>一</li></ul><img src="/uploads/article/a.png" alt="图">';
    // Styles are written as the server's sanitize-html writes them.
    expect(sanitizeArticlePreview(html)).toBe(html.replace('text-align: center', 'text-align:center'));
  });

  it('drops scripts, handlers, unsafe URLs and unknown styles', () => {
    expect(sanitizeArticlePreview('<script>alert(1)</script><p onclick="x()">hi</p>')).toBe('<p>hi</p>');
    expect(sanitizeArticlePreview('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeArticlePreview('<a href="java\tscript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeArticlePreview('<img src="//evil.example/x.png" onerror="x()">')).toBe('<img>');
    expect(sanitizeArticlePreview('<img src="data:image/png;base64,AAAA">')).toBe('<img>');
    expect(sanitizeArticlePreview('<p style="position: fixed; color: #f00">x</p>')).toBe('<p style="color:#f00">x</p>');
    expect(sanitizeArticlePreview('<iframe src="https://x.example"></iframe><custom>text</custom>')).toBe('text');
    expect(sanitizeArticlePreview('<pre class="language-js evil"><code>1</code></pre>')).toBe(
      '<pre class="language-js"><code>1</code></pre>',
    );
  });

  it('marks links that open a new tab', () => {
    expect(sanitizeArticlePreview('<a href="https://x.example" target="_blank">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(sanitizeArticlePreview('<a href="https://x.example" target="_top">x</a>')).toBe(
      '<a href="https://x.example">x</a>',
    );
  });

  it('is empty for empty content', () => {
    expect(sanitizeArticlePreview('')).toBe('');
    expect(sanitizeArticlePreview('   ')).toBe('');
    expect(sanitizeArticlePreview(undefined)).toBe('');
  });
});

describe('toolbar edits', () => {
  it('wraps the selection and keeps it selected', () => {
    expect(wrapSelection('abc def', 4, 7, '<b>', '</b>')).toEqual({
      text: 'abc <b>def</b>',
      selectionStart: 7,
      selectionEnd: 10,
    });
  });

  it('inserts a placeholder when nothing is selected', () => {
    expect(wrapSelection('ab', 1, 1, '<h2>', '</h2>', '标题')).toEqual({
      text: 'a<h2>标题</h2>b',
      selectionStart: 5,
      selectionEnd: 7,
    });
  });

  it('inserts at the caret, replacing a selection', () => {
    expect(insertAtCaret('abcd', 1, 3, '<hr>')).toEqual({ text: 'a<hr>d', selectionStart: 5, selectionEnd: 5 });
    expect(insertAtCaret('ab', 9, 9, 'x')).toEqual({ text: 'abx', selectionStart: 3, selectionEnd: 3 });
  });

  it('escapes image and link attributes', () => {
    expect(imageTag('/uploads/a".png', '<x>')).toBe('<p><img src="/uploads/a&quot;.png" alt="&lt;x>"></p>\n');
    expect(linkTags('https://x.example')).toEqual({
      before: '<a href="https://x.example" target="_blank">',
      after: '</a>',
    });
    expect(linkTags('/article/about')).toEqual({ before: '<a href="/article/about">', after: '</a>' });
  });
});
