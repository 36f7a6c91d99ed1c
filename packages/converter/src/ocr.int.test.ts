import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OcrPage } from './ocr.ts';
import { runConversion, runOcr } from './run.ts';
import { makeScannedPdf } from './testing/scanned-pdf.ts';

const dir = mkdtempSync(join(tmpdir(), 'wenku-ocr-'));
const limits = { timeoutMs: 120_000, maxRssBytes: 1536 * 1024 * 1024 };

describe('OCR of image-only pages', () => {
  it('a scanned PDF has no text until Tesseract reads its words, with boxes in page points', async () => {
    const input = join(dir, 'scan.pdf');
    writeFileSync(input, await makeScannedPdf([['Quarterly zebrafish survey', '扫描文档的文字识别测试']]));
    const converted = await runConversion(
      {
        input,
        ext: 'pdf',
        outDir: join(dir, 'out'),
        workDir: join(dir, 'work'),
        format: 'webp',
        gzipSvg: false,
        maxPreview: 12,
        maxPreviewPercent: 100,
        timeoutMs: 60_000,
      },
      limits,
    );
    expect(converted.text).toBe('');
    const pages: OcrPage[] = [];
    await runOcr(
      { input, ext: 'pdf', pages: [1], languages: ['chi_sim', 'eng'], workDir: join(dir, 'work'), timeoutMs: 60_000 },
      {
        ...limits,
        onPage: async (p) => {
          pages.push(p);
        },
      },
    );
    expect(pages).toHaveLength(1);
    expect(pages[0]?.text).toContain('zebrafish');
    expect(pages[0]?.text).toContain('文字识别');
    const line = pages[0]?.lines.find((l) => l.t.includes('zebrafish'));
    // Drawn at x=160 px of 1654 px across a 595 pt page, baseline at 300 px: the box sits near (57, 88) pt.
    expect(line?.b[0]).toBeGreaterThan(50);
    expect(line?.b[0]).toBeLessThan(65);
    expect(line?.b[1]).toBeGreaterThan(80);
    expect(line?.b[1]).toBeLessThan(110);
  }, 120_000);
});
