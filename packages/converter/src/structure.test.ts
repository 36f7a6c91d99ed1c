import { describe, expect, it } from 'vitest';
import { joinLines, linesFromBoxes, type StructLine, structurePages } from './structure.ts';

/** Lines laid out down the page one under another, each `size * 1.25` high, blocks apart by a blank line. */
function layout(specs: [t: string, size: number, block: number, bold?: boolean, w?: number][]): StructLine[] {
  let y = 40;
  let last = -1;
  return specs.map(([t, size, block, bold = false, w = 480]) => {
    if (last !== -1 && block !== last) y += size;
    last = block;
    const l = { t, size, bold, block, x: 50, y, w, h: size * 1.25 };
    y += size * 1.25;
    return l;
  });
}

describe('reading structure', () => {
  it('joins a paragraph’s lines: CJK directly, words with a space, hyphenated words whole', () => {
    expect(joinLines(['第一行文字', '接着第二行'])).toBe('第一行文字接着第二行');
    expect(joinLines(['The quick brown ', ' fox jumps'])).toBe('The quick brown fox jumps');
    expect(joinLines(['an exam-', 'ple of it'])).toBe('an example of it');
  });

  it('takes larger type and short bold lines for headings, the rest for paragraphs', () => {
    const pages = structurePages([
      layout([
        ['年度报告', 24, 0, false, 100],
        ['正文第一段的第一行，', 11, 1],
        ['正文第一段的第二行。', 11, 1, false, 200],
        ['一、概述', 15, 2, false, 80],
        ['要点', 11, 3, true, 30],
        ['另一段正文内容很长很长。', 11, 4],
      ]),
    ]);
    expect(pages[0]).toEqual([
      { k: 1, t: '年度报告' },
      { k: 0, t: '正文第一段的第一行，正文第一段的第二行。' },
      { k: 2, t: '一、概述' },
      { k: 2, t: '要点' },
      { k: 0, t: '另一段正文内容很长很长。' },
    ]);
  });

  it('joins blocks that are only line breaks (every line placed on its own), not paragraphs that end', () => {
    const lines: StructLine[] = [
      { t: 'A long line that runs to the edge of the', size: 12, bold: false, block: 0, x: 56, y: 100, w: 480, h: 14 },
      { t: 'column and goes on here. It ends short.', size: 12, bold: false, block: 1, x: 56, y: 116, w: 300, h: 14 },
      { t: 'The next paragraph starts here.', size: 12, bold: false, block: 2, x: 56, y: 132, w: 300, h: 14 },
    ];
    expect(structurePages([lines])[0]).toEqual([
      { k: 0, t: 'A long line that runs to the edge of the column and goes on here. It ends short.' },
      { k: 0, t: 'The next paragraph starts here.' },
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
