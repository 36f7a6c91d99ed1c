import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Jieba } from '@node-rs/jieba';

/**
 * Chinese and English word segmentation for the full-text index (`@node-rs/jieba`, ARCHITECTURE.md §5): search mode
 * (`cutForSearch`) to index, so a long word also yields its dictionary sub-words, and precise mode (`cut`) to query.
 * Sub-words take the position of the word they come from, so a phrase query matches whichever way its words split.
 */

let instance: Jieba | null = null;

/**
 * One of jieba's dictionaries (`dict.txt`, 5 MB; `idf.txt`, 6 MB), read for the segmenter to copy into its own tables.
 * Not through `@node-rs/jieba/dict.js`: that module reads both files and its exports keep them, 11 MB of buffers
 * held for the life of the process after the first indexing or search (issue 17).
 */
export function jiebaDictionary(name: 'dict.txt' | 'idf.txt'): Buffer {
  const require = createRequire(import.meta.url);
  return readFileSync(join(dirname(require.resolve('@node-rs/jieba/dict.js')), name));
}

/** The segmenter, loaded on first use (0.2 s, about 50 MB). */
export function jieba(): Jieba {
  if (!instance) {
    const require = createRequire(import.meta.url);
    const { Jieba: JiebaClass } = require('@node-rs/jieba') as typeof import('@node-rs/jieba');
    instance = JiebaClass.withDict(jiebaDictionary('dict.txt'));
  }
  return instance;
}

/** Longest lexeme kept; longer runs (hashes, base64) are noise for a reader's search. */
const MAX_TOKEN = 64;
const STRIP = /[^\p{L}\p{N}\p{M}+#_.]/gu;

/** One token as the index stores it: NFKC (full-width to half-width), lower case, letters/digits and `+#_.` only. */
export function normalizeToken(raw: string): string {
  const t = raw
    .normalize('NFKC')
    .toLowerCase()
    .replace(STRIP, '')
    .replace(/^[._]+|[._]+$/g, '');
  return t.length > 0 && t.length <= MAX_TOKEN ? t : '';
}

/** Text as the segmenter should see it: full-width letters and digits folded, so `ＡＢＣ１２３` segments like `ABC123`. */
export function prepareText(text: string): string {
  return text.normalize('NFKC');
}

/** PostgreSQL keeps at most 256 positions per lexeme and positions up to 16383. */
const MAX_POSITIONS = 256;
export const MAX_POSITION = 16383;

/**
 * The lexemes of a text with their word positions, starting after `start`: precise words advance the position,
 * search-mode sub-words share their word's position. Returns the last position used.
 */
export function indexTokens(text: string, into: Map<string, number[]>, start = 0): { last: number } {
  const prepared = prepareText(text);
  if (!prepared.trim()) return { last: start };
  const j = jieba();
  const precise = j.cut(prepared, true);
  const search = j.cutForSearch(prepared, true);
  let pos = start;
  let k = 0;
  let current = 0;
  for (const token of search) {
    // Normally the precise word itself; a token that is not even part of it means the two cuts disagree, so it counts
    // as a word too and the positions keep advancing.
    const expected = precise[k];
    const isWord = expected === undefined || token === expected || !expected.includes(token);
    const lexeme = normalizeToken(token);
    if (isWord) {
      if (token === expected) k++;
      if (lexeme) {
        pos = Math.min(pos + 1, MAX_POSITION);
        current = pos;
      }
    }
    if (!lexeme) continue;
    // A sub-word comes before its word; it takes the position the word is about to get.
    const at = isWord ? current : Math.min(pos + 1, MAX_POSITION);
    let list = into.get(lexeme);
    if (!list) {
      list = [];
      into.set(lexeme, list);
    }
    if (list.length < MAX_POSITIONS && list[list.length - 1] !== at) list.push(at);
  }
  return { last: pos };
}

/** The words of a query in precise mode, normalized; empty tokens (punctuation, spaces) dropped. */
export function queryTokens(text: string): string[] {
  const out: string[] = [];
  for (const t of jieba().cut(prepareText(text), true)) {
    const n = normalizeToken(t);
    if (n) out.push(n);
  }
  return out;
}
