import { createHash } from 'node:crypto';

/**
 * Text fingerprints for near-duplicate detection (issue 18): a 64-bit SimHash over shingles of 4 tokens, where a
 * token is one CJK character or one word of another script, after NFKC and lower-casing. Re-saved copies and the
 * same text in another format (DOCX and its PDF) differ in a few bits; unrelated texts in about half of them.
 */

const SHINGLE = 4;
/** Fewer shingles than this say too little to call two texts the same (an empty scan, a title page). */
const MIN_SHINGLES = 16;
/** Text read for the fingerprint: a copy is already told apart by its first half million characters. */
const MAX_CHARS = 500_000;
/** Bits two fingerprints may differ in and still be "likely the same document" (similarity ≥ 90 %). */
export const NEAR_DUPLICATE_BITS = 6;

const TOKEN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])[\p{L}\p{N}])+/gu;

/** The tokens of a text: CJK characters one by one, other words whole; punctuation, spacing and case ignored. */
export function fingerprintTokens(text: string): string[] {
  return text.slice(0, MAX_CHARS).normalize('NFKC').toLowerCase().match(TOKEN) ?? [];
}

/**
 * The SimHash of a text as a signed 64-bit integer in decimal (PostgreSQL bigint), or null when the text is too short
 * to compare.
 */
export function textFingerprint(text: string): string | null {
  const tokens = fingerprintTokens(text);
  const shingles = tokens.length - SHINGLE + 1;
  if (shingles < MIN_SHINGLES) return null;
  const weights = new Int32Array(64);
  for (let i = 0; i < shingles; i++) {
    const digest = createHash('md5')
      .update(tokens.slice(i, i + SHINGLE).join(' '))
      .digest();
    const hi = digest.readUInt32BE(0);
    const lo = digest.readUInt32BE(4);
    for (let bit = 0; bit < 32; bit++) {
      weights[bit] = (weights[bit] ?? 0) + ((hi >>> bit) & 1 ? 1 : -1);
      weights[bit + 32] = (weights[bit + 32] ?? 0) + ((lo >>> bit) & 1 ? 1 : -1);
    }
  }
  let hash = 0n;
  for (let bit = 0; bit < 64; bit++) if ((weights[bit] ?? 0) > 0) hash |= 1n << BigInt(bit);
  return BigInt.asIntN(64, hash).toString();
}

/** How many bits two fingerprints differ in. */
export function fingerprintDistance(a: string, b: string): number {
  let x = BigInt.asUintN(64, BigInt(a) ^ BigInt(b));
  let n = 0;
  while (x) {
    n += Number(x & 1n);
    x >>= 1n;
  }
  return n;
}

/** The similarity shown to reviewers: the share of fingerprint bits two texts have in common, in percent. */
export const similarityPercent = (distance: number) => Math.round((1 - distance / 64) * 100);
