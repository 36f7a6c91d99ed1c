import { FILE_KINDS, type FileKind, fileKind } from '@wenku/shared';

/** The kind groups the listing's 类型 filter offers (the `ext` list parameter takes a group name, spec §3). */
export const KIND_FILTERS = ['pdf', 'word', 'ppt', 'excel', 'text', 'epub', 'mobi', 'chm', 'umd'] as const;
export type KindFilter = (typeof KIND_FILTERS)[number];

export const isKindFilter = (v: unknown): v is KindFilter => (KIND_FILTERS as readonly unknown[]).includes(v);

/** The kind of a document from its stored extension (`.docx`) or a file name. */
export function documentKind(extOrName: string): FileKind {
  return fileKind(extOrName.startsWith('.') ? extOrName : extOrName.includes('.') ? extOrName : `.${extOrName}`);
}

/** Every extension of spec §3's file kinds, with the dot (`.pdf`), in the spec's order. */
export const SPEC_DOCUMENT_EXTENSIONS: readonly string[] = Object.values(FILE_KINDS).flatMap((exts) =>
  exts.map((e) => `.${e}`),
);

/** Upper-case extension without the dot, for badges (`.docx` → `DOCX`). */
export const extLabel = (ext: string) => ext.replace(/^\./, '').toUpperCase();
