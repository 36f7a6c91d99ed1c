import CFB from 'cfb';
import { describe, expect, it } from 'vitest';
import { ENCRYPTED, MISMATCH, sniffDocument } from './sniff.ts';

/** An OLE compound file with the given streams, as Office writes one. */
function compound(streams: Record<string, Buffer>): Buffer {
  const container = CFB.utils.cfb_new();
  for (const [name, data] of Object.entries(streams)) CFB.utils.cfb_add(container, name, data);
  return CFB.write(container, { type: 'buffer' }) as Buffer;
}

/** A Word 97 WordDocument stream: the FIB's magic and flags, fEncrypted (0x0100) when asked. */
function wordStream(encrypted: boolean): Buffer {
  const fib = Buffer.alloc(5000);
  fib.writeUInt16LE(0xa5ec, 0);
  fib.writeUInt16LE(0x00c1, 2);
  fib.writeUInt16LE(encrypted ? 0x0100 : 0x0000, 0x0a);
  return fib;
}

/** A BIFF8 Workbook stream: BOF, then FILEPASS when encrypted, then EOF. */
function workbookStream(encrypted: boolean): Buffer {
  const record = (type: number, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt16LE(type, 0);
    head.writeUInt16LE(data.length, 2);
    return Buffer.concat([head, data]);
  };
  return Buffer.concat([
    record(0x0809, Buffer.alloc(16)),
    ...(encrypted ? [record(0x002f, Buffer.alloc(54))] : []),
    record(0x000a, Buffer.alloc(0)),
    Buffer.alloc(4096),
  ]);
}

const sniff = (file: Buffer, ext: string) => sniffDocument(file.subarray(0, 4100), ext, async () => file);

describe('sniffDocument', () => {
  it('accepts UTF-16 text with its byte-order mark (Notepad "Unicode")', async () => {
    const text = 'Wenku 文库 Unicode text\r\n第二行\r\n';
    for (const ext of ['txt', 'csv', 'tsv']) {
      expect(await sniff(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]), ext)).toBeNull();
      expect(
        await sniff(Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]), ext),
      ).toBeNull();
    }
  });

  it('accepts what LibreOffice opens under .doc and .xls: RTF, HTML, Office 2003 XML, WordPerfect', async () => {
    const rtf = Buffer.from('{\\rtf1\\ansi\\deff0 {\\fonttbl {\\f0 Times;}} Hello}');
    const html = Buffer.from(
      '<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><meta charset="utf-8"></head><body><p>Hi</p></body></html>',
    );
    const word2003 = Buffer.from(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<?mso-application progid="Word.Document"?>\n<w:wordDocument xmlns:w="http://schemas.microsoft.com/office/word/2003/wordml"><w:body/></w:wordDocument>',
    );
    const excel2003 = Buffer.from(
      '<?xml version="1.0"?>\n<?mso-application progid="Excel.Sheet"?>\n<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet"></Workbook>',
    );
    const wordPerfect = Buffer.concat([
      Buffer.from([0xff, 0x57, 0x50, 0x43, 0x10, 0x00, 0x00, 0x00, 0x01, 0x0a]),
      Buffer.alloc(200),
    ]);
    for (const file of [rtf, html, word2003, wordPerfect]) expect(await sniff(file, 'doc')).toBeNull();
    for (const file of [html, excel2003]) expect(await sniff(file, 'xls')).toBeNull();
    expect(await sniff(compound({ WordDocument: wordStream(false) }), 'doc')).toBeNull();
    expect(await sniff(compound({ Workbook: workbookStream(false) }), 'xls')).toBeNull();
  });

  it('still refuses what no converter opens under the claimed extension', async () => {
    expect(await sniff(Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), 'doc')).toBe(MISMATCH);
    expect(await sniff(Buffer.from('just some words, not a document'), 'xls')).toBe(MISMATCH);
    expect(await sniff(Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'), 'doc')).toBe(
      MISMATCH,
    );
    expect(await sniff(compound({ WordDocument: wordStream(false) }), 'docx')).toBe(MISMATCH);
  });

  it('names password-protected Office files as encrypted', async () => {
    const ooxml = compound({ EncryptionInfo: Buffer.alloc(300, 1), EncryptedPackage: Buffer.alloc(5000, 2) });
    expect(await sniff(ooxml, 'docx')).toBe(ENCRYPTED);
    expect(await sniff(ooxml, 'xlsx')).toBe(ENCRYPTED);
    expect(await sniff(compound({ WordDocument: wordStream(true) }), 'doc')).toBe(ENCRYPTED);
    expect(await sniff(compound({ Workbook: workbookStream(true) }), 'xls')).toBe(ENCRYPTED);
  });
});
