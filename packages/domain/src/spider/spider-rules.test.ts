import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './address.ts';
import { applyReplacements, extractArticle, parseReplacements } from './article-crawl.ts';
import { checkUrl, decodeHtml, FetchError } from './fetcher.ts';
import {
  discoverLinks,
  dispositionFileName,
  extensionForContentType,
  titleFromFileName,
  urlFileName,
} from './links.ts';

const EXTS = ['pdf', 'doc', 'docx', 'txt', 'epub'];

describe('address classification', () => {
  it('lets only public unicast addresses through', () => {
    for (const a of ['8.8.8.8', '203.0.114.1', '2606:4700:4700::1111', '[2001:4860:4860::8888]'])
      expect(isPublicAddress(a), a).toBe(true);
    const refused = [
      '127.0.0.1',
      '127.8.9.10',
      '10.0.0.1',
      '172.16.5.4',
      '172.31.255.255',
      '192.168.0.1',
      '100.64.0.1',
      '100.127.255.254',
      '169.254.169.254',
      '0.0.0.0',
      '224.0.0.251',
      '255.255.255.255',
      '192.0.2.10',
      '198.18.0.1',
      '::',
      '::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      '::ffff:10.0.0.1',
      '::ffff:8.8.8.8',
      '64:ff9b::a00:1',
      '2002:a00:1::',
      '2001::1',
      'not-an-ip',
    ];
    for (const a of refused) expect(isPublicAddress(a), a).toBe(false);
  });

  it('refuses other schemes, credentials and literal private hosts before connecting', () => {
    const bad = [
      'ftp://example.com/a.pdf',
      'http://user:pw@example.com/',
      'http://127.0.0.1/',
      'http://0x7f000001/',
      'http://[::1]/',
      'http://localhost/',
      'http://printer.local/',
    ];
    for (const u of bad) expect(() => checkUrl(new URL(u), { allowPrivate: false }), u).toThrow(FetchError);
    expect(() => checkUrl(new URL('https://example.com/a.pdf'), { allowPrivate: false })).not.toThrow();
    expect(() => checkUrl(new URL('http://127.0.0.1/'), { allowPrivate: true })).not.toThrow();
  });
});

describe('link discovery', () => {
  const page = new URL('https://example.com/docs/list.html');

  it('finds document links by extension, resolved against the page and <base>, each once', () => {
    const html = `<a href="a.pdf">甲</a><a href="/b.DOCX"><img alt="乙"></a><a href="a.pdf#p2">甲二</a>
      <a href="https://cdn.example.net/c.epub">丙</a><a href="page.html">页</a><a href="javascript:void(0)">x</a>
      <a href="mailto:x@y.z">m</a><a href="ftp://example.com/d.pdf">ftp</a><a href="/download?id=3">下载</a>
      <a href="/get.php?f=9">取</a><a href="/img.png">图</a><a href="list.html">自己</a>`;
    const { documents, candidates } = discoverLinks(html, page, EXTS);
    expect(documents).toEqual([
      { url: 'https://example.com/docs/a.pdf', text: '甲', ext: 'pdf' },
      { url: 'https://example.com/b.DOCX', text: '乙', ext: 'docx' },
      { url: 'https://cdn.example.net/c.epub', text: '丙', ext: 'epub' },
    ]);
    expect(candidates.map((c) => c.url)).toEqual([
      'https://example.com/download?id=3',
      'https://example.com/get.php?f=9',
    ]);
    const based = discoverLinks('<base href="https://files.example.org/x/"><a href="r.txt">r</a>', page, EXTS);
    expect(based.documents[0]?.url).toBe('https://files.example.org/x/r.txt');
  });

  it('names documents from the URL, the Content-Disposition and the Content-Type', () => {
    expect(urlFileName(new URL('https://e.com/a/%E6%8A%A5%E5%91%8A.pdf'))).toBe('报告.pdf');
    expect(titleFromFileName('  年度  报告.final.PDF ')).toBe('年度 报告.final');
    expect(titleFromFileName('README')).toBe('README');
    expect(dispositionFileName(`attachment; filename="a.pdf"; filename*=UTF-8''%E6%89%8B%E5%86%8C.pdf`)).toBe(
      '手册.pdf',
    );
    expect(dispositionFileName('attachment; filename=plain.docx')).toBe('plain.docx');
    expect(dispositionFileName(Buffer.from('attachment; filename="手册.pdf"').toString('latin1'))).toBe('手册.pdf');
    expect(dispositionFileName(undefined)).toBe('');
    expect(extensionForContentType('application/pdf; charset=binary')).toBe('pdf');
    expect(extensionForContentType('text/html')).toBe('');
  });

  it('decodes pages by their declared charset', () => {
    const gbk = Buffer.from([0xc4, 0xe3, 0xba, 0xc3]); // 你好 in GBK
    expect(decodeHtml(gbk, 'text/html; charset=gbk')).toBe('你好');
    expect(decodeHtml(Buffer.concat([Buffer.from('<meta charset="gb2312">'), gbk]), 'text/html')).toContain('你好');
    expect(decodeHtml(Buffer.from('你好'), 'text/html')).toBe('你好');
  });
});

describe('article crawl rules', () => {
  it('parses `原内容 => 新内容` lines and replaces literally, in order', () => {
    const rules = parseReplacements('foo => bar\n\nno arrow here\n a.b => \n(x) => [x]');
    expect(rules).toEqual([
      ['foo', 'bar'],
      ['a.b', ''],
      ['(x)', '[x]'],
    ]);
    expect(applyReplacements('foo a.b (x) axb foo', rules)).toBe('bar  [x] axb bar');
  });

  it('extracts by selectors with exclusions, making links absolute', () => {
    const html = `<title>标题 - 站</title><h1>文章</h1><div class="c"><p>正文<a href="/x">链接</a></p>
      <p class="ad">广告</p><img data-src="i.png" src="blank.gif"></div><div class="c"><p>第二块</p></div>`;
    const out = extractArticle(html, new URL('https://e.com/a/b.html'), {
      mode: 1,
      select: '.c',
      exclude: '.ad',
    });
    expect(out.title).toBe('文章');
    expect(out.html).toContain('href="https://e.com/x"');
    expect(out.html).toContain('src="https://e.com/a/i.png"');
    expect(out.html).toContain('第二块');
    expect(out.html).not.toContain('广告');
    expect(() => extractArticle(html, new URL('https://e.com/'), { mode: 1, select: '', exclude: '' })).toThrow();
  });
});
