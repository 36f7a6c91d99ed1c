import { CrawlerDocumentStatus, FILE_KINDS } from '@wenku/shared';

/** The fields the quick tool can copy into the title (moredoc-pro-facts §9.2 `引用`), or 'empty' to clear it. */
export const TITLE_SOURCES = ['url', 'title_from_href', 'title_from_url', 'title_from_attachment', 'empty'] as const;
export type TitleSource = (typeof TITLE_SOURCES)[number];

export interface TitleFields {
  url: string;
  title_from_href: string;
  title_from_url: string;
  title_from_attachment: string;
}

const DOCUMENT_EXTENSIONS = new Set<string>(Object.values(FILE_KINDS).flat());

/** Drops a trailing document extension (`报告.pdf` → `报告`); other dots stay. */
export function stripExtension(s: string): string {
  const m = /\.([A-Za-z0-9]{1,5})$/.exec(s);
  return m?.[1] && DOCUMENT_EXTENSIONS.has(m[1].toLowerCase()) ? s.slice(0, -(m[1].length + 1)) : s;
}

/** The title a source gives: the field's text, trimmed, extension stripped; '' for 'empty'. */
export function titleFrom(doc: TitleFields, source: TitleSource): string {
  if (source === 'empty') return '';
  let value = doc[source];
  if (source === 'url') {
    try {
      value = decodeURI(value);
    } catch {
      // keep the raw address
    }
  }
  return stripExtension(value.trim()).slice(0, 255);
}

/**
 * The `字符串替换` tool: `find` is a regular expression applied globally. Returns null when `find` is not a valid
 * expression (the form says so); an empty `find` changes nothing.
 */
export function replaceInTitle(title: string, find: string, replacement: string): string | null {
  if (!find) return title;
  let re: RegExp;
  try {
    re = new RegExp(find, 'g');
  } catch {
    return null;
  }
  return title.replace(re, replacement).slice(0, 255);
}

/** Publish condition of moredoc-pro-facts §9.2: downloaded (3) and a non-empty title. */
export const canPublish = (doc: { status: number; title: string }) =>
  doc.status === CrawlerDocumentStatus.DownloadSuccess && doc.title.trim() !== '';

/** Documents a job holds right now (their delete button is disabled while downloading: 1 and 2). */
export const isDownloading = (status: number) =>
  status === CrawlerDocumentStatus.DownloadQueue || status === CrawlerDocumentStatus.Downloading;

/** Statuses that change by themselves: the page refreshes while a row shows one. */
export const isMoving = (status: number) => [1, 2, 5, 6].includes(status);

/** Documents "download selected" may queue: not busy and not published. */
export const canQueueDownload = (status: number) => [0, 3, 4, 8].includes(status);

/** Badge tones of the link statuses (moredoc-pro-facts §9.1: info, primary, success, warning). */
export const LINK_STATUS_TONE: Record<number, 'secondary' | 'default' | 'success' | 'warning'> = {
  0: 'secondary',
  1: 'default',
  2: 'success',
  3: 'warning',
};

/** Badge tones of the document statuses. */
export const DOCUMENT_STATUS_TONE: Record<number, 'secondary' | 'default' | 'success' | 'warning' | 'destructive'> = {
  0: 'secondary',
  1: 'default',
  2: 'default',
  3: 'success',
  4: 'destructive',
  5: 'default',
  6: 'default',
  7: 'success',
  8: 'destructive',
};
