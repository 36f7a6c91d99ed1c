import { describe, expect, it } from 'vitest';
import {
  allowedExtensions,
  checkFile,
  fileKey,
  maxDocumentMb,
  runLimited,
  sortPickedFiles,
  titleFromFileName,
  usesResumableUpload,
} from './upload-checks';

const MB = 1024 * 1024;

describe('files checked before the upload', () => {
  it('accepts the administrator list within the spec, else every spec extension', () => {
    expect(allowedExtensions(['.pdf', 'DOCX', ' .txt '])).toEqual(['.pdf', '.docx', '.txt']);
    const all = allowedExtensions([]);
    expect(all).toContain('.pdf');
    expect(all).toContain('.pptx');
    expect(all).toContain('.umd');
    expect(all).not.toContain('.exe');
    // Nothing usable configured: the spec list, not an upload page that accepts nothing.
    expect(allowedExtensions(['.exe'])).toEqual(all);
  });

  it('reads the size limit like the server', () => {
    expect(maxDocumentMb('20')).toBe(20);
    expect(maxDocumentMb(0)).toBe(50);
    expect(maxDocumentMb('abc')).toBe(50);
    expect(maxDocumentMb(undefined)).toBe(50);
  });

  it('refuses other types, empty files and files over the limit', () => {
    const rules = { allowed: ['.pdf', '.docx'], maxMb: 2 };
    expect(checkFile({ name: 'a.PDF', size: MB }, rules)).toBeNull();
    expect(checkFile({ name: 'a.exe', size: MB }, rules)).toEqual({ reason: 'ext' });
    expect(checkFile({ name: 'README', size: MB }, rules)).toEqual({ reason: 'ext' });
    expect(checkFile({ name: '.DS_Store', size: 10 }, rules)).toEqual({ reason: 'ext' });
    expect(checkFile({ name: 'a.pdf', size: 0 }, rules)).toEqual({ reason: 'empty' });
    expect(checkFile({ name: 'a.pdf', size: 2 * MB }, rules)).toBeNull();
    expect(checkFile({ name: 'a.pdf', size: 2 * MB + 1 }, rules)).toEqual({ reason: 'size', maxMb: 2 });
  });

  it('titles a file by its name without folder and extension', () => {
    expect(titleFromFileName('季度总结.docx')).toBe('季度总结');
    expect(titleFromFileName('reports/2024/a.b.pdf')).toBe('a.b');
    expect(titleFromFileName('noext')).toBe('noext');
    expect([...titleFromFileName(`${'长'.repeat(300)}.pdf`)]).toHaveLength(255);
  });

  it('sorts picked files into accepted, refused and already queued', () => {
    const rules = { allowed: ['.pdf'], maxMb: 1 };
    const a = { name: 'a.pdf', size: 10 };
    const big = { name: 'big.pdf', size: 2 * MB };
    const txt = { name: 'c.txt', size: 10 };
    const queued = new Set([fileKey({ name: 'q.pdf', size: 5 })]);
    const out = sortPickedFiles([a, big, txt, { ...a }, { name: 'q.pdf', size: 5 }], queued, rules);
    expect(out.accepted).toEqual([a]);
    expect(out.refused.map((r) => [r.file.name, r.refusal.reason])).toEqual([
      ['big.pdf', 'size'],
      ['c.txt', 'ext'],
    ]);
    expect(out.duplicates.map((f) => f.name)).toEqual(['a.pdf', 'q.pdf']);
  });

  it('runs at most N uploads at a time, all of them', async () => {
    let running = 0;
    let peak = 0;
    const done: number[] = [];
    await runLimited([1, 2, 3, 4, 5], 2, async (n) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 5));
      done.push(n);
      running--;
    });
    expect(peak).toBe(2);
    expect(done.sort()).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('which transport a file takes', () => {
  it('sends files above 5 MB through tus and the rest as one plain upload', () => {
    expect(usesResumableUpload(0)).toBe(false);
    expect(usesResumableUpload(5 * MB)).toBe(false);
    expect(usesResumableUpload(5 * MB + 1)).toBe(true);
    expect(usesResumableUpload(200 * MB)).toBe(true);
  });
});
