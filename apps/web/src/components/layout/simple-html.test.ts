import { describe, expect, it } from 'vitest';
import { sanitizeSimpleHtml } from './simple-html';

describe('settings HTML allow-list', () => {
  it('keeps simple formatting and safe links', () => {
    expect(sanitizeSimpleHtml('本站<b>文档</b>由用户上传，<a href="/article/contact" onclick="x()">联系我们</a>')).toBe(
      '本站<b>文档</b>由用户上传，<a href="/article/contact">联系我们</a>',
    );
    expect(sanitizeSimpleHtml('<a href="https://x.cn" target="_blank">x</a>')).toBe(
      '<a href="https://x.cn" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('drops scripts, event handlers and dangerous links, keeping text', () => {
    expect(sanitizeSimpleHtml('<script>alert(1)</script>hi')).toBe('hi');
    expect(sanitizeSimpleHtml('<img src=x onerror="alert(1)">ok')).toBe('ok');
    expect(sanitizeSimpleHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeSimpleHtml('<font color="red"><i style="x">y</i></font>')).toBe('<i>y</i>');
  });

  it('escapes plain text and handles empty input', () => {
    expect(sanitizeSimpleHtml('a < b & c')).toBe('a &lt; b &amp; c');
    expect(sanitizeSimpleHtml('')).toBe('');
    expect(sanitizeSimpleHtml(undefined)).toBe('');
  });
});
