import {
  ARTICLE_HTML,
  HTML_URL_ATTRIBUTES,
  type HtmlAllowList,
  SETTINGS_HTML,
  sanitizeHtmlOptions,
} from '@wenku/shared/html';
import sanitizeHtml from 'sanitize-html';
import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from './html-sanitizer';

/**
 * XSS vectors (OWASP's filter evasion cheat sheet, the mutation-XSS classics and friends): none may leave anything
 * that runs, in either allow-list, in the browser's filter or in the server's.
 */
const VECTORS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  "<IMG SRC=JaVaScRiPt:alert('XSS')>",
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">',
  '<IMG SRC=" &#14;  javascript:alert(\'XSS\');">',
  '<img src=x onerror=alert(1)>',
  '<svg/onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  // Mutation XSS: markup that parses differently once serialized and parsed again.
  '<svg><style><img src=x onerror=alert(1)>',
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<math><mi><mglyph><svg><mtext><textarea><path id="</textarea><img onerror=alert(1) src=1>">',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<template><img src=x onerror=alert(1)></template>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="jav&#x0A;ascript:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="java<!-- -->script:alert(1)">x</a>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="  JAVASCRIPT:alert(1)">x</a>',
  '<a href="java\0script:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<form><button formaction=javascript:alert(1)>x</button></form>',
  '<form action="javascript:alert(1)"><input type="submit" onfocus="alert(1)" autofocus></form>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<DIV STYLE="background-image: url(javascript:alert(\'XSS\'))">x</DIV>',
  '<div style="width: expression(alert(1))">x</div>',
  '<p style="color: red; background: url(javascript:alert(1))">x</p>',
  "<STYLE>@import'https://xss.example/xss.css';</STYLE>",
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">',
  '<LINK REL="stylesheet" HREF="javascript:alert(\'XSS\');">',
  '<TABLE BACKGROUND="javascript:alert(\'XSS\')"><tr><td onmouseover="alert(1)">x</td></tr></TABLE>',
  '<details open ontoggle=alert(1)>',
  '<video src="x" onerror="alert(1)" poster="javascript:alert(1)"><source src="javascript:alert(1)" onerror="alert(1)"></video>',
  '<img srcset="javascript:alert(1)" src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<base href="javascript:alert(1)//">',
  '<marquee onstart=alert(1)>x</marquee>',
  '"><script>alert(1)</script>',
  '<img id="cookie" name="getElementById"><form id="x"><input name="attributes"></form>',
];

/** Elements that can run or load script, or style the page, whatever their attributes. */
const ACTIVE = /^(script|style|iframe|frame|object|embed|svg|math|form|input|button|base|meta|link|template|noscript)$/;

/** Parses `html` as a browser does where it is rendered, and returns what is wrong with the result. */
function activeParts(html: string): string[] {
  const box = document.createElement('div');
  box.innerHTML = html;
  const found: string[] = [];
  for (const el of box.querySelectorAll('*')) {
    if (ACTIVE.test(el.localName) || el.namespaceURI !== 'http://www.w3.org/1999/xhtml')
      found.push(`<${el.localName}>`);
    for (const attr of el.attributes) {
      if (/^on/i.test(attr.name) || /^(formaction|action|srcdoc|srcset|id|name)$/i.test(attr.name))
        found.push(`${attr.name}=`);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers skip these inside a URL.
      const url = attr.value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
      if (HTML_URL_ATTRIBUTES.includes(attr.name) && /^(javascript|vbscript|data):/.test(url))
        found.push(`${attr.name}=${attr.value}`);
      if (attr.name === 'style' && /url\(|expression\(/i.test(attr.value)) found.push(`style=${attr.value}`);
    }
  }
  return found;
}

/** What the server stores (packages/domain articles/article-html.ts passes the same options to sanitize-html). */
const onServer = (list: HtmlAllowList, html: string) => sanitizeHtml(html, sanitizeHtmlOptions(list));
/**
 * Settings HTML is filtered by the server only (packages/domain settings-html.ts, when saved and when sent): pages
 * insert it as it comes, so the server's filter, as a browser reads its output, is what is checked for it.
 */
const sanitizeSettingsHtml = (html: string) => onServer(SETTINGS_HTML, html);

/** `html` as the browser's serializer writes it, so the two libraries' spelling (`<br />`, `&quot;`) compares. */
function reparsed(html: string): string {
  const box = document.createElement('div');
  box.innerHTML = html;
  return box.innerHTML;
}

describe.each([
  ['article', ARTICLE_HTML, sanitizeArticleHtml],
  ['settings', SETTINGS_HTML, sanitizeSettingsHtml],
] as const)('the %s allow-list', (_name, list, sanitize) => {
  it.each(VECTORS)('leaves nothing active of %s', (vector) => {
    const out = sanitize(`<p>前文</p>${vector}<p>后文</p>`);
    expect(activeParts(out)).toEqual([]);
    expect(out).toContain('<p>前文</p>');
    // Stable: filtering the result again changes nothing, so no mutation is waiting in it.
    expect(sanitize(out)).toBe(out);
    // The server's filter, read by a browser, is as inert.
    expect(activeParts(onServer(list, vector))).toEqual([]);
  });

  it('keeps only the elements of the list', () => {
    const box = document.createElement('div');
    box.innerHTML = sanitize(VECTORS.join(''));
    for (const el of box.querySelectorAll('*')) expect(list.tags).toContain(el.localName);
  });
});

describe('article HTML in the browser', () => {
  it('keeps the editor’s formatting, writing styles as the server does', () => {
    const html =
      '<h2 style="text-align: center">标题</h2><p>正文<strong>加粗</strong><a href="/article/about">关于</a></p>' +
      '<ul><li>一</li></ul><img src="/uploads/article/a.png" alt="图">';
    expect(sanitizeArticleHtml(html)).toBe(html.replace('text-align: center', 'text-align:center'));
  });

  it('drops scripts, handlers, unsafe URLs and unknown styles', () => {
    expect(sanitizeArticleHtml('<script>alert(1)</script><p onclick="x()">hi</p>')).toBe('<p>hi</p>');
    expect(sanitizeArticleHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeArticleHtml('<a href="java\tscript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeArticleHtml('<img src="//evil.example/x.png" onerror="x()">')).toBe('<img>');
    expect(sanitizeArticleHtml('<img src="data:image/png;base64,AAAA">')).toBe('<img>');
    expect(sanitizeArticleHtml('<a href="mailto:a@example.com">m</a><img src="mailto:a@example.com">')).toBe(
      '<a href="mailto:a@example.com">m</a><img>',
    );
    expect(sanitizeArticleHtml('<p style="position: fixed; color: #f00">x</p>')).toBe('<p style="color:#f00">x</p>');
    expect(sanitizeArticleHtml('<iframe src="https://x.example">frame</iframe><custom>text</custom>')).toBe('text');
    expect(sanitizeArticleHtml('<pre class="language-js evil"><code>1</code></pre>')).toBe(
      '<pre class="language-js"><code>1</code></pre>',
    );
    expect(sanitizeArticleHtml('<p data-x="1" aria-label="a" class="c" title="t">x</p>')).toBe('<p>x</p>');
  });

  it('marks links that open a new tab and drops other targets', () => {
    expect(sanitizeArticleHtml('<a href="https://x.example" target="_blank">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(sanitizeArticleHtml('<a href="https://x.example" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(sanitizeArticleHtml('<a href="https://x.example" target="_top">x</a>')).toBe(
      '<a href="https://x.example">x</a>',
    );
  });
});

describe('settings HTML as the server filters it', () => {
  it('keeps simple formatting and safe links', () => {
    expect(
      sanitizeSettingsHtml('本站<b>文档</b>由用户上传，<a href="/article/contact" onclick="x()">联系我们</a>'),
    ).toBe('本站<b>文档</b>由用户上传，<a href="/article/contact">联系我们</a>');
    expect(sanitizeSettingsHtml('<a href="https://x.cn" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://x.cn" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeSettingsHtml('<span title="t" class="c" style="color:red">s</span>')).toBe(
      '<span title="t">s</span>',
    );
  });

  it('drops scripts, event handlers and dangerous links, keeping text', () => {
    expect(sanitizeSettingsHtml('<script>alert(1)</script>hi')).toBe('hi');
    expect(sanitizeSettingsHtml('<img src=x onerror="alert(1)">ok')).toBe('ok');
    expect(sanitizeSettingsHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeSettingsHtml('<a href="//evil.example/">x</a>')).toBe('<a>x</a>');
    expect(sanitizeSettingsHtml('<font color="red"><i style="x">y</i></font>')).toBe('<i>y</i>');
  });

  it('escapes plain text', () => {
    expect(sanitizeSettingsHtml('a < b & c')).toBe('a &lt; b &amp; c');
  });
});

/**
 * The editor's output and hand-written HTML around it: the browser keeps exactly what the server keeps (compared as
 * a browser reads both). Parser-confusion vectors are left out: there the two parsers may disagree about the
 * structure, and the tests above show both results inert.
 */
const SAME_ON_BOTH_SIDES = [
  '<h2 style="text-align: center">标题</h2><p>正文 <strong>粗体</strong> <em>斜体</em> <a href="https://example.com" target="_blank">链接</a></p>',
  '<ul><li>一</li></ul><ol start="3"><li>三</li></ol><blockquote>引用</blockquote>',
  '<pre class="language-ts evil"><code class="language-ts">const a = 1 &lt; 2;</code></pre>',
  '<table><caption>表</caption><colgroup><col span="2" style="width: 50%"></colgroup><thead><tr><th colspan="2" style="background-color: #eee">头</th></tr></thead><tbody><tr><td rowspan="2" onclick="x()">格</td></tr></tbody></table>',
  '<figure><img src="/uploads/a.png" alt="图" width="10" height="20" title="t" loading="lazy"><figcaption>说明</figcaption></figure>',
  '<video src="https://x.example/a.mp4" controls poster="/p.png" autoplay><source src="https://x.example/a.webm" type="video/webm"></video>',
  '<p style="color: rgb(1, 2, 3); text-align: left; position: absolute; COLOR: red">颜色</p><span style="color:#abc !important">重要</span>',
  '<p><a href="/x" target="_top" rel="me">目标</a><a href="relative/page">相对</a><a href="#top">锚</a><a href="mailto:a@example.com">信</a></p>',
  '<p><a href="ftp://x.example/">ftp</a><a href="//evil.example/">协议相对</a><img src="mailto:a@example.com"><img src="ftp://x/a.png"></p>',
  '<div style="width: 10px">宽</div><div id="d" class="c" data-x="1">属性</div><h6 style="text-align: justify">六</h6>',
  '<p>a " \' &lt; &gt; &amp; b</p><br><hr><sub>下</sub><sup>上</sup><mark>标</mark><del>删</del><s>划</s><u>线</u>',
  '<custom-element>自定义</custom-element><font color="red">字体</font><center>居中</center><section><p>节</p></section>',
  '<script>alert(1)</script><style>p{}</style><iframe src="https://x.example">框</iframe><noscript>无</noscript><textarea>文</textarea>',
  '<select><option>选</option></select><object>对象</object><template><p>模板</p></template>',
  '<img src="x" onerror="alert(1)"><a href="javascript:alert(1)">坏</a><a href=" JAVASCRIPT:alert(1)">坏2</a>',
];

describe('the browser and the server', () => {
  describe.each([['article', ARTICLE_HTML, sanitizeArticleHtml]] as const)(
    'with the %s allow-list',
    (_name, list, sanitize) => {
      it.each(SAME_ON_BOTH_SIDES)('keep the same of %s', (html) => {
        expect(reparsed(sanitize(html))).toBe(reparsed(onServer(list, html)));
      });
    },
  );
});
