import * as z from './url-schema';

/**
 * The URL search params of the routes (issue 17), in the small parser of `url-schema.ts` (the shape of `zod/mini`,
 * without zod: every route definition and its search schema are in the public shell).
 *
 * Every param is lenient (ARCHITECTURE.md rule 10): a hand-edited or malformed value falls back to undefined (or the
 * given default) instead of failing the page; the server validates strictly again.
 */
export { z };

/** A whole number in [min, max] (strings from the URL coerced), else undefined. */
export const optionalInt = (min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z.catch(z.optional(z.coerce.number().check(z.int(), z.minimum(min), z.maximum(max))), undefined);

/** A text of at most `max` characters (any length without), else undefined. */
export const optionalText = (max?: number) =>
  z.catch(z.optional(max === undefined ? z.string() : z.string().check(z.maxLength(max))), undefined);

/** One of the given values, else undefined. */
export const optionalEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.catch(z.optional(z.enum(values)), undefined);

/** A yes/no filter (JSON `true`/`false` in the URL), else undefined. */
export const optionalBool = () => z.catch(z.optional(z.boolean()), undefined);

/** Several whole numbers in [min, max] (`?status=[1,2]`), at most `maxItems` when given, else undefined. */
export const optionalInts = (min = 0, max = Number.MAX_SAFE_INTEGER, maxItems?: number) => {
  const list = z.array(z.coerce.number().check(z.int(), z.minimum(min), z.maximum(max)));
  return z.catch(z.optional(maxItems === undefined ? list : list.check(z.maxLength(maxItems))), undefined);
};

/** A value TanStack Router may have JSON-parsed (`?code=123` arrives as a number), as given, else undefined. */
export const optionalStringOrNumber = () => z.catch(z.optional(z.union([z.string(), z.number()])), undefined);
