import { fileKind } from '@wenku/shared';

/** How a file becomes pages: LibreOffice to PDF first, MuPDF directly, or a pre-step to HTML. */
export type Engine = 'office' | 'mupdf' | 'text' | 'chm' | 'umd';

/** Every extension the library accepts (spec §3 kinds; moredoc-facts §3.2), mapped to its engine. */
export const DOCUMENT_ENGINES: Readonly<Record<string, Engine>> = {
  pdf: 'mupdf',
  doc: 'office',
  docx: 'office',
  rtf: 'office',
  wps: 'office',
  odt: 'office',
  dot: 'office',
  ppt: 'office',
  pptx: 'office',
  pps: 'office',
  ppsx: 'office',
  dps: 'office',
  odp: 'office',
  pot: 'office',
  xls: 'office',
  xlsx: 'office',
  et: 'office',
  ods: 'office',
  csv: 'office',
  tsv: 'office',
  txt: 'text',
  epub: 'mupdf',
  mobi: 'mupdf',
  fb2: 'mupdf',
  cbz: 'mupdf',
  chm: 'chm',
  umd: 'umd',
};

export const SUPPORTED_DOCUMENT_EXTENSIONS = Object.keys(DOCUMENT_ENGINES);

export const engineFor = (ext: string): Engine | undefined => DOCUMENT_ENGINES[ext.replace(/^\./, '').toLowerCase()];

export { fileKind };
