/**
 * Where data may send a browser (issue 15 item 6): every href the site writes from stored data (navigation, banners,
 * friend links, footer and float-bar settings) is an `http:`/`https:` address or a path on this site. Anything else
 * can run script (`javascript:`, `vbscript:`, `data:`) or leave the site unnoticed (`//evil.example`).
 */
export const LINK_MESSAGES = {
  required: 'links.required',
  unsafe: 'links.unsafe',
  absolute: 'links.absolute',
  origin: 'links.origin',
} as const;

/**
 * C0 controls and DEL (browsers strip tabs and newlines out of URLs, so `java\tscript:` and `/\t/evil` would become
 * `javascript:` and `//evil`) and backslashes (read as `/` in http(s) URLs: `/\evil` is `//evil`).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused here.
const FOLDED_CHARACTERS = /[\u0000-\u001f\u007f\\]/;

const hasHttpHost = (href: string): boolean => {
  if (!/^https?:\/\//i.test(href)) return false;
  try {
    return new URL(href).hostname !== '';
  } catch {
    return false;
  }
};

/**
 * The href itself (trimmed) when a browser following it stays on http(s): an absolute `http:`/`https:` URL with a
 * host, or a site path (`/…` but not `//…`, another host). Anything else, including the empty string, is null.
 */
export function safeHref(value: string | null | undefined): string | null {
  const href = (value ?? '').trim();
  if (!href || FOLDED_CHARACTERS.test(href)) return null;
  if (href.startsWith('/')) return href.startsWith('//') ? null : href;
  return hasHttpHost(href) ? href : null;
}

/** An absolute `http:`/`https:` URL (friend links point to other sites), else null. */
export function safeAbsoluteUrl(value: string | null | undefined): string | null {
  const href = safeHref(value);
  return href && !href.startsWith('/') ? href : null;
}

/**
 * The site's origin as configured in `system.domain` (`https://www.example.com`, a trailing slash allowed), or ''
 * when it is empty or not such an origin. Absolute URLs are built from this only, never from a request's Host.
 */
export function configuredOrigin(domain: string | null | undefined): string {
  const href = safeAbsoluteUrl(domain);
  if (!href) return '';
  const url = new URL(href);
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) return '';
  return url.origin;
}
