import { describe, expect, it } from 'vitest';
import { joinLines, linesFromBoxes, type StructLine, structurePages } from './structure.ts';

const line = (t: string, size: number, block: number, bold = false): StructLine => ({
  t,
  size,
  bold,
  block,
  y: 0,
  h: size * 1.25,
});

describe('reading structure', () => {
  it('joins a paragraph’s lines: CJK directly, words with a space, hyphenated words whole', () => {
    expect(joinLines(['第一行文字', '接着第二行'])).toBe('第一行文字接着第二行');
    expect(joinLines(['The quick brown ', ' fox jumps'])).toBe('The quick brown fox jumps');
    expect(joinLines(['an exam-', 'ple of it'])).toBe('an example of it');
  });

  it('takes larger type and short bold lines for headings, the rest for paragraphs', () => {
    const pages = structurePages([
      [
        line('年度报告', 24, 0),
        line('正文第一段的第一行，', 11, 1),
        line('正文第一段的第二行。', 11, 1),
        line('一、概述', 15, 2),
        line('要点', 11, 3, true),
        line('另一段正文内容很长很长。', 11, 4),
      ],
    ]);
    expect(pages[0]).toEqual([
      { k: 1, t: '年度报告' },
      { k: 0, t: '正文第一段的第一行，正文第一段的第二行。' },
      { k: 2, t: '一、概述' },
      { k: 2, t: '要点' },
      { k: 0, t: '另一段正文内容很长很长。' },
    ]);
  });

  it('groups old pages’ line boxes into paragraphs by their spacing', () => {
    const blocks = structurePages([
      linesFromBoxes([
        { t: 'Title', b: [50, 40, 100, 30] },
        { t: 'first line', b: [50, 90, 400, 14] },
        { t: 'second line', b: [50, 104, 400, 14] },
        { t: 'next paragraph', b: [50, 140, 400, 14] },
      ]),
    ]);
    expect(blocks[0]).toEqual([
      { k: 1, t: 'Title' },
      { k: 0, t: 'first line second line' },
      { k: 0, t: 'next paragraph' },
    ]);
  });
});
