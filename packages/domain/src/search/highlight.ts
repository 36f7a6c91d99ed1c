/** Highlighting for result titles and snippets: HTML-escaped text with the query's terms in `<mark>`. */
import { escapeHtml } from '../presenter.ts';

function matcher(terms: readonly string[]): RegExp | null {
  const parts = [...new Set(terms.filter((t) => t.length > 0))]
    .sort((a, b) => b.length - a.length)
    .map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return parts.length ? new RegExp(parts.join('|'), 'giu') : null;
}

/** The whole text escaped, every occurrence of a term (longest first, any case) wrapped in `<mark>`. */
export function highlight(text: string, terms: readonly string[]): string {
  const re = matcher(terms);
  if (!re) return escapeHtml(text);
  let out = '';
  let at = 0;
  for (const m of text.matchAll(re)) {
    const i = m.index ?? 0;
    out += `${escapeHtml(text.slice(at, i))}<mark>${escapeHtml(m[0])}</mark>`;
    at = i + m[0].length;
  }
  return out + escapeHtml(text.slice(at));
}

/** Collapses runs of white space (page breaks, indentation) to one space for a one-paragraph snippet. */
function flatten(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * About `length` characters of `text` around the first occurrence of a term, highlighted, with `…` where the text
 * was cut. Without any occurrence: the start of the text.
 */
export function snippet(text: string, terms: readonly string[], length: number): string {
  const flat = flatten(text);
  const chars = [...flat];
  if (chars.length === 0) return '';
  const re = matcher(terms);
  let first = -1;
  if (re) {
    const m = re.exec(flat);
    if (m) first = [...flat.slice(0, m.index)].length;
  }
  const start = first < 0 ? 0 : Math.max(0, Math.min(first - Math.floor(length / 4), chars.length - length));
  const end = Math.min(chars.length, start + length);
  const body = chars.slice(start, end).join('');
  return `${start > 0 ? '…' : ''}${highlight(body, terms)}${end < chars.length ? '…' : ''}`;
}
