import CFB from 'cfb';
import { fileTypeFromBuffer } from 'file-type';
import { bomOf, decodeText } from './encoding.ts';

const ZIP_FAMILY = ['docx', 'xlsx', 'pptx', 'ppsx', 'epub', 'odt', 'ods', 'odp', 'cbz'];
const CFB_FAMILY = ['doc', 'xls', 'ppt', 'pps', 'pot', 'dot', 'wps', 'et', 'dps'];
/** Word-processor and spreadsheet extensions under which LibreOffice also opens RTF, HTML and Office 2003 XML. */
const WORD_FAMILY = ['doc', 'dot', 'wps'];
const SHEET_FAMILY = ['xls', 'et'];
const OOXML_FAMILY = ['docx', 'xlsx', 'pptx', 'ppsx'];
const TEXT_FAMILY = ['txt', 'csv', 'tsv'];
const ZIP_MIMES = new Set([
  'application/zip',
  'application/epub+zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.openxmlformats-officedocument.presentationml.slideshow',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'application/x-cbz',
  'application/vnd.comicbook+zip',
]);

export const MISMATCH = '文件内容与扩展名不符';
export const ENCRYPTED = '文件已加密，无法转换，请去除密码后重新上传';
export const EMPTY = '文件内容为空';

/** The start of a file as text, whatever its encoding (byte-order mark or not), lower-cased, leading space dropped. */
const headText = (head: Uint8Array) => decodeText(head.subarray(0, 1024)).trimStart().toLowerCase();

/** HTML as Word and Excel save it under .doc/.xls ("Web page" saved with the old extension). */
const looksHtml = (text: string) => /^(<!--[\s\S]*?-->\s*)*(<!doctype html|<html|<head|<meta|<body)/.test(text);

/** Word 2003 XML / Excel 2003 XML Spreadsheet (`<?mso-application progid="Word.Document"?>`, `<w:wordDocument`). */
const looksOfficeXml = (text: string, app: 'word' | 'excel') =>
  text.startsWith('<?xml') &&
  (app === 'word'
    ? /progid="word\.document"|<w:worddocument|<pkg:package/.test(text)
    : /progid="excel\.sheet"|<workbook|<ss:workbook/.test(text));

/** WordPerfect documents start with FF "WPC". */
const isWordPerfect = (head: Uint8Array) =>
  head[0] === 0xff && head[1] === 0x57 && head[2] === 0x50 && head[3] === 0x43;

/**
 * Whether an OLE compound file is password-protected: an Office 2007+ file encrypted with a password is a compound
 * file holding `EncryptionInfo` and `EncryptedPackage`; Word 97–2003 sets fEncrypted in the WordDocument stream's FIB;
 * Excel 97–2003 has a FILEPASS record right after the workbook's BOF.
 */
export function isEncryptedCompoundFile(file: Uint8Array): boolean {
  let container: CFB.CFB$Container;
  try {
    container = CFB.read(Buffer.from(file.buffer, file.byteOffset, file.length), { type: 'buffer' });
  } catch {
    return false;
  }
  const names = new Set(container.FullPaths.map((p) => p.replace(/\/$/, '').split('/').pop()?.toLowerCase()));
  if (names.has('encryptioninfo') && names.has('encryptedpackage')) return true;
  const word = CFB.find(container, 'WordDocument')?.content as Uint8Array | undefined;
  // FIB: wIdent 0xA5EC, then flags at offset 0x0A whose bit 8 (fEncrypted) marks an encrypted document.
  if (word && word.length > 12 && word[0] === 0xec && word[1] === 0xa5) return ((word[11] ?? 0) & 0x01) !== 0;
  const book = (CFB.find(container, 'Workbook') ?? CFB.find(container, 'Book'))?.content as Uint8Array | undefined;
  if (book && book.length > 4) {
    // BIFF records: type (2 bytes) and length (2 bytes). FILEPASS (0x002F) comes within the first records.
    let at = 0;
    for (let i = 0; i < 64 && at + 4 <= book.length; i++) {
      const type = (book[at] ?? 0) | ((book[at + 1] ?? 0) << 8);
      const length = (book[at + 2] ?? 0) | ((book[at + 3] ?? 0) << 8);
      if (type === 0x002f) return true;
      at += 4 + length;
    }
  }
  return false;
}

/**
 * Checks that a file's bytes are something the converter opens under the extension it carries (an executable renamed
 * .pdf is refused; RTF, HTML, Office 2003 XML and WordPerfect saved as .doc/.xls are accepted, as LibreOffice opens
 * them). Returns null when they match, else the reason; a password-protected Office file is named as encrypted.
 * `whole` reads the entire file, needed only to look inside an OLE compound file for encryption.
 */
export async function sniffDocument(
  head: Uint8Array,
  ext: string,
  whole?: () => Promise<Uint8Array>,
): Promise<string | null> {
  const e = ext.replace(/^\./, '').toLowerCase();
  if (head.length === 0) return EMPTY;
  if (e === 'umd') {
    return head[0] === 0x89 && head[1] === 0x9b && head[2] === 0x9a && head[3] === 0xde ? null : MISMATCH;
  }
  // A byte-order mark means text (Notepad's "Unicode" is UTF-16LE, whose FF FE file-type takes for MPEG audio).
  const bom = bomOf(head);
  const type = bom ? undefined : await fileTypeFromBuffer(head);
  const mime = type?.mime ?? '';
  if (mime === 'application/x-cfb' && (CFB_FAMILY.includes(e) || OOXML_FAMILY.includes(e))) {
    if (whole && isEncryptedCompoundFile(await whole())) return ENCRYPTED;
    return CFB_FAMILY.includes(e) ? null : MISMATCH;
  }
  if (WORD_FAMILY.includes(e) || SHEET_FAMILY.includes(e)) {
    // An Office 2007+ file renamed to the old extension opens too: LibreOffice detects the type by content.
    if (ZIP_MIMES.has(mime)) return null;
    if (isWordPerfect(head)) return WORD_FAMILY.includes(e) ? null : MISMATCH;
    if (mime === 'application/rtf') return null;
    if (type && mime !== 'application/xml' && mime !== 'text/xml') return MISMATCH;
    const text = headText(head);
    if (text.startsWith('{\\rtf') || looksHtml(text)) return null;
    return looksOfficeXml(text, WORD_FAMILY.includes(e) ? 'word' : 'excel') ? null : MISMATCH;
  }
  const ok =
    e === 'pdf'
      ? mime === 'application/pdf'
      : ZIP_FAMILY.includes(e)
        ? ZIP_MIMES.has(mime)
        : CFB_FAMILY.includes(e)
          ? false
          : e === 'rtf'
            ? mime === 'application/rtf' || (!type && headText(head).startsWith('{\\rtf'))
            : e === 'mobi'
              ? mime === 'application/x-mobipocket-ebook'
              : e === 'chm'
                ? mime === 'application/vnd.ms-htmlhelp' || Buffer.from(head.slice(0, 4)).toString('latin1') === 'ITSF'
                : e === 'fb2'
                  ? !type || mime === 'application/xml' || mime === 'text/xml'
                  : TEXT_FAMILY.includes(e)
                    ? !type
                    : false;
  return ok ? null : MISMATCH;
}
