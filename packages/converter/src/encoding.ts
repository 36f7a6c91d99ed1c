import { createRequire } from 'node:module';

/**
 * jschardet (its language models are ~4 MB of heap) loads the first time text that is not UTF-8 needs a guess, not
 * with the server (issue 17). Synchronous, as its callers are: a plain require, which the server bundle leaves alone.
 * iconv-lite likewise, the first time text is not UTF-8: loading it is a few tens of milliseconds of every conversion
 * child's start (before LibreOffice starts) that UTF-8 text and Office files do not need.
 */
const requireOnUse = createRequire(import.meta.url);
let detector: typeof import('jschardet') | undefined;
const jschardet = () => {
  detector ??= requireOnUse('jschardet') as typeof import('jschardet');
  return detector;
};
let codecs: typeof import('iconv-lite') | undefined;
const iconv = () => {
  codecs ??= requireOnUse('iconv-lite') as typeof import('iconv-lite');
  return codecs;
};

/** Byte-order marks, longest first (a UTF-32LE mark begins with the UTF-16LE one). */
const BOMS: readonly [number[], string][] = [
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xff, 0xfe, 0x00, 0x00], 'utf-32le'],
  [[0x00, 0x00, 0xfe, 0xff], 'utf-32be'],
  [[0xff, 0xfe], 'utf-16le'],
  [[0xfe, 0xff], 'utf-16be'],
];

/** The encoding a byte-order mark at the start names, with the mark's length; undefined without one. */
export function bomOf(bytes: Uint8Array): { encoding: string; length: number } | undefined {
  for (const [mark, encoding] of BOMS) {
    if (mark.every((b, i) => bytes[i] === b)) return { encoding, length: mark.length };
  }
  return undefined;
}

/** How much text the detector reads: enough for a confident guess, bounded so a large file costs no more. */
const DETECT_BYTES = 256 * 1024;

/**
 * The encoding of text without a byte-order mark: UTF-8 when the bytes are valid UTF-8, otherwise jschardet's guess
 * (Windows-125x, ISO-8859-x, KOI8-R, CP866, Shift_JIS, Big5, EUC-KR, …), and GB18030, the superset of GBK and GB2312
 * that Chinese text files use, when it has none or names one iconv-lite cannot decode.
 */
export function detectEncoding(bytes: Uint8Array): string {
  const bom = bomOf(bytes);
  if (bom) return bom.encoding;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'utf-8';
  } catch {
    // not UTF-8: ask the detector
  }
  const sample = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, DETECT_BYTES));
  const guess = jschardet().detect(sample.toString('binary'), { minimumThreshold: 0.1 }).encoding;
  // GB2312 is reported for text that may well hold GBK or GB18030 characters: read the superset.
  if (!guess || /^(gb2312|gbk|ascii)$/i.test(guess) || !iconv().encodingExists(guess)) return 'gb18030';
  return guess.toLowerCase();
}

/**
 * Decodes text of unknown encoding (MuPDF and LibreOffice's CSV filter read UTF-8 only): the byte-order mark when
 * there is one, else the detected encoding (detectEncoding).
 */
export function decodeText(bytes: Uint8Array): string {
  const bom = bomOf(bytes);
  const body = bom ? bytes.subarray(bom.length) : bytes;
  const buffer = Buffer.from(body.buffer, body.byteOffset, body.length);
  const encoding = bom?.encoding ?? detectEncoding(bytes);
  return encoding === 'utf-8' ? buffer.toString('utf8') : iconv().decode(buffer, encoding);
}

const escapeHtml = (s: string) => s.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c] ?? c);

/** Plain text as an HTML document MuPDF lays out on A4 (paragraphs kept, whitespace preserved). */
export function textToHtml(text: string, title = ''): string {
  const body = text
    .replace(/\r\n?/g, '\n')
    .split(/\n/)
    .map((line) => `<p>${escapeHtml(line) || '&#160;'}</p>`)
    .join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>
body{font-family:serif;font-size:11pt;line-height:1.5}p{margin:0;white-space:pre-wrap}</style></head><body>${body}</body></html>`;
}
