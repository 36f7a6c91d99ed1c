/** The reading window of the document page (moredoc-facts §21.2): which page images are shown and what is left. */
import { DocumentStatus } from '@wenku/shared';

export interface PreviewDoc {
  id: number;
  pages: number;
  preview: number;
  preview_ext: string;
  enable_gzip: boolean;
}

/** Pages that may be read online: `preview`, where 0 (or more than the document has) means every page. */
export function previewLimit(doc: Pick<PreviewDoc, 'pages' | 'preview'>): number {
  const pages = Math.max(0, doc.pages);
  const preview = Math.max(0, doc.preview);
  if (preview === 0) return pages;
  return pages === 0 ? preview : Math.min(preview, pages);
}

/** The pages shown on arrival: the first `perRead` of the readable ones (display.pages_per_read, at least 1). */
export function initialShown(limit: number, perRead: number): number {
  return Math.min(limit, Math.max(1, perRead));
}

/** One "continue reading" click: `perRead` more, never past the readable pages. */
export function nextShown(shown: number, limit: number, perRead: number): number {
  return Math.min(limit, shown + Math.max(1, perRead));
}

/**
 * The pages to show so that `page` is among them (a jump from the in-document search): as many whole "continue
 * reading" batches as it takes, never past the readable pages, never fewer than shown already.
 */
export function shownToReach(page: number, shown: number, limit: number, perRead: number): number {
  if (page <= shown) return shown;
  const step = Math.max(1, perRead);
  return Math.min(limit, shown + Math.ceil((page - shown) / step) * step);
}

/** What the reader sees below the pages. */
export function readingState(doc: Pick<PreviewDoc, 'pages' | 'preview'>, shown: number) {
  const limit = previewLimit(doc);
  return {
    limit,
    /** Readable pages not shown yet ("还有 N 页可预览，继续阅读"). */
    remaining: Math.max(0, limit - shown),
    /** Pages only the download holds ("剩余 N 页请下载阅读"). */
    beyondPreview: Math.max(0, doc.pages - limit),
  };
}

/** The extension page images are served with (spec §7: `.svg` becomes `.gzip.svg` when compressed). */
export function pageExtension(doc: Pick<PreviewDoc, 'preview_ext' | 'enable_gzip'>): string {
  const ext = doc.preview_ext || '.webp';
  return ext === '.svg' && doc.enable_gzip ? '.gzip.svg' : ext;
}

/** `/view/page/{id}/{n}{ext}` (spec §7). */
export function pageImageUrl(doc: Pick<PreviewDoc, 'id' | 'preview_ext' | 'enable_gzip'>, page: number): string {
  return `/view/page/${doc.id}/${page}${pageExtension(doc)}`;
}

/**
 * Whether a page image must be fetched with the bearer token: a document the public cannot see, or any document
 * while the site gate is up (the server serves pages only to signed-in callers then; an <img> sends no token).
 */
export const pageNeedsToken = (doc: { status: number }, siteGated: boolean) =>
  siteGated || doc.status !== DocumentStatus.Converted;

/** Page size for layout before the image arrives: the document's first page, else A4 portrait. */
export function pageBox(doc: { width: number; height: number }): { width: number; height: number } {
  return doc.width > 0 && doc.height > 0 ? { width: doc.width, height: doc.height } : { width: 595, height: 842 };
}

/** `/document/{param}`: a 16-character hex param is a uuid, digits are an id (moredoc-facts §1); anything else is none. */
export function parseDocumentParam(raw: string): { uuid: string } | { id: number } | null {
  const v = raw.trim().toLowerCase();
  if (/^[0-9a-f]{16}$/.test(v)) return { uuid: v };
  if (/^\d{1,15}$/.test(v) && Number(v) > 0) return { id: Number(v) };
  return null;
}

/** Public address of a document: by uuid as moredoc's links, by id for rows without one. */
export const documentHref = (doc: { id: number; uuid?: string }) => `/document/${doc.uuid || doc.id}`;

/** The widths the server resizes page images to (`?w=`, issue 20; the same list as the server's PAGE_WIDTHS). */
export const PAGE_WIDTHS = [480, 720, 960] as const;

/**
 * `srcset` of a raster page image: the server's smaller widths below the page's own (the first page's width stands
 * for all), then the page itself; none for vector pages, which are sharp at any size.
 */
export function pageSrcSet(
  doc: Pick<PreviewDoc, 'id' | 'preview_ext' | 'enable_gzip'> & { width: number },
  page: number,
): string | undefined {
  if ((doc.preview_ext || '.webp') === '.svg' || doc.width <= 0) return undefined;
  const url = pageImageUrl(doc, page);
  const smaller = PAGE_WIDTHS.filter((w) => w < doc.width * 0.95).map((w) => `${url}?w=${w} ${w}w`);
  return [...smaller, `${url} ${doc.width}w`].join(', ');
}

/** The page column's width: the screen less its padding on phones, the reading column beside the sidebar on desktops. */
export const PAGE_SIZES = '(min-width: 1280px) 900px, (min-width: 1024px) calc(100vw - 380px), calc(100vw - 34px)';
