/**
 * Decodes text of unknown encoding: UTF-8 (with or without BOM) and UTF-16 by BOM, otherwise GB18030, the superset
 * of GBK and GB2312 that Chinese text files use (MuPDF and LibreOffice's CSV filter read UTF-8 only).
 */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
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
