import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import type { ConvertJob } from './pipeline.ts';
import { runConversion } from './run.ts';

// Issue 18: files as members really have them (other encodings, Office variants, wide sheets) read right.
const dir = mkdtempSync(join(tmpdir(), 'wenku-formats-'));
let n = 0;
const limits = { timeoutMs: 180_000, maxRssBytes: 1536 * 1024 * 1024 };
const convert = (name: string, data: string | Buffer, ext: string) => {
  n += 1;
  const input = join(dir, `${name}.${ext}`);
  writeFileSync(input, data);
  const job: ConvertJob = {
    input,
    ext,
    outDir: join(dir, `out${n}`),
    workDir: join(dir, `work${n}`),
    format: 'webp',
    gzipSvg: false,
    maxPreview: 12,
    maxPreviewPercent: 100,
    timeoutMs: 120_000,
  };
  return runConversion(job, limits);
};

// A cell whose text overflows into a filled neighbour, clipped on the printed page (issue 18 item 4).
const LONG_CELL = 'Вперёд, я думаю, что вы на правильном пути.';

describe('text in other encodings', () => {
  it.each([
    ['windows-1252', 'windows-1252', '“Windows” quotes – the café’s menu: crème brûlée and a naïve façade.'],
    ['cp866', 'cp866', 'Привет, мир! Это русский текст в кодировке CP866. Библиотека документов.'],
  ])(
    'a %s .txt reads as written',
    async (_name, encoding, text) => {
      const out = await convert(`enc-${encoding}`, iconv.encode(`${text}\n${text}\n`, encoding), 'txt');
      expect(out.text).toContain(text);
    },
    60_000,
  );

  it('a UTF-16LE .txt with its mark (Notepad "Unicode") reads as written', async () => {
    const text = 'Notepad Unicode 文库 ünïcödé';
    const out = await convert('utf16', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]), 'txt');
    expect(out.text).toContain(text);
  }, 60_000);
});

describe('spreadsheets', () => {
  it('a wide CSV in Windows-1251 fits the page width, repeats its header row, shows no storage name, indexes every cell whole', async () => {
    const header = ['id', ...Array.from({ length: 14 }, (_, i) => `колонка${i}`)].join(',');
    const rows = Array.from({ length: 300 }, (_, r) =>
      [r, ...Array.from({ length: 14 }, (_, i) => ((r + i) % 7 === 0 ? `"${LONG_CELL}"` : `v${r}_${i}`))].join(','),
    );
    const out = await convert('wide', iconv.encode([header, ...rows].join('\r\n'), 'win1251'), 'csv');
    const page1 = out.pageTexts[0] ?? '';
    // The data is on page 1, not only the row-number column; the layout fits the width, so few pages.
    expect(page1).toContain('колонка13');
    expect(page1).toContain('v1_12');
    expect(out.pages).toBeLessThan(6);
    expect(out.pageTexts[1] ?? '').toContain('колонка13');
    for (const t of out.pageTexts) expect(t).not.toMatch(/source|Page \d/);
    // Every cell whole in the index, even where the neighbour cell clips it on the page.
    expect(out.text.split(LONG_CELL).length).toBe(rows.join('\n').split(LONG_CELL).length);
    expect(out.text.startsWith('id колонка0')).toBe(true);
  }, 120_000);
});

describe('Office variants saved under .doc', () => {
  it.each([
    [
      'HTML',
      '<html><head><meta charset="utf-8"></head><body><p>Saved as a web page 文库网页</p></body></html>',
      'Saved as a web page 文库网页',
    ],
    [
      'Word 2003 XML',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<?mso-application progid="Word.Document"?>\n<w:wordDocument xmlns:w="http://schemas.microsoft.com/office/word/2003/wordml"><w:body><w:p><w:r><w:t>Word 2003 XML body</w:t></w:r></w:p></w:body></w:wordDocument>',
      'Word 2003 XML body',
    ],
    [
      'RTF',
      '{\\rtf1\\ansi\\deff0 {\\fonttbl {\\f0 Times;}}\\f0 Rich text saved as doc\\par}',
      'Rich text saved as doc',
    ],
  ])(
    '%s converts with its text',
    async (_kind, content, text) => {
      const out = await convert('variant', content, 'doc');
      expect(out.text).toContain(text);
    },
    120_000,
  );
});

describe('Office variants saved under .xls', () => {
  it.each([
    [
      'HTML',
      '<html><head><meta charset="utf-8"></head><body><table><tr><td>名称</td><td>网页表格</td></tr></table></body></html>',
      '名称 网页表格',
    ],
    [
      'Excel 2003 XML',
      '<?xml version="1.0"?>\n<?mso-application progid="Excel.Sheet"?>\n<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet" xmlns:ss="urn:schemas-microsoft-com:office:spreadsheet"><Worksheet ss:Name="S1"><Table><Row><Cell><Data ss:Type="String">Excel 2003 cell</Data></Cell></Row></Table></Worksheet></Workbook>',
      'Excel 2003 cell',
    ],
  ])(
    '%s converts with its cells',
    async (_kind, content, text) => {
      const out = await convert('sheet-variant', content, 'xls');
      expect(out.text).toContain(text);
    },
    120_000,
  );
});

describe('damage and text', () => {
  it('a damaged PDF says it is damaged', async () => {
    const doc = new mupdf.PDFDocument();
    doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, doc.addObject({}), ''));
    const pdf = Buffer.from(doc.saveToBuffer('').asUint8Array());
    doc.destroy();
    await expect(convert('damaged', pdf.subarray(0, 200), 'pdf')).rejects.toThrow('文件已损坏');
  }, 60_000);

  it('joins words split by a hyphen at a line end', async () => {
    const doc = new mupdf.PDFDocument();
    const font = doc.addSimpleFont(new mupdf.Font('Times-Roman'));
    const content = 'BT /F1 12 Tf 72 720 Td (A library of docu-) Tj 0 -16 Td (ments and well-kept files.) Tj ET';
    doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, doc.addObject({ Font: { F1: font } }), content));
    const pdf = Buffer.from(doc.saveToBuffer('').asUint8Array());
    doc.destroy();
    const out = await convert('hyphen', pdf, 'pdf');
    expect(out.text).toContain('library of documents and well-kept');
    expect(out.pageTexts[0]).toContain('documents');
  }, 60_000);
});

describe('fonts', () => {
  // LibreOffice draws a script no installed font covers as boxes (scripts/setup.sh installs the Noto fonts).
  it.each([
    ['hi', 'Devanagari'],
    ['th', 'Thai'],
    ['ar', 'Arabic'],
    ['he', 'Hebrew'],
    ['bn', 'Bengali'],
    ['ta', 'Tamil'],
    ['ko', 'Hangul'],
  ])('a font covers %s (%s)', (lang) => {
    const families = execFileSync('fc-list', [`:lang=${lang}`, 'family'], { encoding: 'utf8' });
    expect(families.trim()).not.toBe('');
  });
});
