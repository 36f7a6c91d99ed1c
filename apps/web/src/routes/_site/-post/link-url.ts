const isControl = (ch: string) => {
  const code = ch.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
};

/**
 * The address a link in the editor may point to. The server's sanitizer keeps only http(s) and mailto links (and
 * paths of this site); checking here tells the author at once instead of silently losing the link on save.
 * Returns the address to store, or null when it is not acceptable.
 */
export function normalizeLinkUrl(raw: string): string | null {
  const value = raw.trim();
  // Control characters and spaces inside an address are how `java\tscript:` tricks start; refuse them outright.
  if (!value || /\s/.test(value) || [...value].some(isControl)) return null;
  if (/^mailto:/i.test(value)) return /^mailto:[^@/]+@[^@/]+\.[^@/]+$/i.test(value) ? value : null;
  if (/^https?:\/\//i.test(value)) {
    try {
      const url = new URL(value);
      return url.hostname ? value : null;
    } catch {
      return null;
    }
  }
  // A path of this site (not `//host`, which would leave it).
  if (value.startsWith('/')) return value.startsWith('//') || value.startsWith('/\\') ? null : value;
  // Any other scheme (javascript:, data:, ftp:, …) is refused.
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) && !/^[^:/]+:\d+(\/|$)/.test(value)) return null;
  if (/^[^@/:]+@[^@/:]+\.[a-z]{2,}$/i.test(value)) return `mailto:${value}`;
  // A bare host such as `example.com/page` or `localhost:8080`.
  if (/^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?([/?#].*)?$/i.test(value) || /^localhost(:\d+)?([/?#].*)?$/i.test(value)) {
    return normalizeLinkUrl(`https://${value}`);
  }
  return null;
}
