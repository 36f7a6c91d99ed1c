import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { engineFor } from './formats.ts';
import { runCommand } from './office.ts';
import { loadRenderer, type PageLine } from './render.ts';

export interface OcrJob {
  kind: 'ocr';
  /** The original file (read directly when MuPDF opens it: PDF, EPUB, CBZ, …). */
  input: string;
  ext: string;
  /** 1-based page numbers to recognise. */
  pages: number[];
  /** Tesseract language packs, e.g. ['chi_sim', 'chi_tra', 'eng']. */
  languages: string[];
  workDir: string;
  /** For formats MuPDF cannot open (Office, via LibreOffice): each page's stored preview image and its size in pt. */
  images?: Record<number, { path: string; width: number; height: number }>;
  /** Per page. */
  timeoutMs: number;
}

export interface OcrPage {
  page: number;
  text: string;
  lines: PageLine[];
}

/** Resolution pages are rendered at for recognition: Tesseract reads body text best around 300 dpi. */
const OCR_DPI = 300;

const CLOSED_SCRIPTS =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;

/** Words of a line joined as the script writes them: no space between Chinese or Japanese characters. */
export function joinWords(words: string[]): string {
  let out = '';
  for (const w of words) {
    if (out && !(CLOSED_SCRIPTS.test(out.at(-1) ?? '') && CLOSED_SCRIPTS.test(w[0] ?? ''))) out += ' ';
    out += w;
  }
  return out;
}

/**
 * Tesseract's TSV (one row per word with its box in pixels) as text lines with boxes in page points, the shape the
 * converter gives extracted text, so the text layer and in-document search treat recognised pages alike.
 */
export function linesFromTsv(tsv: string, pointsPerPixel: number): PageLine[] {
  const lines = new Map<string, { words: string[]; x0: number; y0: number; x1: number; y1: number }>();
  for (const row of tsv.split('\n').slice(1)) {
    const f = row.split('\t');
    if (f.length < 12 || f[0] !== '5') continue;
    const text = (f[11] ?? '').trim();
    if (!text) continue;
    const [left, top, width, height] = [f[6], f[7], f[8], f[9]].map(Number) as [number, number, number, number];
    const key = `${f[2]}.${f[3]}.${f[4]}`;
    const line = lines.get(key) ?? { words: [], x0: left, y0: top, x1: left + width, y1: top + height };
    line.words.push(text);
    line.x0 = Math.min(line.x0, left);
    line.y0 = Math.min(line.y0, top);
    line.x1 = Math.max(line.x1, left + width);
    line.y1 = Math.max(line.y1, top + height);
    lines.set(key, line);
  }
  const r = (n: number) => Math.round(n * pointsPerPixel * 10) / 10;
  return [...lines.values()].map((l) => ({
    t: joinWords(l.words),
    b: [r(l.x0), r(l.y0), r(l.x1 - l.x0), r(l.y1 - l.y0)],
  }));
}

/** Runs Tesseract on one image; its TSV output. One thread: the worker runs one per core already. */
async function tesseract(image: string, languages: string[], workDir: string, timeoutMs: number): Promise<string> {
  const base = join(workDir, 'ocr');
  const { code, output } = await runCommand(
    'tesseract',
    [image, base, '-l', languages.join('+'), '--psm', '3', 'tsv'],
    timeoutMs,
    { OMP_THREAD_LIMIT: '1' },
  );
  if (code !== 0) throw new Error(`文字识别失败（${output.trim().split('\n').pop() ?? code}）`);
  return readFile(`${base}.tsv`, 'utf8');
}

/**
 * Recognises the text of image-only pages with Tesseract: each page rendered at 300 dpi from the original when MuPDF
 * opens it, else read from its stored preview image. `onPage` receives each page as it is done.
 */
export async function ocrDocument(job: OcrJob, onPage: (page: OcrPage) => Promise<void> | void): Promise<void> {
  const { mupdf, sharp } = await loadRenderer();
  const image = join(job.workDir, 'ocr-page.png');
  const direct = engineFor(job.ext) === 'mupdf';
  const doc = direct
    ? mupdf.Document.openDocument(await readFile(job.input), `document.${job.ext.replace(/^\./, '')}`)
    : undefined;
  try {
    if (doc && !doc.isPDF()) doc.layout(595, 842, 11);
    for (const n of job.pages) {
      let pointsPerPixel: number;
      if (doc) {
        const page = doc.loadPage(n - 1);
        try {
          const pix = page.toPixmap(
            mupdf.Matrix.scale(OCR_DPI / 72, OCR_DPI / 72),
            mupdf.ColorSpace.DeviceGray,
            false,
            true,
          );
          try {
            await sharp(Buffer.from(pix.getPixels()), {
              raw: { width: pix.getWidth(), height: pix.getHeight(), channels: 1 },
            })
              .png({ compressionLevel: 1 })
              .toFile(image);
          } finally {
            pix.destroy();
          }
        } finally {
          page.destroy();
        }
        pointsPerPixel = 72 / OCR_DPI;
      } else {
        const source = job.images?.[n];
        if (!source) continue;
        // Preview images are 1.5× (108 dpi): scaled up to about 300 dpi, where Tesseract reads best.
        const width = Math.round((source.width * OCR_DPI) / 72);
        await sharp(source.path).resize({ width }).grayscale().png({ compressionLevel: 1 }).toFile(image);
        pointsPerPixel = source.width / width;
      }
      const lines = linesFromTsv(await tesseract(image, job.languages, job.workDir, job.timeoutMs), pointsPerPixel);
      await onPage({ page: n, text: lines.map((l) => l.t).join('\n'), lines });
    }
  } finally {
    doc?.destroy();
  }
}
