import { fileTypeFromBuffer } from 'file-type';

const ZIP_FAMILY = ['docx', 'xlsx', 'pptx', 'ppsx', 'epub', 'odt', 'ods', 'odp', 'cbz'];
const CFB_FAMILY = ['doc', 'xls', 'ppt', 'pps', 'pot', 'dot', 'wps', 'et', 'dps'];
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

/**
 * Checks that a file's bytes belong to the family its extension claims (an executable renamed .pdf is refused).
 * Returns null when they match, else the reason. Plain-text formats must not look like any binary format.
 */
export async function sniffDocument(head: Uint8Array, ext: string): Promise<string | null> {
  const e = ext.replace(/^\./, '').toLowerCase();
  if (head.length === 0) return '文件内容为空';
  if (e === 'umd') {
    return head[0] === 0x89 && head[1] === 0x9b && head[2] === 0x9a && head[3] === 0xde ? null : '文件内容与扩展名不符';
  }
  const type = await fileTypeFromBuffer(head);
  const mime = type?.mime ?? '';
  const ok =
    e === 'pdf'
      ? mime === 'application/pdf'
      : ZIP_FAMILY.includes(e)
        ? ZIP_MIMES.has(mime)
        : CFB_FAMILY.includes(e)
          ? mime === 'application/x-cfb'
          : e === 'rtf'
            ? mime === 'application/rtf' || (!type && /^\{\\rtf/.test(Buffer.from(head.slice(0, 8)).toString('latin1')))
            : e === 'mobi'
              ? mime === 'application/x-mobipocket-ebook'
              : e === 'chm'
                ? mime === 'application/vnd.ms-htmlhelp' || Buffer.from(head.slice(0, 4)).toString('latin1') === 'ITSF'
                : e === 'fb2'
                  ? !type || mime === 'application/xml' || mime === 'text/xml'
                  : TEXT_FAMILY.includes(e)
                    ? !type
                    : false;
  return ok ? null : '文件内容与扩展名不符';
}
