import {
  CrawlerDocumentStatus,
  FILE_KINDS,
  isPublishableStatus,
  parseSpiderCategoryPath,
  type SpiderDocumentDTO,
} from '@wenku/shared';

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

/** What the publish conditions read of a document. */
export type PublishFields = Pick<SpiderDocumentDTO, 'status' | 'title' | 'attachment_id' | 'duplicate_document_id'>;

/** Why a document does not meet the publish condition (the drawer shows it). */
export type PublishBlocker = 'status' | 'file' | 'duplicate' | 'title';

/**
 * The first unmet publish condition, null when the document may be published. moredoc-pro-facts §9.2: downloaded
 * (3) and a non-empty title; the server also takes a failed publish (8) again, and its job refuses a file the
 * library already holds (`duplicate_document_id`), so such a document does not qualify.
 */
export function publishBlocker(doc: PublishFields): PublishBlocker | null {
  if (!isPublishableStatus(doc.status)) return 'status';
  if (doc.attachment_id <= 0) return 'file';
  if (doc.duplicate_document_id > 0) return 'duplicate';
  if (doc.title.trim() === '') return 'title';
  return null;
}

/** Whether the publish drawer sends the document (`满足`). */
export const canPublish = (doc: PublishFields) => publishBlocker(doc) === null;

/** Rows a job moves right now (downloading 1 and 2, publishing 6): batch edit shows their status read-only. */
export const isStatusLocked = (status: number) => [1, 2, 6].includes(status);

/**
 * The statuses batch edit offers for a row, in order: its own and what the server lets an operator ask for, 0
 * (reset), 1 (download queue, not for a published document) and 5 (publish queue: downloaded or failed publishing,
 * with its file, no duplicate, and a member and category already chosen, as a failed publish has; the title is the
 * one being edited, which the server checks). Empty for rows a job holds.
 */
export function settableStatuses(doc: PublishFields & Pick<SpiderDocumentDTO, 'user_id' | 'category_id'>): number[] {
  if (isStatusLocked(doc.status)) return [];
  const out = new Set<number>([doc.status, CrawlerDocumentStatus.PendingDownload]);
  if (doc.status !== CrawlerDocumentStatus.PublishSuccess) out.add(CrawlerDocumentStatus.DownloadQueue);
  const blocker = publishBlocker(doc);
  if (
    (blocker === null || blocker === 'title') &&
    doc.user_id > 0 &&
    parseSpiderCategoryPath(doc.category_id).length > 0
  )
    out.add(CrawlerDocumentStatus.PublishQueue);
  return [...out].sort((a, b) => a - b);
}

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
