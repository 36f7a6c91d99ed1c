import { ARTICLE_HTML, sanitizeHtmlOptions } from '@wenku/shared/html';
import sanitizeHtml from 'sanitize-html';

/**
 * Article HTML as stored and served: the shared allow-list (packages/shared html/allow-list.ts), which the web app
 * applies with DOMPurify to the same effect. Scripts, event handlers, inline styles beyond text alignment, colour and
 * width, and any URL scheme but http(s)/mailto are dropped, so nothing a member writes runs in another reader's
 * browser.
 */
const OPTIONS: sanitizeHtml.IOptions = sanitizeHtmlOptions(ARTICLE_HTML);

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** The plain text of HTML, white space collapsed (for descriptions and the search index). */
export function htmlToText(html: string): string {
  return sanitizeHtml(html.replace(/<\/(p|div|h[1-6]|li|tr|blockquote|pre)>|<br\s*\/?>/gi, '$& '), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
