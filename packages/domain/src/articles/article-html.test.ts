import { describe, expect, it } from 'vitest';
import { htmlToText, sanitizeArticleHtml } from './article-html.ts';

/** Vectors from the OWASP XSS filter evasion cheat sheet and friends: none may survive in any form. */
const VECTORS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  "<IMG SRC=JaVaScRiPt:alert('XSS')>",
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">',
  '<IMG SRC=" &#14;  javascript:alert(\'XSS\');">',
  '<img src=x onerror=alert(1)>',
  '<img src="x" onerror="alert(1)" />',
  '<svg/onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  "<BODY ONLOAD=alert('XSS')>",
  '<a href="javascript:alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="java\0script:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<DIV STYLE="background-image: url(javascript:alert(\'XSS\'))">',
  '<div style="width: expression(alert(1))">x</div>',
  '<p style="color: red; background: url(javascript:alert(1))">x</p>',
  "<STYLE>@import'https://xss.example/xss.css';</STYLE>",
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">',
  '<LINK REL="stylesheet" HREF="javascript:alert(\'XSS\');">',
  '<TABLE BACKGROUND="javascript:alert(\'XSS\')"><tr><td onmouseover="alert(1)">x</td></tr></TABLE>',
  '<form action="javascript:alert(1)"><input type="submit" onfocus="alert(1)" autofocus></form>',
  '<details open ontoggle=alert(1)>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<video src="x" onerror="alert(1)" poster="javascript:alert(1)"></video>',
  '<base href="javascript:alert(1)//">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '"><script>alert(1)</script>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
];

const FORBIDDEN = [
  /<script/i,
  /\son\w+\s*=/i,
  /javascript:/i,
  /vbscript:/i,
  /data:/i,
  /<iframe/i,
  /<object/i,
  /<embed/i,
  /<svg/i,
  /<math/i,
  /<style/i,
  /<meta/i,
  /<link/i,
  /<form/i,
  /<input/i,
  /<base/i,
  /expression\(/i,
  /url\(/i,
];

describe('article HTML sanitizer', () => {
  for (const vector of VECTORS)
    it(`neutralizes ${vector.slice(0, 60)}`, () => {
      const out = sanitizeArticleHtml(`<p>前文</p>${vector}<p>后文</p>`);
      for (const re of FORBIDDEN) expect(out).not.toMatch(re);
      expect(out).toContain('<p>前文</p>');
    });

  it('keeps what the editor produces', () => {
    const html =
      '<h2 style="text-align: center">标题</h2><p>正文 <strong>粗体</strong> <em>斜体</em> <a href="https://example.com" target="_blank">链接</a></p>' +
      '<ul><li>一</li></ul><blockquote>引用</blockquote><pre class="language-ts"><code class="language-ts">const a = 1;</code></pre>' +
      '<table><tbody><tr><td colspan="2">格</td></tr></tbody></table><img src="/uploads/a.png" alt="图">';
    const out = sanitizeArticleHtml(html);
    expect(out).toContain('<h2 style="text-align:center">标题</h2>');
    expect(out).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">链接</a>');
    expect(out).toContain('<pre class="language-ts"><code class="language-ts">const a = 1;</code></pre>');
    expect(out).toContain('<td colspan="2">格</td>');
    expect(out).toContain('<img src="/uploads/a.png" alt="图" />');
  });

  it('turns HTML into plain text for descriptions', () => {
    expect(htmlToText('<h2>标题</h2><p>第一段&amp;<br>第二段</p>')).toBe('标题 第一段& 第二段');
  });
});
