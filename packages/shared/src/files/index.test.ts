import { describe, expect, it } from 'vitest';
import { fileExtension, fileKind, isImageExtension } from './index.ts';

describe('fileKind (spec §3)', () => {
  it.each([
    ['a.pdf', 'pdf'],
    ['Report.DOCX', 'word'],
    ['x.wps', 'word'],
    ['deck.ppsx', 'ppt'],
    ['sheet.tsv', 'excel'],
    ['data.et', 'excel'],
    ['note.txt', 'text'],
    ['book.epub', 'epub'],
    ['book.mobi', 'mobi'],
    ['help.chm', 'chm'],
    ['novel.umd', 'umd'],
    ['archive.zip', 'other'],
    ['noext', 'other'],
    ['.pdf', 'pdf'],
    ['docx', 'word'],
  ])('%s is %s', (name, kind) => {
    expect(fileKind(name)).toBe(kind);
  });

  it('takes the last extension of a path', () => {
    expect(fileExtension('/tmp/a.b/c.tar.GZ')).toBe('gz');
    expect(fileExtension('.hidden')).toBe('');
  });

  it('knows image extensions with or without the dot', () => {
    expect(isImageExtension('.PNG')).toBe(true);
    expect(isImageExtension('svg')).toBe(false);
  });
});
