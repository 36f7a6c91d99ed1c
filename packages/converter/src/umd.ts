import { inflateSync } from 'node:zlib';

/**
 * Reads a UMD e-book (measured-conversion §4): function records `#`, data records `$`, text as UTF-16LE in zlib
 * chunks with U+2029 between paragraphs. Returns the title, chapter titles and the text.
 */
export function parseUmd(buf: Buffer): { title: string; text: string; chapters: string[] } {
  if (buf.readUInt32LE(0) !== 0xde9a9b89) throw new Error('不是有效的 UMD 文件');
  let pos = 4;
  let title = '';
  const chunks: Buffer[] = [];
  const chapters: string[] = [];
  let expectTitles = false;
  let titleBlockId = -1;
  const utf16 = (b: Buffer) => b.toString('utf16le');
  while (pos < buf.length) {
    const tag = String.fromCharCode(buf[pos] ?? 0);
    if (tag === '#') {
      const id = buf.readUInt16LE(pos + 1);
      const len = buf[pos + 4] ?? 5;
      const data = buf.subarray(pos + 5, pos + len);
      if (id === 2) title = utf16(data);
      if (id === 0x83 && data.length >= 4) {
        expectTitles = true;
        titleBlockId = data.readUInt32LE(0);
      }
      if (id === 0x0c) break;
      pos += Math.max(len, 5);
    } else if (tag === '$') {
      const blockId = buf.readUInt32LE(pos + 1);
      const len = buf.readUInt32LE(pos + 5);
      const data = buf.subarray(pos + 9, pos + len);
      if (expectTitles && blockId === titleBlockId) {
        let p = 0;
        while (p < data.length) {
          const l = data[p] ?? 0;
          chapters.push(utf16(data.subarray(p + 1, p + 1 + l)));
          p += 1 + l;
        }
      } else if (data[0] === 0x78) {
        try {
          chunks.push(inflateSync(data));
        } catch {
          // A data block that is not compressed text (chapter offsets, cover): skip it.
        }
      }
      pos += Math.max(len, 9);
    } else {
      break;
    }
  }
  const text = utf16(Buffer.concat(chunks)).replace(/\u2029/g, '\n');
  if (!text.trim()) throw new Error('UMD 文件中没有文字内容');
  return { title, text, chapters };
}
