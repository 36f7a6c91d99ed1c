import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import * as mupdf from 'mupdf';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ConvertJob, previewPages } from './pipeline.ts';
import { officeProfile } from './profile.ts';
import { runConversion } from './run.ts';
import { sniffDocument } from './sniff.ts';
import { writeChm } from './testing/chm-writer.ts';
import { type OfficeFileSpec, officeFiles } from './testing/office-files.ts';

const dir = mkdtempSync(join(tmpdir(), 'wenku-conv-'));
let n = 0;
const limits = { timeoutMs: 180_000, maxRssBytes: 1536 * 1024 * 1024 };
const job = (input: string, ext: string, extra: Partial<ConvertJob> = {}): ConvertJob => {
  n += 1;
  return {
    input,
    ext,
    outDir: join(dir, `out${n}`),
    workDir: join(dir, `work${n}`),
    format: 'webp',
    gzipSvg: true,
    maxPreview: 12,
    maxPreviewPercent: 100,
    timeoutMs: 120_000,
    ...extra,
  };
};

const CHINESE = '中华人民共和国成立于一九四九年。Wenku 文库测试。';

const ROWS = Array.from({ length: 600 }, (_, r) =>
  Array.from({ length: 8 }, (_, c) => (r === 0 ? `列${c}` : `值${r}_${c}`)).join(','),
);

/**
 * The files made by LibreOffice from a text file (docx, xlsx from csv, epub, pdf), written before the tests: one
 * LibreOffice start per target format, the same content once, kept for the run (officeFiles).
 */
const FILES = {
  cn: { text: `${CHINESE}\n第二段\n`, to: 'docx' },
  sheet: { text: '产品,数量\n文库,42\n', to: 'xlsx', from: 'csv' },
  book: { text: `${CHINESE}\n`.repeat(50), to: 'epub' },
  // One short Chinese PDF for the SVG preview, the truncated file and the sniffing.
  pdf: { text: CHINESE, to: 'pdf' },
  wm: { text: `${CHINESE}\n`.repeat(5), to: 'pdf' },
  slow: { text: CHINESE, to: 'docx' },
  pages: { text: ROWS.join('\n'), to: 'xlsx', from: 'csv' },
  profile: { text: `${CHINESE}\n`, to: 'docx' },
  profileSheet: { text: 'a,b\n1,2\n', to: 'xlsx', from: 'csv' },
} satisfies Record<string, OfficeFileSpec>;
let files: Record<keyof typeof FILES, string>;

beforeAll(async () => {
  files = await officeFiles(FILES);
}, 600_000);

/** A UMD e-book written by the structure of measured-conversion §4 (function records, one zlib text block). */
function umd(text: string, title: string): string {
  const u16 = (s: string) => Buffer.from(s, 'utf16le');
  const fn = (id: number, data: Buffer) => {
    const head = Buffer.alloc(5);
    head.write('#', 0, 'latin1');
    head.writeUInt16LE(id, 1);
    head[3] = 0;
    head[4] = 5 + data.length;
    return Buffer.concat([head, data]);
  };
  const block = (id: number, data: Buffer) => {
    const head = Buffer.alloc(9);
    head.write('$', 0, 'latin1');
    head.writeUInt32LE(id, 1);
    head.writeUInt32LE(9 + data.length, 5);
    return Buffer.concat([head, data]);
  };
  const magic = Buffer.alloc(4);
  magic.writeUInt32LE(0xde9a9b89, 0);
  const file = Buffer.concat([
    magic,
    fn(1, Buffer.from([1])),
    fn(2, u16(title)),
    block(1, deflateSync(u16(text.replace(/\n/g, '\u2029')))),
    fn(0x0c, Buffer.alloc(4)),
  ]);
  const path = join(dir, `${title}.umd`);
  writeFileSync(path, file);
  return path;
}

async function firstPageInk(outDir: string): Promise<number> {
  const { data } = await sharp(join(outDir, '1.webp')).greyscale().raw().toBuffer({ resolveWithObject: true });
  let dark = 0;
  for (const v of data) if (v < 128) dark += 1;
  return dark;
}

describe('conversion of every family (real files)', () => {
  it('docx with Chinese: text extracted and glyphs drawn (not empty boxes)', async () => {
    const file = files.cn;
    const j = job(file, 'docx');
    const r = await runConversion(j, limits);
    expect(r.pages).toBe(1);
    expect(r.text).toContain('中华人民共和国成立于一九四九年');
    expect(readdirSync(j.outDir).sort()).toEqual(['1.webp', 'cover-large.webp', 'cover.webp']);
    // Tofu boxes and real glyphs both draw ink; a blank page would not. Glyph shapes draw far more than outlines.
    expect(await firstPageInk(j.outDir)).toBeGreaterThan(800);
  }, 180_000);

  it('xlsx and GBK csv through LibreOffice', async () => {
    const csvGbk = join(dir, 'gbk.csv');
    // Encoded to GBK with iconv (glibc's tools on Debian), independently of LibreOffice.
    writeFileSync(
      csvGbk,
      execFileSync('iconv', ['-f', 'UTF-8', '-t', 'GBK'], { input: Buffer.from('姓名,城市\n张三,北京\n李四,上海\n') }),
    );
    const csv = await runConversion(job(csvGbk, 'csv'), limits);
    expect(csv.text).toContain('北京');
    const xlsx = files.sheet;
    const x = await runConversion(job(xlsx, 'xlsx'), limits);
    expect(x.text).toContain('产品');
  }, 180_000);

  it('GBK text, EPUB and UMD are laid out on A4', async () => {
    const txt = join(dir, 'gbk.txt');
    writeFileSync(
      txt,
      execFileSync('iconv', ['-f', 'UTF-8', '-t', 'GBK'], { input: Buffer.from(`${CHINESE}\n`.repeat(200)) }),
    );
    const t = await runConversion(job(txt, 'txt'), limits);
    expect(t.text).toContain('中华人民共和国');
    expect(t.width).toBeGreaterThan(800);
    expect(t.width / t.height).toBeCloseTo(595 / 842, 1);
    const epub = files.book;
    const e = await runConversion(job(epub, 'epub'), limits);
    expect(e.text).toContain('文库测试');
    const u = await runConversion(job(umd(`第一章\n${CHINESE}\n`.repeat(30), '小说'), 'umd'), limits);
    expect(u.text).toContain('第一章');
  }, 240_000);

  it('CHM: pages in the order of the table of contents, GBK pages decoded', async () => {
    const page = (text: string, gbk = false) => {
      const html = `<html><head><title>x</title></head><body><h1>${text}</h1><p>${CHINESE}</p><script>alert(1)</script></body></html>`;
      return gbk
        ? execFileSync('iconv', ['-f', 'UTF-8', '-t', 'GBK'], { input: Buffer.from(html) })
        : Buffer.from(html);
    };
    const path = join(dir, 'help.chm');
    writeFileSync(
      path,
      writeChm([
        { name: '/intro.html', data: page('第一章 开始') },
        { name: '/guide/usage.htm', data: page('第二章 使用说明', true) },
        {
          name: '/toc.hhc',
          data: Buffer.from(
            '<UL><LI><OBJECT type="text/sitemap"><param name="Name" value="b"><param name="Local" value="guide\\usage.htm"></OBJECT>' +
              '<LI><OBJECT type="text/sitemap"><param name="Name" value="a"><param name="Local" value="intro.html"></OBJECT></UL>',
          ),
        },
      ]),
    );
    expect(await sniffDocument(readFileSync(path).subarray(0, 4100), 'chm')).toBeNull();
    const r = await runConversion(job(path, 'chm'), limits);
    expect(r.pages).toBeGreaterThanOrEqual(1);
    expect(r.text).toContain('第一章 开始');
    expect(r.text).toContain('第二章 使用说明');
    expect(r.text.indexOf('第二章')).toBeLessThan(r.text.indexOf('第一章'));
    expect(r.text).not.toContain('alert');
  }, 180_000);

  it('renders SVG previews gzip-compressed as N.gzip.svg', async () => {
    const pdf = files.pdf;
    const j = job(pdf, 'pdf', { format: 'svg', gzipSvg: true });
    const r = await runConversion(j, limits);
    expect(r.previewExt).toBe('.gzip.svg');
    expect(r.enableGzip).toBe(true);
    expect(readFileSync(join(j.outDir, '1.gzip.svg')).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  }, 120_000);
});

describe('watermark', () => {
  it('burns the watermark image into every raster preview page', async () => {
    const pdf = files.wm;
    const mark = join(dir, 'mark.png');
    await sharp({ create: { width: 400, height: 120, channels: 4, background: { r: 220, g: 0, b: 0, alpha: 1 } } })
      .png()
      .toFile(mark);
    const plain = job(pdf, 'pdf');
    const marked = job(pdf, 'pdf', { watermarkPath: mark });
    await runConversion(plain, limits);
    await runConversion(marked, limits);
    const red = async (outDir: string, name = '1.webp') => {
      const { data } = await sharp(join(outDir, name)).raw().toBuffer({ resolveWithObject: true });
      let n = 0;
      // The mark is 30% opaque: red over white shows as pink, well apart from the black and white of the page.
      for (let i = 0; i < data.length; i += 3) if ((data[i] ?? 0) - (data[i + 1] ?? 0) > 40) n += 1;
      return n;
    };
    expect(await red(plain.outDir)).toBe(0);
    expect(await red(marked.outDir)).toBeGreaterThan(1000);
    // The covers are the page without the mark (the large one is not the marked page's file).
    expect(await red(marked.outDir, 'cover-large.webp')).toBe(0);
    expect(await red(marked.outDir, 'cover.webp')).toBe(0);
  }, 120_000);
});

describe('hostile files end with a reason, and the limits hold', () => {
  it('a truncated PDF fails with a readable reason', async () => {
    const pdf = readFileSync(files.pdf);
    const bad = join(dir, 'bad.pdf');
    writeFileSync(bad, pdf.subarray(0, 300));
    await expect(runConversion(job(bad, 'pdf'), limits)).rejects.toThrow('文件已损坏');
  }, 120_000);

  it('a zip bomb disguised as docx is stopped by the memory cap or refused', async () => {
    const bomb = join(dir, 'bomb.docx');
    execFileSync('python3', [
      '-c',
      `
import zipfile
z = zipfile.ZipFile(${JSON.stringify(bomb)}, 'w', zipfile.ZIP_DEFLATED)
z.writestr('[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>')
z.writestr('_rels/.rels', '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="r1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>')
z.writestr('word/document.xml', '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>' + 'A' * (300 * 1024 * 1024) + '</w:t></w:r></w:p></w:body></w:document>')
z.close()
`,
    ]);
    const started = Date.now();
    await expect(
      runConversion(job(bomb, 'docx', { timeoutMs: 60_000 }), { timeoutMs: 90_000, maxRssBytes: 512 * 1024 * 1024 }),
    ).rejects.toThrow(/内存|超时|无法转换|退出/);
    expect(Date.now() - started).toBeLessThan(100_000);
  }, 180_000);

  it('the time limit kills a conversion and its LibreOffice', async () => {
    const file = files.slow;
    await expect(runConversion(job(file, 'docx'), { timeoutMs: 300, maxRssBytes: limits.maxRssBytes })).rejects.toThrow(
      /超时/,
    );
  }, 60_000);

  it('a 5,000-page PDF converts its preview pages only, within the memory cap', async () => {
    const doc = new mupdf.PDFDocument();
    const font = doc.addSimpleFont(new mupdf.Font('Times-Roman'));
    const resources = doc.addObject({ Font: { F1: font } });
    for (let i = 0; i < 5000; i++) {
      doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, resources, `BT /F1 24 Tf 72 720 Td (page ${i + 1}) Tj ET`));
    }
    const big = join(dir, 'big.pdf');
    writeFileSync(big, doc.saveToBuffer('compress').asUint8Array());
    doc.destroy();
    const r = await runConversion(job(big, 'pdf'), limits);
    expect(r.pages).toBe(5000);
    expect(r.preview).toBe(12);
    expect(r.text).toContain('page 5000');
    expect((r as { peakRss?: number }).peakRss ?? 0).toBeLessThan(limits.maxRssBytes);
  }, 300_000);

  it('checks bytes against the extension', async () => {
    expect(await sniffDocument(Buffer.from('MZ\x90\x00'), 'pdf')).toBe('文件内容与扩展名不符');
    expect(await sniffDocument(readFileSync(files.pdf), 'pdf')).toBeNull();
    expect(await sniffDocument(Buffer.from('just text 中文'), 'txt')).toBeNull();
    expect(await sniffDocument(Buffer.from('%PDF-1.7\n'), 'txt')).toBe('文件内容与扩展名不符');
  }, 60_000);
});

describe('preview cap (moredoc-facts §6.4, percentage fixed)', () => {
  it.each([
    [100, 12, 100, 12],
    [100, 0, 100, 100],
    [100, 0, 20, 20],
    [100, 12, 5, 5],
    [5, 12, 100, 5],
    [3, 0, 10, 1],
  ])('%i pages, cap %i, percent %i: %i', (pages, cap, pct, want) => {
    expect(previewPages(pages, cap, pct)).toBe(want);
  });
});

describe('Office first-page time (issue 18)', () => {
  it('a spreadsheet shows its first page from a PDF of that page alone, then the rest from the whole export', async () => {
    const xlsx = files.pages;
    const j = job(xlsx, 'xlsx');
    const notices: [number, string[]][] = [];
    // As the worker does: each announced file is moved into the store at once (so a file the converter still needed
    // after announcing it would be missing).
    const stored = mkdtempSync(join(tmpdir(), 'wenku-stored-'));
    const r = await runConversion(j, {
      ...limits,
      onPage: async (page, files) => {
        notices.push([page, files]);
        for (const f of files) renameSync(join(j.outDir, f), join(stored, f));
      },
    });
    // calc.py exported the first page on its own, and that page is the whole document's first page.
    const first = mupdf.Document.openDocument(readFileSync(join(j.workDir, 'source.pdf.first.pdf')), 'x.pdf');
    const whole = mupdf.Document.openDocument(readFileSync(join(j.workDir, 'source.pdf')), 'x.pdf');
    const textOf = (doc: mupdf.Document) => doc.loadPage(0).toStructuredText('preserve-whitespace').asText();
    expect(first.countPages()).toBe(1);
    expect(textOf(first)).toBe(textOf(whole));
    expect(r.pages).toBe(whole.countPages());
    expect(r.pages).toBeGreaterThan(2);
    // Each preview page announced once, in order: the first page alone, as soon as it is written, the covers made
    // after it with the second; every page's text read.
    expect(notices.map(([page]) => page)).toEqual(Array.from({ length: r.preview }, (_, i) => i + 1));
    expect(notices[0]?.[1]).toEqual(['1.webp']);
    expect(notices[1]?.[1]).toEqual(['2.webp', 'cover.webp', 'cover-large.webp']);
    expect(readdirSync(stored).sort()).toEqual(
      ['cover-large.webp', 'cover.webp', ...Array.from({ length: r.preview }, (_, i) => `${i + 1}.webp`)].sort(),
    );
    expect(readFileSync(join(stored, 'cover-large.webp')).equals(readFileSync(join(stored, '1.webp')))).toBe(true);
    rmSync(stored, { recursive: true, force: true });
    const [w, h] = r.pageSizes[0] ?? [0, 0];
    expect([r.width, r.height]).toEqual([Math.round(w * 1.5), Math.round(h * 1.5)]);
    expect(r.pageTexts[0]).toContain('值1_0');
    expect(r.text).toContain('值599_7');
    first.destroy();
    whole.destroy();
  }, 180_000);

  it('conversions start LibreOffice from their own copy of the profile prepared once per process', async () => {
    const template = await officeProfile();
    expect(template).toBeDefined();
    expect(await officeProfile()).toBe(template);
    const profile = template as string;
    expect(existsSync(join(profile, 'user', 'registrymodifications.xcu'))).toBe(true);
    // A mark in the prepared profile shows up in each conversion's copy; the conversions run at once, each in its own.
    const mark = join(profile, 'user', 'wenku-test-mark');
    writeFileSync(mark, '');
    try {
      const docx = files.profile;
      const jobs = [job(docx, 'docx'), job(files.profileSheet, 'xlsx')];
      const results = await Promise.all(jobs.map((j) => runConversion(j, limits)));
      expect(results.map((x) => x.pages)).toEqual([1, 1]);
      for (const j of jobs) expect(existsSync(join(j.workDir, 'lo-profile-1', 'user', 'wenku-test-mark'))).toBe(true);
    } finally {
      rmSync(mark, { force: true });
    }
  }, 180_000);
});
