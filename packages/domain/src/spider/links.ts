import { fileExtension } from '@wenku/shared';
import type * as Cheerio from 'cheerio';
import { lazyPackage } from '../lazy-package.ts';

// Loaded when a page is first crawled (issue 17: memory of an idle server).
const cheerio = lazyPackage<typeof Cheerio>('cheerio');

/** Document kinds announced by a response's Content-Type (used when a link's name has no document extension). */
const EXT_BY_CONTENT_TYPE: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/x-pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/rtf': 'rtf',
  'text/rtf': 'rtf',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.ms-powerpoint': 'ppt',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.openxmlformats-officedocument.presentationml.slideshow': 'ppsx',
  'application/vnd.oasis.opendocument.presentation': 'odp',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'text/csv': 'csv',
  'text/tab-separated-values': 'tsv',
  'application/epub+zip': 'epub',
  'application/x-mobipocket-ebook': 'mobi',
  'application/vnd.ms-htmlhelp': 'chm',
};

/** The document extension a Content-Type announces, or ''. */
export const extensionForContentType = (contentType: string) =>
  EXT_BY_CONTENT_TYPE[contentType.split(';')[0]?.trim().toLowerCase() ?? ''] ?? '';

/** The file name of a Content-Disposition header (RFC 6266 `filename*` first), or ''. */
export function dispositionFileName(header: string | undefined): string {
  if (!header) return '';
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (star?.[2]) {
    try {
      return decodeURIComponent(star[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = (plain?.[2] ?? plain?.[1] ?? '').trim();
  try {
    // Servers often send UTF-8 bytes in the plain parameter; Node hands them over as latin1.
    const bytes = Buffer.from(name, 'latin1');
    const utf8 = bytes.toString('utf8');
    return utf8.includes('\uFFFD') ? name : utf8;
  } catch {
    return name;
  }
}

/** The last path segment of a URL, percent-decoded (`/a/%E6%8A%A5%E5%91%8A.pdf` → `报告.pdf`). */
export function urlFileName(url: URL): string {
  const last = url.pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** A file name without its extension, whitespace collapsed, at most 255 characters: the title tools' input. */
export function titleFromFileName(name: string): string {
  const ext = fileExtension(name);
  const base = ext ? name.slice(0, -(ext.length + 1)) : name;
  return cleanText(base);
}

export const cleanText = (s: string) => [...s.replace(/\s+/g, ' ').trim()].slice(0, 255).join('');

/** Extensions that name ordinary web pages and assets: never documents, never worth a type check. */
const PAGE_OR_ASSET = new Set(
  'html htm xhtml shtml css js mjs json xml rss atom png jpg jpeg gif webp svg ico bmp avif mp3 mp4 webm ogg wav zip rar 7z gz tar exe dmg apk woff woff2 ttf'.split(
    ' ',
  ),
);

export interface DiscoveredLink {
  url: string;
  /** The link's text (or title/alt), cleaned. */
  text: string;
  /** The document extension by name, '' when the name says nothing and only a type check can tell. */
  ext: string;
}

/**
 * The links of a page that point at documents (by extension, from `extensions`), and the links whose names say
 * nothing (no extension, or a script like `download.php`) as candidates for a Content-Type check. Links resolve
 * against `<base href>` and the page address; only http(s), fragments dropped, each address once.
 */
export function discoverLinks(
  html: string,
  pageUrl: URL,
  extensions: readonly string[],
): { documents: DiscoveredLink[]; candidates: DiscoveredLink[] } {
  const $ = cheerio().load(html);
  let base = pageUrl;
  const baseHref = $('base[href]').first().attr('href');
  if (baseHref) {
    try {
      base = new URL(baseHref, pageUrl);
    } catch {
      // a broken <base> is ignored, as browsers do
    }
  }
  const documents = new Map<string, DiscoveredLink>();
  const candidates = new Map<string, DiscoveredLink>();
  const self = new URL(pageUrl);
  self.hash = '';
  $('a[href]').each((_, el) => {
    const href = $(el).attr('href')?.trim();
    if (!href || /^(javascript|mailto|tel|data):/i.test(href)) return;
    let url: URL;
    try {
      url = new URL(href, base);
    } catch {
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
    url.hash = '';
    const key = url.toString();
    if (key === self.toString()) return;
    const text = cleanText($(el).text() || $(el).attr('title') || $(el).find('img').attr('alt') || '');
    const ext = fileExtension(urlFileName(url));
    if (ext && extensions.includes(ext)) {
      const known = documents.get(key);
      if (!known || (!known.text && text)) documents.set(key, { url: key, text, ext });
    } else if (!ext || (!PAGE_OR_ASSET.has(ext) && /^(php|asp|aspx|jsp|do|cgi|action|ashx)$/.test(ext))) {
      if (!candidates.has(key)) candidates.set(key, { url: key, text, ext: '' });
    }
  });
  return { documents: [...documents.values()], candidates: [...candidates.values()] };
}
