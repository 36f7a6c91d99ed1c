/**
 * Pure rules of what the reader lays over a page image: the hits of the in-document search and the transparent,
 * selectable text layer. Everything is placed in percent of the page's size in points, so it stays right at any
 * displayed size.
 */

/** A rectangle on a page in points, origin top-left: x, y, width, height. */
export type PageRect = readonly [number, number, number, number];

export interface PageSize {
  width: number;
  height: number;
}

/** One page of a search result as the server sends it. */
export interface PageHits {
  page: number;
  count: number;
  boxes: readonly PageRect[];
}

/** One hit of a search: its page, its rank on that page, and its box when the server could place it. */
export interface Hit {
  page: number;
  nth: number;
  box: PageRect | null;
}

/**
 * Every hit in reading order: pages ascending, then the hits of a page in the server's order (line by line). A page
 * holds max(count, boxes) hits: a phrase broken across lines is found in the page's text but gets no box, so those
 * come last on their page and only bring the page into view.
 */
export function orderHits(pages: readonly PageHits[]): Hit[] {
  const hits: Hit[] = [];
  for (const p of [...pages].sort((a, b) => a.page - b.page)) {
    const n = Math.max(p.count, p.boxes.length);
    for (let nth = 0; nth < n; nth++) hits.push({ page: p.page, nth, box: p.boxes[nth] ?? null });
  }
  return hits;
}

/**
 * The next (`dir` 1) or previous (-1) hit, wrapping around at either end as a browser's find does. From no hit yet
 * (-1) forward is the first hit and back the last; -1 when there are none.
 */
export function stepHit(current: number, total: number, dir: 1 | -1): number {
  if (total <= 0) return -1;
  if (current < 0 || current >= total) return dir > 0 ? 0 : total - 1;
  return (current + dir + total) % total;
}

/** The index of the first hit on `page`, -1 when it has none. */
export function firstHitOn(hits: readonly Hit[], page: number): number {
  return hits.findIndex((h) => h.page === page);
}

/** Preview images are rendered at 1.5 pixels per point (the converter's scale). */
export const PREVIEW_SCALE = 1.5;

/**
 * A page's size in points from its image, for documents converted before page sizes were kept. Raster previews hold
 * 1.5 pixels per point; SVG previews declare their size in points, which the browser reports as CSS pixels (4/3 px
 * per pt).
 */
export function imagePointSize(naturalWidth: number, naturalHeight: number, ext: string): PageSize | null {
  if (!(naturalWidth > 0 && naturalHeight > 0)) return null;
  const pixelsPerPoint = ext.toLowerCase().includes('svg') ? 4 / 3 : PREVIEW_SCALE;
  return { width: naturalWidth / pixelsPerPoint, height: naturalHeight / pixelsPerPoint };
}

/** The first known page size among the candidates (0 × 0 means unknown). */
export function resolvePageSize(...candidates: (PageSize | null | undefined)[]): PageSize | null {
  for (const c of candidates) if (c && c.width > 0 && c.height > 0) return c;
  return null;
}

/** `[w, h]` as the server sends page sizes, 0 × 0 when unknown. */
export function sizeOf(pair: readonly [number, number] | undefined): PageSize | null {
  return pair && pair[0] > 0 && pair[1] > 0 ? { width: pair[0], height: pair[1] } : null;
}

const round = (n: number) => Math.round(n * 10_000) / 10_000;
const percent = (part: number, whole: number) => `${round((part / whole) * 100)}%`;

/** A rectangle in points as CSS position and size in percent of its page. */
export function rectStyle(rect: PageRect, size: PageSize) {
  const [x, y, w, h] = rect;
  return {
    left: percent(x, size.width),
    top: percent(y, size.height),
    width: percent(w, size.width),
    height: percent(h, size.height),
  };
}

/** A text line of a page as the server sends it: its text and its box in points. */
export interface PageLine {
  t: string;
  b: PageRect;
}

/**
 * A hit's box placed by the width of its text. The server places a hit by its share of its line's characters, which
 * drifts where wide (CJK) and narrow (Latin) characters mix; measuring the line's text puts the box where the text
 * layer (stretched the same way) has it. The box stays as it is when its line is not among `lines`.
 */
export function refineHitBox(box: PageRect, lines: readonly PageLine[], measure: (text: string) => number): PageRect {
  const [x, y, w, h] = box;
  // The server copies the line's y and height and rounds x and width to 0.1 pt.
  const line = lines.find(
    ({ b }) => b[1] === y && b[3] === h && x >= b[0] - 0.1 && x + w <= b[0] + b[2] + 0.2 && b[2] > 0,
  );
  if (!line) return box;
  const [lineX, , lineW] = line.b;
  const chars = [...line.t];
  const whole = measure(line.t);
  if (chars.length === 0 || !(whole > 0)) return box;
  const before = Math.round(((x - lineX) / lineW) * chars.length);
  const length = Math.max(1, Math.round((w / lineW) * chars.length));
  const prefix = measure(chars.slice(0, before).join(''));
  const text = measure(chars.slice(before, before + length).join(''));
  const r = (n: number) => Math.round(n * 100) / 100;
  return [r(lineX + (lineW * prefix) / whole), y, r((lineW * text) / whole), h];
}

/** The type size lines are measured at; a line's width grows linearly with its type size. */
export const MEASURE_PX = 100;

/**
 * A line's width at MEASURE_PX from its width as laid out in a text layer `layerWidth` px wide (unstretched), where
 * its type is as tall as its box (`lineStyle`): 0 when nothing was laid out.
 */
export function widthAtMeasure(laidOut: number, rect: PageRect, size: PageSize, layerWidth: number): number {
  const typePx = (rect[3] / size.width) * layerWidth;
  return laidOut > 0 && typePx > 0 ? (laidOut * MEASURE_PX) / typePx : 0;
}

/**
 * A text line's style in the text layer, as pdf.js text layers do it: placed in percent of the page, its type as tall
 * as its box in `cqw` (percent of the layer's width, so it follows the displayed size), then stretched horizontally
 * so its text spans the box. `measured` is the text's width at MEASURE_PX in the layer's font (0 when unknown).
 */
export function lineStyle(rect: PageRect, size: PageSize, measured: number) {
  const [x, y, w, h] = rect;
  const widthAtSize = (measured * h) / MEASURE_PX;
  const scale = widthAtSize > 0 && w > 0 ? round(w / widthAtSize) : 1;
  return {
    left: percent(x, size.width),
    top: percent(y, size.height),
    fontSize: `${round((h / size.width) * 100)}cqw`,
    transform: scale === 1 ? undefined : `scaleX(${scale})`,
  };
}

export interface SnippetPart {
  text: string;
  mark: boolean;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(html: string): string {
  return html.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}

/**
 * A server snippet (escaped text with the hit in `<mark>`) as plain text parts, so it renders as React text and no
 * markup from a document ever reaches the page; any other tag is dropped.
 */
export function snippetParts(html: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const push = (raw: string, mark: boolean) => {
    const text = decodeEntities(raw.replace(/<[^>]*>/g, ''));
    if (text) parts.push({ text, mark });
  };
  let at = 0;
  for (const m of html.matchAll(/<mark>([\s\S]*?)<\/mark>/gi)) {
    const index = m.index ?? 0;
    push(html.slice(at, index), false);
    push(m[1] ?? '', true);
    at = index + m[0].length;
  }
  push(html.slice(at), false);
  return parts;
}
