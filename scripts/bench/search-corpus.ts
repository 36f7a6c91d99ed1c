// A synthetic corpus with natural word frequencies for the search benchmark: Chinese words sampled by the
// frequencies of jieba's dictionary (349k words counted on real text), English words by their counts in the README
// files under node_modules. Deterministic for a seed. Not part of the product.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** mulberry32: small, fast, deterministic. */
export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Vocabulary {
  words: string[];
  cumulative: Float64Array;
}

function vocabulary(entries: [string, number][]): Vocabulary {
  entries.sort((a, b) => b[1] - a[1]);
  const cumulative = new Float64Array(entries.length);
  let sum = 0;
  entries.forEach(([, n], i) => {
    sum += n;
    cumulative[i] = sum;
  });
  for (let i = 0; i < cumulative.length; i++) cumulative[i] = (cumulative[i] ?? 0) / sum;
  return { words: entries.map(([w]) => w), cumulative };
}

export function sample(v: Vocabulary, r: number): string {
  let lo = 0;
  let hi = v.cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((v.cumulative[mid] ?? 1) < r) lo = mid + 1;
    else hi = mid;
  }
  return v.words[lo] ?? '';
}

/** Chinese words of the jieba dictionary (Han only, 1–4 characters) with their frequencies. */
export function chineseVocabulary(limit = 60_000): Vocabulary {
  const require = createRequire(import.meta.url);
  const dict = readFileSync(require.resolve('@node-rs/jieba/dict.txt'), 'utf8');
  const entries: [string, number][] = [];
  for (const line of dict.split('\n')) {
    const [w, f] = line.split(' ');
    if (!w || !f || !/^\p{Script=Han}{1,4}$/u.test(w)) continue;
    entries.push([w, Number(f)]);
  }
  entries.sort((a, b) => b[1] - a[1]);
  return vocabulary(entries.slice(0, limit));
}

function readmes(dir: string, out: string[], depth = 0) {
  if (depth > 4) return;
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return;
  }
  for (const name of names) {
    const p = join(dir, name);
    if (/^readme\.md$/i.test(name)) out.push(p);
    else if (!name.startsWith('.') && statSync(p, { throwIfNoEntry: false })?.isDirectory()) readmes(p, out, depth + 1);
  }
}

/** English words (2–14 letters, lower case) counted over the README files of node_modules. */
export function englishVocabulary(root: string, limit = 11_000): Vocabulary {
  const files: string[] = [];
  readmes(join(root, 'node_modules'), files);
  const counts = new Map<string, number>();
  for (const f of files)
    for (const m of readFileSync(f, 'utf8').matchAll(/\b[A-Za-z]{2,14}\b/g)) {
      const w = m[0].toLowerCase();
      counts.set(w, (counts.get(w) ?? 0) + 1);
    }
  return vocabulary([...counts].sort((a, b) => b[1] - a[1]).slice(0, limit));
}

export interface CorpusDoc {
  title: string;
  body: string;
  /** The words it was made of (for picking query terms by document frequency). */
  words: Set<string>;
  /** Adjacent Chinese word pairs, for phrase queries. */
  pairs: string[];
}

/** One document: a 30–60 byte title and a body of about `bodyBytes`, 25% English tokens. */
export function makeDocument(zh: Vocabulary, en: Vocabulary, next: () => number, bodyBytes = 2048): CorpusDoc {
  const words = new Set<string>();
  const pairs: string[] = [];
  const token = () => {
    const english = next() < 0.25;
    const w = sample(english ? en : zh, next());
    words.add(w);
    return { w, english };
  };
  let title = '';
  while (Buffer.byteLength(title) < 30) title += token().w;
  title = [...title].slice(0, 20).join('');
  let body = '';
  let bytes = 0;
  let previous: { w: string; english: boolean } | null = null;
  let sentence = 0;
  while (bytes < bodyBytes) {
    const t = token();
    const piece = t.english ? ` ${t.w} ` : t.w;
    if (previous && !previous.english && !t.english && pairs.length < 8) pairs.push(previous.w + t.w);
    body += piece;
    bytes += Buffer.byteLength(piece);
    previous = t;
    if (++sentence > 8 + next() * 12) {
      body += next() < 0.5 ? '，' : '。';
      sentence = 0;
      previous = null;
    }
  }
  return { title, body, words, pairs };
}
