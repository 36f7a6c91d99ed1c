import { describe, expect, it } from 'vitest';
import { absoluteUrlField, hrefField } from './fields.ts';
import { configuredOrigin, LINK_MESSAGES, safeAbsoluteUrl, safeHref } from './index.ts';

/** Spellings of script and off-site links browsers accept (issue 15 item 6). */
const REFUSED = [
  'javascript:alert(1)',
  ' JAVASCRIPT:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  '\u0001javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'vbscript:msgbox(1)',
  'data:text/html,<script>alert(1)</script>',
  '//evil.com',
  ' //evil.com',
  '/\\evil.com',
  '\\\\evil.com',
  '/\t/evil.com',
  'http:evil.com',
  'https:/',
  'http://',
  'mailto:a@b.c',
  'category/1',
  '#top',
  '',
  '   ',
];

describe('safe hrefs (issue 15 item 6)', () => {
  it.each([
    ['https://example.com/a?b=1#c', 'https://example.com/a?b=1#c'],
    ['HTTP://Example.com', 'HTTP://Example.com'],
    ['  /category/1  ', '/category/1'],
    ['/', '/'],
    ['/search?wd=a b', '/search?wd=a b'],
  ])('keeps %j', (href, kept) => {
    expect(safeHref(href)).toBe(kept);
  });

  it.each(REFUSED)('refuses %j', (href) => {
    expect(safeHref(href)).toBeNull();
  });

  it('takes only absolute http(s) addresses for links to other sites', () => {
    expect(safeAbsoluteUrl('https://example.com')).toBe('https://example.com');
    expect(safeAbsoluteUrl('/about')).toBeNull();
    expect(safeAbsoluteUrl('javascript:alert(1)')).toBeNull();
  });

  it('reads the configured domain as an origin, nothing else', () => {
    expect(configuredOrigin('https://www.example.com/')).toBe('https://www.example.com');
    expect(configuredOrigin(' http://localhost:8880 ')).toBe('http://localhost:8880');
    expect(configuredOrigin('')).toBe('');
    expect(configuredOrigin('www.example.com')).toBe('');
    expect(configuredOrigin('https://www.example.com/wenku')).toBe('');
    expect(configuredOrigin('javascript:alert(1)//')).toBe('');
  });
});

describe('link fields', () => {
  it('accept an empty href or a safe one, and refuse the rest with the message', () => {
    const field = hrefField();
    expect(field.parse('')).toBe('');
    expect(field.parse(undefined)).toBeUndefined();
    expect(field.parse(' /about ')).toBe('/about');
    for (const href of REFUSED.filter((h) => h.trim() !== '')) {
      const r = field.safeParse(href);
      expect(r.success, href).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(LINK_MESSAGES.unsafe);
    }
  });

  it('require an absolute address for friend links', () => {
    const field = absoluteUrlField();
    expect(field.safeParse('').error?.issues[0]?.message).toBe(LINK_MESSAGES.required);
    expect(field.safeParse('/about').error?.issues[0]?.message).toBe(LINK_MESSAGES.absolute);
    expect(field.parse('https://example.com')).toBe('https://example.com');
  });
});
