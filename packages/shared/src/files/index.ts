/** Document file kinds by extension (spec §3). */
export const FILE_KINDS = {
  pdf: ['pdf'],
  word: ['doc', 'docx', 'rtf', 'wps', 'odt', 'dot'],
  ppt: ['ppt', 'pptx', 'pps', 'ppsx', 'dps', 'odp', 'pot'],
  excel: ['xls', 'xlsx', 'et', 'ods', 'csv', 'tsv'],
  text: ['txt'],
  epub: ['epub'],
  mobi: ['mobi'],
  chm: ['chm'],
  umd: ['umd'],
} as const;
export type FileKind = keyof typeof FILE_KINDS | 'other';

const KIND_BY_EXT = new Map<string, FileKind>(
  Object.entries(FILE_KINDS).flatMap(([kind, exts]) => exts.map((e) => [e, kind as FileKind])),
);

/** Lower-case extension without the dot: `Report.PDF` → `pdf`, no extension → ''. */
export function fileExtension(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** The kind of a file from its name or extension (with or without the dot); anything unknown is 'other'. */
export function fileKind(nameOrExt: string): FileKind {
  const ext = nameOrExt.includes('.')
    ? fileExtension(nameOrExt.startsWith('.') ? `x${nameOrExt}` : nameOrExt)
    : nameOrExt.toLowerCase();
  return KIND_BY_EXT.get(ext) ?? 'other';
}

export const isImageExtension = (ext: string) =>
  ['jpg', 'jpeg', 'png', 'gif', 'ico', 'bmp', 'webp'].includes(ext.replace(/^\./, '').toLowerCase());
