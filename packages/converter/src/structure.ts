/**
 * The reading structure of a document's text (the reader's text mode, issue 20): each page as headings and
 * paragraphs, from MuPDF's structured text (its text blocks, each line's font size and weight) at conversion, or from
 * the stored line boxes of a page converted before (their heights stand in for the font size).
 */

/** A heading (k 1 = title size, 2 = section) or a paragraph (k 0). */
export interface TextBlock {
  k: 0 | 1 | 2;
  t: string;
}

/** One line of a page as the structure needs it: its text, size (pt), weight, MuPDF block and box. */
export interface StructLine {
  t: string;
  size: number;
  bold: boolean;
  /** Lines of one MuPDF text block share it; -1 when unknown (grouped by their spacing instead). */
  block: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

const CJK = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]/u;

/** Lines of one paragraph in one string: CJK runs join directly, a hyphen at a line's end joins the word. */
export function joinLines(lines: readonly string[]): string {
  let out = '';
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) continue;
    if (!out) {
      out = line;
    } else if (/\p{L}-$/u.test(out) && /^\p{Ll}/u.test(line)) {
      out = out.slice(0, -1) + line;
    } else if (CJK.test(out.slice(-1)) || CJK.test(line[0] ?? '')) {
      out += line;
    } else {
      out += ` ${line}`;
    }
  }
  return out;
}

/** The body size: the size most characters are set in, over the whole document. */
export function bodySize(pages: readonly (readonly StructLine[])[]): number {
  const weight = new Map<number, number>();
  for (const lines of pages)
    for (const l of lines) {
      const s = Math.round(l.size * 2) / 2;
      if (s > 0) weight.set(s, (weight.get(s) ?? 0) + [...l.t.trim()].length);
    }
  let best = 0;
  let most = -1;
  for (const [s, n] of weight)
    if (n > most || (n === most && s < best)) {
      best = s;
      most = n;
    }
  return best || 11;
}

const MAX_HEADING_CHARS = 80;
const SENTENCE_END = /[。．.!！?？;；,，]$/u;

/** A line that ends a paragraph: a sentence's end well short of the column's right edge. */
const PARAGRAPH_END = /[。．.!！?？:：]["'”’」』)）]?$/u;

/**
 * Groups a page's lines into paragraphs: MuPDF's blocks, split where the size or weight changes, and joined again
 * where a block break is only a line break (PDFs that place every line on its own: the next line follows closely at
 * the same left edge, after a line that ran to the column's edge). Without blocks, spacing alone decides.
 */
function groups(lines: readonly StructLine[]): StructLine[][] {
  const column = Math.max(0, ...lines.map((l) => l.w));
  const out: StructLine[][] = [];
  let cur: StructLine[] = [];
  for (const l of lines) {
    if (!l.t.trim()) continue;
    const prev = cur[cur.length - 1];
    let split = false;
    if (prev) {
      const resized = Math.abs(l.size - prev.size) > Math.max(prev.size, l.size) * 0.12;
      const gap = l.y - (prev.y + prev.h);
      const flows =
        gap <= Math.max(prev.h, l.h) * 0.6 &&
        gap > -prev.h / 2 &&
        Math.abs(l.x - prev.x) <= prev.size * 1.5 &&
        !(prev.w < column * 0.8 && PARAGRAPH_END.test(prev.t.trim()));
      split = resized || (l.block !== prev.block && (l.bold !== prev.bold || !flows)) || (l.block === -1 && !flows);
    }
    if (split) {
      out.push(cur);
      cur = [];
    }
    cur.push(l);
  }
  if (cur.length) out.push(cur);
  return out;
}

/** Headings and paragraphs of one page, given the document's body size. */
export function structurePage(lines: readonly StructLine[], body: number): TextBlock[] {
  const blocks: TextBlock[] = [];
  for (const g of groups(lines)) {
    const t = joinLines(g.map((l) => l.t));
    if (!t) continue;
    const size = Math.max(...g.map((l) => l.size));
    const chars = [...t].length;
    const short = chars <= MAX_HEADING_CHARS && g.length <= 3;
    let k: TextBlock['k'] = 0;
    if (short && size >= body * 1.5) k = 1;
    else if (short && size >= body * 1.15) k = 2;
    else if (g.every((l) => l.bold) && g.length <= 2 && chars <= 60 && !SENTENCE_END.test(t)) k = 2;
    blocks.push({ k, t });
  }
  return blocks;
}

/** Every page's blocks, with one body size for the document. */
export function structurePages(pages: readonly (readonly StructLine[])[]): TextBlock[][] {
  const body = bodySize(pages);
  return pages.map((lines) => structurePage(lines, body));
}

/**
 * The lines of a page converted before the structure was kept (or read by OCR): the stored line boxes, in page points
 * `[x, y, w, h]`; a line's height stands in for its size, spacing for MuPDF's blocks.
 */
export function linesFromBoxes(lines: readonly { t: string; b: readonly number[] }[]): StructLine[] {
  return lines.map((l) => ({
    t: l.t,
    size: (l.b[3] ?? 0) / 1.25,
    bold: false,
    block: -1,
    x: l.b[0] ?? 0,
    y: l.b[1] ?? 0,
    w: l.b[2] ?? 0,
    h: l.b[3] ?? 0,
  }));
}
