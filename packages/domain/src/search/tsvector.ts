import { indexTokens } from './segmenter.ts';

export type Weight = 'A' | 'B' | 'C' | 'D';

/** Quotes a lexeme for a tsvector or tsquery literal. */
export function quoteLexeme(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * A `tsvector` literal for the given fields, in order, each with its weight (A title, B keywords, C description,
 * D content). Positions run on across fields; a lexeme keeps every weight it occurs with.
 */
export function tsvectorLiteral(fields: readonly { text: string; weight: Weight }[]): string {
  const lexemes = new Map<string, string[]>();
  let last = 0;
  for (const f of fields) {
    const one = new Map<string, number[]>();
    last = indexTokens(f.text, one, last).last;
    const suffix = f.weight === 'D' ? '' : f.weight;
    for (const [lexeme, positions] of one) {
      let list = lexemes.get(lexeme);
      if (!list) {
        list = [];
        lexemes.set(lexeme, list);
      }
      for (const p of positions) if (list.length < 256) list.push(`${p}${suffix}`);
    }
  }
  const parts: string[] = [];
  for (const [lexeme, positions] of lexemes) parts.push(`${quoteLexeme(lexeme)}:${positions.join(',')}`);
  return parts.join(' ');
}
