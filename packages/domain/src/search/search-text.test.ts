import { describe, expect, it } from 'vitest';
import { highlight, snippet } from './highlight.ts';
import { findPhrase, phrasePattern } from './in-document.service.ts';
import { baseTsqueryLiteral, needsPositions, parseQuery, tsqueryLiteral } from './query.ts';
import { indexTokens, normalizeToken, queryTokens } from './segmenter.ts';
import { tsvectorLiteral } from './tsvector.ts';

describe('segmenter', () => {
  it('normalizes tokens: full width, case, punctuation', () => {
    expect(normalizeToken('ＴｙｐｅＳｃｒｉｐｔ')).toBe('typescript');
    expect(normalizeToken('30%')).toBe('30');
    expect(normalizeToken('C++')).toBe('c++');
    expect(normalizeToken('，')).toBe('');
    expect(normalizeToken('x'.repeat(65))).toBe('');
  });

  it('queries in precise mode: Chinese words, English words and numbers', () => {
    expect(queryTokens('我在用TypeScript写React组件')).toEqual(['我', '在', '用', 'typescript', '写', 'react', '组件']);
    expect(queryTokens('中华人民共和国成立于1949年')).toEqual(['中华人民共和国', '成立', '于', '1949', '年']);
  });

  it('indexes search-mode sub-words at the position of their word, so phrases still line up', () => {
    const lexemes = new Map<string, number[]>();
    indexTokens('中华人民共和国成立', lexemes);
    expect(lexemes.get('中华人民共和国')).toEqual([1]);
    expect(lexemes.get('人民')).toEqual([1]);
    expect(lexemes.get('共和国')).toEqual([1]);
    expect(lexemes.get('成立')).toEqual([2]);
  });
});

describe('tsvector and tsquery literals', () => {
  it('weights fields and runs positions on across them', () => {
    const v = tsvectorLiteral([
      { text: '机器学习', weight: 'A' },
      { text: '学习 入门', weight: 'D' },
    ]);
    expect(v).toContain("'机器':1A");
    expect(v).toContain("'学习':2A,3");
    expect(v).toContain("'入门':4");
  });

  it('quotes lexemes safely', () => {
    expect(tsvectorLiteral([{ text: "it's", weight: 'D' }])).not.toContain("'it's'");
  });

  it('parses words (AND), quoted phrases (<->) and exclusions (!)', () => {
    const q = parseQuery('深度学习 "机器学习入门" -广告 typescript');
    expect(tsqueryLiteral(q)).toBe("('深度' & '学习') & ('机器' <-> '学习' <-> '入门') & 'typescript' & !'广告'");
    expect(q.highlight).toContain('深度学习');
    expect(q.highlight).toContain('机器学习入门');
    expect(q.highlight).not.toContain('广告');
  });

  it('finds nothing to search in punctuation or exclusions alone', () => {
    expect(tsqueryLiteral(parseQuery('，。！'))).toBeNull();
    expect(tsqueryLiteral(parseQuery('-广告'))).toBeNull();
    expect(tsqueryLiteral(parseQuery(''))).toBeNull();
  });

  it('answers phrases first without positions (all the words), leaving phrase exclusions to the exact query', () => {
    const q = parseQuery('"机器学习" 入门 -广告 -"免费下载"');
    expect(needsPositions(q)).toBe(true);
    expect(baseTsqueryLiteral(q)).toBe("('机器' & '学习') & '入门' & !'广告'");
    expect(tsqueryLiteral(q)).toBe("('机器' <-> '学习') & '入门' & !'广告' & !('免费' <-> '下载')");
    expect(needsPositions(parseQuery('机器学习 入门'))).toBe(false);
  });

  it('accepts full-width quotes and minus signs', () => {
    expect(tsqueryLiteral(parseQuery('“深度学习” －广告'))).toBe("('深度' <-> '学习') & !'广告'");
  });
});

describe('highlight', () => {
  it('escapes HTML and marks every term, longest first, any case', () => {
    expect(highlight('<b>TypeScript</b> 与 typescript', ['typescript'])).toBe(
      '&lt;b&gt;<mark>TypeScript</mark>&lt;/b&gt; 与 <mark>typescript</mark>',
    );
    expect(highlight('机器学习入门', ['机器学习', '学习'])).toBe('<mark>机器学习</mark>入门');
  });

  it('adds no spaces between Han characters', () => {
    expect(highlight('我们一起学习机器学习吧', ['学习'])).toBe('我们一起<mark>学习</mark>机器<mark>学习</mark>吧');
  });

  it('cuts a snippet around the first hit with ellipses', () => {
    const text = `${'前'.repeat(200)}关键词${'后'.repeat(200)}`;
    const s = snippet(text, ['关键词'], 40);
    expect(s.startsWith('…')).toBe(true);
    expect(s.endsWith('…')).toBe(true);
    expect(s).toContain('<mark>关键词</mark>');
    expect(s.replace(/<\/?mark>|…/g, '')).toHaveLength(40);
  });

  it('falls back to the start of the text without a hit', () => {
    expect(snippet('第一句话。第二句话。', ['没有'], 5)).toBe('第一句话。…');
  });
});

describe('in-document phrase pattern', () => {
  it('tolerates line breaks inside a phrase and ignores case', () => {
    const re = phrasePattern('机器学习');
    expect('深度\n机器\n学习'.match(re)?.[0]).toBe('机器\n学习');
    expect('Hello World'.match(phrasePattern('hello   world'))?.[0]).toBe('Hello World');
    expect(phrasePattern('a.b').test('axb')).toBe(false);
  });
});

describe('in-document search compares NFKC forms', () => {
  it('finds full-width Latin letters and digits with a plain query, and the other way round', () => {
    const text = '本文库收录 ＷＥＮＫＵ ２０２６ 年度报告';
    const [hit] = findPhrase(text, 'wenku 2026');
    expect(hit && text.slice(hit.index, hit.index + hit.length)).toBe('ＷＥＮＫＵ ２０２６');
    const [back] = findPhrase('plain Wenku text', 'Ｗｅｎｋｕ');
    expect(back).toEqual({ index: 6, length: 5 });
    expect(findPhrase('the ﬁle', 'file')).toEqual([{ index: 4, length: 3 }]);
  });
});
