import { describe, expect, it } from 'vitest';
import { normalizeLinkUrl } from './link-url';

describe('normalizeLinkUrl', () => {
  it('keeps http, https and mailto addresses', () => {
    expect(normalizeLinkUrl(' https://example.com/a?b=1#c ')).toBe('https://example.com/a?b=1#c');
    expect(normalizeLinkUrl('HTTP://example.com')).toBe('HTTP://example.com');
    expect(normalizeLinkUrl('mailto:someone@example.com')).toBe('mailto:someone@example.com');
  });
  it('completes bare hosts and e-mail addresses', () => {
    expect(normalizeLinkUrl('example.com/page')).toBe('https://example.com/page');
    expect(normalizeLinkUrl('www.example.com:8080')).toBe('https://www.example.com:8080');
    expect(normalizeLinkUrl('someone@example.com')).toBe('mailto:someone@example.com');
  });
  it('keeps paths of this site', () => {
    expect(normalizeLinkUrl('/article/about')).toBe('/article/about');
    expect(normalizeLinkUrl('//evil.example')).toBeNull();
    expect(normalizeLinkUrl('/\\evil.example')).toBeNull();
  });
  it('refuses other schemes and disguised scripts', () => {
    expect(normalizeLinkUrl('javascript:alert(1)')).toBeNull();
    expect(normalizeLinkUrl('JavaScript:alert(1)')).toBeNull();
    expect(normalizeLinkUrl('java\tscript:alert(1)')).toBeNull();
    expect(normalizeLinkUrl('data:text/html,<b>x</b>')).toBeNull();
    expect(normalizeLinkUrl('ftp://example.com')).toBeNull();
    expect(normalizeLinkUrl('vbscript:msgbox')).toBeNull();
  });
  it('refuses empty or malformed input', () => {
    expect(normalizeLinkUrl('')).toBeNull();
    expect(normalizeLinkUrl('   ')).toBeNull();
    expect(normalizeLinkUrl('not a link')).toBeNull();
    expect(normalizeLinkUrl('https://')).toBeNull();
    expect(normalizeLinkUrl('mailto:nobody')).toBeNull();
    expect(normalizeLinkUrl('hello')).toBeNull();
  });
});
