import { mkdir, readFile } from 'node:fs/promises';
import { chmToHtml } from './chm.ts';
import { decodeText, textToHtml } from './encoding.ts';
import { engineFor } from './formats.ts';
import { officeToPdf } from './office.ts';
import { loadRenderer, type PreviewFormat, type RenderResult, renderDocument } from './render.ts';
import { flattenText } from './text.ts';
import { parseUmd } from './umd.ts';

export interface ConvertJob {
  /** The original file. */
  input: string;
  /** Its extension (`docx`, `.pdf`, …). */
  ext: string;
  /** Empty folder receiving `1.webp…N.webp`, `cover.webp`, `cover-large.webp`. */
  outDir: string;
  /** Scratch folder for intermediate files (LibreOffice profile, PDF, CHM pages). */
  workDir: string;
  format: PreviewFormat;
  gzipSvg: boolean;
  /** converter.max_preview: 0 = all pages. */
  maxPreview: number;
  /** converter.max_preview_percent: 0 or 100 = no limit. */
  maxPreviewPercent: number;
  /** Per external command. */
  timeoutMs: number;
  /** Address-space cap of external converters (LibreOffice), bytes. */
  memoryBytes?: number;
  watermarkPath?: string;
  /** A prepared LibreOffice profile to copy (run.ts: officeProfile()). */
  profileTemplate?: string;
}

export type ConvertResult = RenderResult;

/**
 * How many pages to preview: the smaller of the page cap and the percentage cap, each applying on its own
 * (moredoc ignored the percentage when the page cap was 0, moredoc-facts §24.13).
 */
export function previewPages(pages: number, maxPreview: number, maxPreviewPercent: number): number {
  let n = pages;
  if (maxPreview > 0) n = Math.min(n, maxPreview);
  if (maxPreviewPercent > 0 && maxPreviewPercent < 100)
    n = Math.min(n, Math.max(1, Math.floor((pages * maxPreviewPercent) / 100)));
  return Math.max(1, n);
}

/** Turns any supported file into preview pages, a cover and text (ARCHITECTURE.md: converter knows no database). */
export async function convert(
  job: ConvertJob,
  onPage?: (page: number, files: string[]) => Promise<void> | void,
): Promise<ConvertResult> {
  const engine = engineFor(job.ext);
  if (!engine) throw new Error(`不支持的文档类型：${job.ext}`);
  await mkdir(job.outDir, { recursive: true });
  await mkdir(job.workDir, { recursive: true });
  const ext = job.ext.replace(/^\./, '').toLowerCase();
  // MuPDF (WebAssembly) and sharp take most of a second to load, mostly on this thread: for an Office file they load
  // once LibreOffice has started (while it works, neither before it nor delaying its start), else at once.
  const loadLibraries = () => void loadRenderer().catch(() => undefined);
  if (engine !== 'office') loadLibraries();
  const watermark = job.watermarkPath ? await readFile(job.watermarkPath).catch(() => undefined) : undefined;
  const rendering = {
    outDir: job.outDir,
    format: job.format,
    gzipSvg: job.gzipSvg,
    watermark,
    onPage,
  };
  let data: Uint8Array;
  let magic: string;
  let cellText: string | undefined;
  // The first page, shown while LibreOffice exports the rest (spreadsheets: calc.py exports it on its own first).
  let early: Promise<RenderResult | undefined> | undefined;
  switch (engine) {
    case 'office': {
      const office = await officeToPdf(job.input, ext, job.workDir, job.timeoutMs, job.memoryBytes, {
        ...(job.profileTemplate ? { profileTemplate: job.profileTemplate } : {}),
        onStarted: loadLibraries,
        onFirstPage: (pdf) => {
          early = readFile(pdf)
            .then((first) =>
              renderDocument({
                ...rendering,
                data: first,
                magic: 'document.pdf',
                previewCount: () => 1,
                imagesOnly: true,
              }),
            )
            // The whole document's pass reads its text (and renders the pages after it).
            .catch(() => undefined);
        },
      }).catch(async (e: unknown) => {
        // The failure is the answer; the first page, if rendering, is done before it (no page after the failure).
        await early;
        throw e;
      });
      data = await readFile(office.pdf);
      cellText = office.text;
      magic = 'document.pdf';
      break;
    }
    case 'text':
      data = Buffer.from(textToHtml(decodeText(await readFile(job.input))), 'utf8');
      magic = 'document.html';
      break;
    case 'chm':
      data = Buffer.from(await chmToHtml(job.input, job.workDir, job.timeoutMs), 'utf8');
      magic = 'document.html';
      break;
    case 'umd': {
      const book = parseUmd(await readFile(job.input));
      data = Buffer.from(textToHtml(book.text, book.title), 'utf8');
      magic = 'document.html';
      break;
    }
    default:
      data = await readFile(job.input);
      magic = `document.${ext}`;
  }
  const first = await early;
  const result = await renderDocument({
    ...rendering,
    data,
    magic,
    previewCount: (pages) => previewPages(pages, job.maxPreview, job.maxPreviewPercent),
    ...(first ? { rendered: { pages: 1, width: first.width, height: first.height, files: first.pending ?? [] } } : {}),
  });
  // A spreadsheet's index text is its cells' whole content, not what the printed pages show of it.
  return cellText ? { ...result, text: flattenText(cellText) } : result;
}
