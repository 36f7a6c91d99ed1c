import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.ts';
import { reasonText } from './reasons/index.ts';
import { assertStorableInput, findUnstorableText, isStorableText, toStorableText } from './storable-text.ts';

describe('text PostgreSQL can store', () => {
  it('refuses NUL and unpaired UTF-16 halves, and keeps every real character', () => {
    expect(isStorableText('文库 ☃ 😀 ünïcödé \t\n\u0001\u007f')).toBe(true);
    for (const bad of ['a\u0000', '\ud800', 'a\ud800b', '\udc00', 'a\udc00\ud800b', '😀'.slice(0, 1)])
      expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
    expect(toStorableText('a\u0000b\ud800c😀\udc00')).toBe('abc😀');
    expect(toStorableText('plain')).toBe('plain');
  });

  it('finds the path of the first bad string or key, however deep', () => {
    expect(findUnstorableText({ a: 'ok', b: [1, { c: 'x\u0000' }] })).toBe('b.1.c');
    expect(findUnstorableText({ 'k\u0000': 1 })).toBe('input');
    expect(findUnstorableText({ a: { 'k\ud800': 1 } })).toBe('a');
    expect(findUnstorableText('\u0000')).toBe('input');
    expect(findUnstorableText({ a: 'ok', n: 1, t: true, z: null, u: undefined })).toBeNull();
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnstorableText(deep)).toMatch(/^0(\.0)*$/);
  });

  it('throws VALIDATION_FAILED with the field and the message', () => {
    expect(() => assertStorableInput({ username: 'ok' })).not.toThrow();
    try {
      assertStorableInput({ username: 'a\u0000' });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(DomainError);
      expect(e).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: reasonText('common.bad_characters'),
        fields: [{ field: 'username', message: reasonText('common.bad_characters') }],
      });
    }
  });
});
