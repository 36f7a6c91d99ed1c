import { parseSearchWith, stringifySearchWith } from '@tanstack/react-router';

/**
 * Search values are JSON, as the router does by default, except digit strings too long for a double (order
 * numbers): parsing them as numbers would lose digits, so they stay strings and are written back unquoted — the
 * form the payment providers return to (`/order?order_no=2026…`).
 */
export function parseSearchValue(text: string): unknown {
  const value: unknown = JSON.parse(text);
  if (typeof value === 'number' && !Number.isSafeInteger(value) && /^-?\d+$/.test(text.trim())) {
    throw new Error('not a safe integer');
  }
  return value;
}

export const parseSearch = parseSearchWith(parseSearchValue);
export const stringifySearch = stringifySearchWith(JSON.stringify, parseSearchValue);
