import { describe, expect, it } from 'vitest';
import { languageSample, matchLanguage } from './language-detect.ts';

const SITE = ['zh-CN', 'zh-TW', 'en', 'fr', 'ko', 'de', 'ja', 'ru'];

describe('matchLanguage', () => {
  it('tells simplified from traditional Chinese', () => {
    expect(matchLanguage('这是一份中文文档，讲述图书馆的历史和现在的发展。', SITE)).toBe('zh-CN');
    expect(matchLanguage('這是一份中文文檔，講述圖書館的歷史和現在的發展。', SITE)).toBe('zh-TW');
  });

  it("prefers the site's languages when an odd word makes another language likelier", () => {
    const text = 'mcmwxbcw5p english\nThe quick brown fox jumps over the lazy dog. This is about libraries and books.';
    expect(matchLanguage(text, SITE)).toBe('en');
  });

  it('matches a regional site code by its first part, and answers empty when nothing fits', () => {
    expect(matchLanguage('Le renard brun rapide saute par-dessus le chien paresseux.', ['fr-FR'])).toBe('fr-FR');
    expect(matchLanguage('Le renard brun rapide saute par-dessus le chien paresseux.', ['zh-CN'])).toBe('');
  });
});

describe('languageSample', () => {
  it('judges a text with enough letters alone: an odd title tipped English text to German', () => {
    const text = 'The quick brown fox jumps over the lazy dog. This is an English document about libraries and books.';
    expect(matchLanguage(`mi5x2k english\n${text}`, SITE)).toBe('de');
    expect(matchLanguage(languageSample('mi5x2k english', text), SITE)).toBe('en');
    expect(languageSample('Le titre', '')).toBe('Le titre\n');
  });
});
