import { queryTokens } from './segmenter.ts';
import { quoteLexeme } from './tsvector.ts';

/**
 * A search box query: words (each may segment into several tokens, all required), `"quoted phrases"` (tokens in
 * order, next to each other) and `-exclusions` (a word or a quoted phrase). Everything the engine needs comes from
 * here: the `tsquery` literal and the terms to highlight.
 */
export interface ParsedQuery {
  /** Each entry: tokens that must all occur (a word) or occur in order (a phrase). */
  must: { tokens: string[]; phrase: boolean }[];
  not: { tokens: string[]; phrase: boolean }[];
  /** The query's own words and phrases as typed (trimmed), longest first, for highlighting the original text. */
  highlight: string[];
}

/** Splits `wd` into words, phrases and exclusions; full-width quotes and minus signs count too. */
export function parseQuery(wd: string): ParsedQuery {
  const text = wd
    .normalize('NFKC')
    .replace(/[“”„「」『』]/g, '"')
    .replace(/[－—]/g, '-');
  const must: ParsedQuery['must'] = [];
  const not: ParsedQuery['not'] = [];
  const highlight = new Set<string>();
  const re = /(-?)"([^"]*)"?|(\S+)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const quoted = m[2] !== undefined;
    let raw = quoted ? (m[2] ?? '') : (m[3] ?? '');
    let negative = m[1] === '-';
    if (!quoted && raw.startsWith('-') && raw.length > 1) {
      negative = true;
      raw = raw.slice(1);
    }
    const tokens = queryTokens(raw);
    if (tokens.length === 0) continue;
    const entry = { tokens, phrase: quoted || negative };
    if (negative) not.push(entry);
    else {
      must.push(entry);
      const shown = raw.trim();
      if (shown) highlight.add(shown);
      for (const t of tokens) highlight.add(t);
    }
  }
  return { must, not, highlight: [...highlight].sort((a, b) => b.length - a.length) };
}

function group(entry: { tokens: string[]; phrase: boolean }, positions = true): string {
  const parts = entry.tokens.map(quoteLexeme);
  return parts.length === 1 ? (parts[0] ?? '') : `(${parts.join(entry.phrase && positions ? ' <-> ' : ' & ')})`;
}

/** The `tsquery` literal, or null when nothing positive is asked (only exclusions, only punctuation). */
export function tsqueryLiteral(q: ParsedQuery): string | null {
  if (q.must.length === 0) return null;
  return [...q.must.map((m) => group(m)), ...q.not.map((n) => `!${group(n)}`)].join(' & ');
}

/** Whether the query needs word positions (a phrase of several tokens): the index alone cannot answer it. */
export function needsPositions(q: ParsedQuery): boolean {
  return [...q.must, ...q.not].some((e) => e.phrase && e.tokens.length > 1);
}

/**
 * The same query without positions, which the GIN index answers exactly without reading the vectors: phrases become
 * "all these words", phrase exclusions are left to the exact query. Its matches include every exact match.
 */
export function baseTsqueryLiteral(q: ParsedQuery): string | null {
  if (q.must.length === 0) return null;
  const not = q.not.filter((n) => n.tokens.length === 1).map((n) => `!${group(n)}`);
  return [...q.must.map((m) => group(m, false)), ...not].join(' & ');
}
