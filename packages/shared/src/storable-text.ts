import { DomainError } from './errors.ts';

/**
 * What PostgreSQL text cannot hold: NUL (refused by the server, so the statement fails with a 500), and UTF-16
 * halves without their pair (they have no UTF-8 form; inside JSON sent to PostgreSQL they fail the cast as well).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is the character looked for.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether a string can be stored as PostgreSQL text as it is. */
export const isStorableText = (text: string): boolean => !UNSTORABLE.test(text);

/** The string with what PostgreSQL text cannot hold removed (for data that is kept rather than refused). */
export const toStorableText = (text: string): string =>
  isStorableText(text) ? text : text.replace(new RegExp(UNSTORABLE.source, 'g'), '');

/**
 * The dotted path of the first string or object key in request input (JSON, query string) that PostgreSQL text
 * cannot hold, or null when there is none. Iterative: how deep the input nests is the sender's choice.
 */
export function findUnstorableText(input: unknown): string | null {
  const stack: [unknown, string][] = [[input, '']];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [value, path] = item;
    if (typeof value === 'string') {
      if (!isStorableText(value)) return path || 'input';
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => {
        stack.push([v, path ? `${path}.${i}` : String(i)]);
      });
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, v] of Object.entries(value)) {
        if (!isStorableText(key)) return path || 'input';
        stack.push([v, path ? `${path}.${key}` : key]);
      }
    }
  }
  return null;
}

/**
 * Refuses request input holding characters PostgreSQL text cannot hold, before anything reads or writes it: the one
 * check every procedure passes (packages/api trpc.ts), for plain HTTP handlers to call on what they take in.
 * Throws VALIDATION_FAILED.
 */
export function assertStorableInput(input: unknown): void {
  const field = findUnstorableText(input);
  if (field !== null) throw new DomainError('VALIDATION_FAILED', 'common.bad_characters', field);
}
