import { copyFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type * as Mupdf from 'mupdf';
import type Sharp from 'sharp';
import { type StructLine, structurePages, type TextBlock } from './structure.ts';
import { DAMAGED_PDF, flattenText, joinHyphenated } from './text.ts';

export type PreviewFormat = 'webp' | 'jpg' | 'png' | 'svg';

export interface RenderOptions {
  /** Bytes of a document MuPDF opens, and a name telling it the type (`x.pdf`, `x.html`, …). */
  data: Uint8Array;
  magic: string;
  outDir: string;
  /** How many pages to render for preview, given the page count. */
  previewCount: (pages: number) => number;
  format: PreviewFormat;
  gzipSvg: boolean;
  /** Image burned into every raster preview page (spec: system.watermark). */
  watermark?: Buffer;
  scale?: number;
  /** Called after each preview page (and the cover with page 1) is written, so pages can be shown as they come. */
  onPage?: (page: number, files: string[]) => Promise<void> | void;
  /**
   * Preview pages at the start already written, with the cover (an earlier pass over the first page alone), and the
   * first page's size: only their text is read again.
   */
  rendered?: {
    pages: number;
    width: number;
    height: number;
    /** Files the earlier pass wrote after its last page notice (its `pending`): they go with this pass's first. */
    files?: string[];
  };
  /** Only the preview images and covers, no text (an early pass over the first page, whose text the full pass reads). */
  imagesOnly?: boolean;
}

export interface RenderResult {
  pages: number;
  preview: number;
  width: number;
  height: number;
  previewExt: string;
  enableGzip: boolean;
  text: string;
  pageTexts: string[];
  /** Per page, each text line with its box in page points: [x, y, width, height]. */
  pageLines: PageLine[][];
  /** Per page, its size in points: [width, height]. */
  pageSizes: [number, number][];
  /** Per page, its headings and paragraphs (the reader's text mode). */
  pageBlocks: TextBlock[][];
  title: string;
  /** imagesOnly: files written after the last page notice (the covers), for the next pass to announce. */
  pending?: string[];
}

export interface PageLine {
  t: string;
  b: [number, number, number, number];
}

interface StextJson {
  blocks?: {
    type: string;
    lines?: {
      text?: string;
      bbox?: { x: number; y: number; w: number; h: number };
      font?: { size?: number; weight?: string };
    }[];
  }[];
}

/**
 * Lines of a page from MuPDF's structured text, rounded to 0.1 pt, and the same lines with their font size, weight and
 * block for the page's reading structure.
 */
function linesOf(json: string): { lines: PageLine[]; struct: StructLine[] } {
  const r = (n: number) => Math.round(n * 10) / 10;
  const lines: PageLine[] = [];
  const struct: StructLine[] = [];
  for (const [n, block] of ((JSON.parse(json) as StextJson).blocks ?? []).entries()) {
    if (block.type !== 'text') continue;
    for (const line of block.lines ?? []) {
      if (!line.text?.trim() || !line.bbox) continue;
      lines.push({ t: line.text, b: [r(line.bbox.x), r(line.bbox.y), r(line.bbox.w), r(line.bbox.h)] });
      struct.push({
        t: line.text,
        size: line.font?.size || line.bbox.h / 1.25,
        bold: line.font?.weight === 'bold',
        block: n,
        x: line.bbox.x,
        y: line.bbox.y,
        w: line.bbox.w,
        h: line.bbox.h,
      });
    }
  }
  return { lines, struct };
}

/**
 * WebP pages and covers at effort 2 of 6: half the encoding time of the default 4 (80 against 160 ms of CPU for an
 * A4 page at 1.5×) for files about 2% larger; the first page is what a reader waits for after an upload.
 */
const WEBP = { quality: 80, effort: 2 };

let libraries: Promise<{ mupdf: typeof Mupdf; sharp: typeof Sharp }> | undefined;

/**
 * Loads MuPDF (WebAssembly) and sharp, most of a second: the pipeline starts it first thing, so that it overlaps
 * LibreOffice's work instead of adding to the time to the first page. Loaded once per process.
 */
export function loadRenderer() {
  libraries ??= Promise.all([import('mupdf'), import('sharp')]).then(([mupdf, sharp]) => ({
    mupdf,
    sharp: sharp.default,
  }));
  return libraries;
}

/** A watermark sized to a third of the page width, centred, at 30% opacity. */
async function watermarkFor(watermark: Buffer, width: number): Promise<Buffer> {
  const { sharp } = await loadRenderer();
  const w = Math.max(32, Math.round(width / 3));
  const resized = await sharp(watermark).resize({ width: w }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const { data, info } = resized;
  for (let i = 3; i < data.length; i += 4) data[i] = Math.round((data[i] ?? 0) * 0.3);
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
    .png()
    .toBuffer();
}

/**
 * Renders preview pages, a cover and the text of a document with MuPDF (WASM). Every page, pixmap and text object is
 * destroyed after use: the WASM heap does not shrink otherwise (measured-conversion §2).
 */
export async function renderDocument(opts: RenderOptions): Promise<RenderResult> {
  const scale = opts.scale ?? 1.5;
  const { mupdf, sharp } = await loadRenderer();
  let doc: Mupdf.Document;
  const pdf = opts.magic.endsWith('.pdf');
  try {
    doc = mupdf.Document.openDocument(opts.data, opts.magic);
  } catch (e) {
    throw new Error(pdf ? DAMAGED_PDF : `无法打开文件：${(e as Error).message}`);
  }
  try {
    if (doc.needsPassword()) throw new Error('文件已加密，无法预览');
    // Reflowable formats (EPUB, HTML, text) are laid out on A4 (595×842 pt, 11 pt type).
    if (!doc.isPDF()) doc.layout(595, 842, 11);
    const pages = doc.countPages();
    // MuPDF repairs what it can of a broken PDF; one left without a page is damaged, not empty.
    if (pages <= 0) throw new Error(pdf ? DAMAGED_PDF : '文件中没有页面');
    const preview = Math.min(pages, Math.max(1, opts.previewCount(pages)));
    const matrix = mupdf.Matrix.scale(scale, scale);
    const pageTexts: string[] = [];
    const pageLines: PageLine[][] = [];
    const pageStruct: StructLine[][] = [];
    const pageSizes: [number, number][] = [];
    let width = opts.rendered?.width ?? 0;
    let height = opts.rendered?.height ?? 0;
    const done = opts.rendered?.pages ?? 0;
    let mark: Buffer | undefined;
    const ext = opts.format === 'svg' ? (opts.gzipSvg ? '.gzip.svg' : '.svg') : `.${opts.format}`;
    // Files written since the last page notice (the covers, made after the first page is shown): they go with the
    // next notice, or one of their own at the end.
    let carried: string[] = [...(opts.rendered?.files ?? [])];
    let notified = 0;
    const notify = async (n: number, files: string[]) => {
      const all = [...files, ...carried];
      carried = [];
      notified = n;
      await opts.onPage?.(n, all);
    };
    for (let i = 0; i < pages; i++) {
      const page = doc.loadPage(i);
      try {
        // A preview page is shown before its text is read: the reader waits for the image, not for the text.
        if (i < preview && i >= done) {
          if (opts.format === 'svg') {
            const buf = new mupdf.Buffer();
            const writer = new mupdf.DocumentWriter(buf, 'svg', 'text=path');
            const bounds = page.getBounds();
            const dev = writer.beginPage(bounds);
            page.run(dev, mupdf.Matrix.identity);
            writer.endPage();
            writer.close();
            const svg = Buffer.from(buf.asUint8Array());
            buf.destroy();
            await writeFile(join(opts.outDir, `${i + 1}${ext}`), opts.gzipSvg ? gzipSync(svg) : svg);
            await notify(i + 1, [`${i + 1}${ext}`]);
            if (i === 0) {
              width = Math.round((bounds[2] - bounds[0]) * scale);
              height = Math.round((bounds[3] - bounds[1]) * scale);
            }
          }
          // Raster pages, and the covers (raster in every format) from the first page.
          if (opts.format !== 'svg' || i === 0) {
            const pix = page.toPixmap(matrix, mupdf.ColorSpace.DeviceRGB, false, true);
            try {
              const w = pix.getWidth();
              const h = pix.getHeight();
              // Raw pixels straight into sharp: no PNG encode and decode in between. getPixels() is a view into the
              // WASM heap, so it is copied once before sharp reads it.
              const pixels = Buffer.from(pix.getPixels());
              const raw = () => sharp(pixels, { raw: { width: w, height: h, channels: 3 } });
              if (i === 0) {
                width ||= w;
                height ||= h;
              }
              const out = join(opts.outDir, `${i + 1}${ext}`);
              const large = join(opts.outDir, 'cover-large.webp');
              const copiesPage = opts.format === 'webp' && !opts.watermark;
              if (opts.format !== 'svg') {
                if (opts.watermark) {
                  mark ??= await watermarkFor(opts.watermark, w);
                  const img = raw().composite([{ input: mark, gravity: 'center' }]);
                  if (opts.format === 'webp') await img.webp(WEBP).toFile(out);
                  else if (opts.format === 'jpg') await img.jpeg({ quality: 82 }).toFile(out);
                  else await img.png().toFile(out);
                } else if (opts.format === 'png') {
                  // libvips encodes PNG in 14 ms where MuPDF's WebAssembly build takes 35 ms (an A4 page at 1.5×).
                  await raw().png({ compressionLevel: 6 }).toFile(out);
                } else if (opts.format === 'jpg') {
                  await raw().jpeg({ quality: 82 }).toFile(out);
                } else {
                  await raw().webp(WEBP).toFile(out);
                }
                // The large cover is the first page as WebP without the watermark: when the page's own file is
                // that, a copy of it, made before the page is announced (the announced file is moved into the
                // store at once, by another process).
                if (i === 0 && copiesPage) await copyFile(out, large);
                await notify(i + 1, [`${i + 1}${ext}`]);
              }
              if (i === 0) {
                // The covers once the first page is out (the large one encoded unless copied above).
                await Promise.all([
                  raw().resize(210, 297, { fit: 'inside' }).webp(WEBP).toFile(join(opts.outDir, 'cover.webp')),
                  copiesPage ? undefined : raw().webp(WEBP).toFile(large),
                ]);
                carried.push('cover.webp', 'cover-large.webp');
              }
            } finally {
              pix.destroy();
            }
          }
        }
        if (opts.imagesOnly) continue;
        const stext = page.toStructuredText('preserve-whitespace');
        pageTexts.push(joinHyphenated(stext.asText()));
        const { lines, struct } = linesOf(stext.asJSON());
        pageLines.push(lines);
        pageStruct.push(struct);
        const [x0, y0, x1, y1] = page.getBounds();
        pageSizes.push([Math.round((x1 - x0) * 10) / 10, Math.round((y1 - y0) * 10) / 10]);
        stext.destroy();
      } finally {
        page.destroy();
      }
    }
    if (carried.length && !opts.imagesOnly) await notify(Math.max(1, notified || done), []);
    const title = doc.getMetaData('info:Title') ?? '';
    return {
      pages,
      preview,
      width,
      height,
      previewExt: ext,
      enableGzip: opts.format === 'svg' && opts.gzipSvg,
      text: flattenText(pageTexts.join('\n')),
      pageTexts,
      pageLines,
      pageSizes,
      pageBlocks: structurePages(pageStruct),
      title,
      ...(opts.imagesOnly && carried.length ? { pending: carried } : {}),
    };
  } finally {
    doc.destroy();
  }
}
