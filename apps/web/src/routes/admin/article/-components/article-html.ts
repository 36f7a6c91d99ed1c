import { sanitizeArticleHtml } from '@/lib/html-sanitizer';

/**
 * The HTML of the admin article editor: a browser-side preview filter and the text edits of its toolbar. The server
 * sanitizes every saved article (packages/domain articles/article-html.ts); the preview applies the same allow-list
 * (packages/shared html/allow-list.ts, with DOMPurify) so the administrator sees what readers will get and nothing
 * typed runs in the back office.
 */

/** The article HTML as the preview shows it: the server's allow-list of tags, attributes, styles and URLs. */
export function sanitizeArticlePreview(html: string | null | undefined): string {
  const source = html ?? '';
  return source.trim() ? sanitizeArticleHtml(source) : '';
}

/** A text edit of the toolbar: the new text and the selection to restore. */
export interface TextEdit {
  text: string;
  selectionStart: number;
  selectionEnd: number;
}

/**
 * Wraps the selection in `before`…`after` (bold, a heading, a link). With nothing selected `placeholder` is
 * inserted and selected, so typing replaces it.
 */
export function wrapSelection(
  text: string,
  start: number,
  end: number,
  before: string,
  after: string,
  placeholder = '',
): TextEdit {
  const from = Math.max(0, Math.min(start, end, text.length));
  const to = Math.min(text.length, Math.max(start, end));
  const inner = from === to ? placeholder : text.slice(from, to);
  return {
    text: text.slice(0, from) + before + inner + after + text.slice(to),
    selectionStart: from + before.length,
    selectionEnd: from + before.length + inner.length,
  };
}

/** Inserts `snippet` at the caret (replacing the selection) and puts the caret after it. */
export function insertAtCaret(text: string, start: number, end: number, snippet: string): TextEdit {
  const from = Math.max(0, Math.min(start, end, text.length));
  const to = Math.min(text.length, Math.max(start, end));
  const caret = from + snippet.length;
  return { text: text.slice(0, from) + snippet + text.slice(to), selectionStart: caret, selectionEnd: caret };
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The `<img>` tag of an uploaded image (paths from the upload endpoint, alt from the file name). */
export function imageTag(path: string, alt: string): string {
  return `<p><img src="${escapeAttr(path)}" alt="${escapeAttr(alt)}"></p>\n`;
}

/** The `<a>` around the selection for a link the administrator typed. */
export function linkTags(url: string): { before: string; after: string } {
  const external = /^https?:\/\//i.test(url);
  return {
    before: `<a href="${escapeAttr(url)}"${external ? ' target="_blank"' : ''}>`,
    after: '</a>',
  };
}

/**
 * Classes that give article HTML readable defaults inside the admin preview (the site has no typography plugin):
 * headings, paragraphs, lists, quotes, code, tables and media that never overflow the box.
 */
export const ARTICLE_PREVIEW_CLASS = [
  'break-words text-sm leading-7',
  '[&_h1]:mt-4 [&_h1]:mb-2 [&_h1]:font-semibold [&_h1]:text-2xl',
  '[&_h2]:mt-4 [&_h2]:mb-2 [&_h2]:font-semibold [&_h2]:text-xl',
  '[&_h3]:mt-3 [&_h3]:mb-2 [&_h3]:font-semibold [&_h3]:text-lg',
  '[&_h4]:mt-3 [&_h4]:mb-1 [&_h4]:font-semibold',
  '[&_p]:my-2 [&_a]:text-primary [&_a]:underline',
  '[&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_blockquote]:my-2 [&_blockquote]:border-l-4 [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground',
  '[&_pre]:my-2 [&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:bg-muted [&_pre]:p-3 [&_code]:font-mono',
  '[&_img]:my-2 [&_img]:h-auto [&_img]:max-w-full [&_video]:max-w-full [&_hr]:my-4',
  '[&_table]:my-2 [&_table]:w-full [&_table]:border-collapse [&_td]:border [&_td]:px-2 [&_th]:border [&_th]:px-2',
].join(' ');
