import { z } from 'zod';

/** Query values may arrive as strings (REST) or numbers (tRPC): coerce once, here. */
export const zId = z.coerce.number().int().positive();
export const zIdOrZero = z.coerce.number().int().min(0);
/** Boolean from JSON or a query string ('true'/'false'/'1'/'0'). */
export const zBool = z.preprocess((v) => {
  if (v === 'true' || v === '1' || v === 1) return true;
  if (v === 'false' || v === '0' || v === 0 || v === '') return false;
  return v;
}, z.boolean());
/** An array parameter; REST repeats the key (`?id=1&id=2`), a single value arrives as a scalar. */
export const zArray = <T extends z.ZodType>(item: T, min?: { n: number; message: string }) =>
  z.preprocess(
    (v) => (v === undefined || v === null || Array.isArray(v) ? v : [v]),
    min ? z.array(item).min(min.n, min.message) : z.array(item),
  );

/**
 * A language filter (`language=zh-CN&language=en`). `all` and empty values mean no filter: MOREDOC's search page
 * always sends `language=all` (or an empty one) when the visitor has not picked a language.
 */
export const zLanguageFilter = zArray(z.string().max(16)).transform((codes) =>
  codes.filter((c) => c !== '' && c.toLowerCase() !== 'all'),
);

export const idInput = z.object({ id: zId });
export const idsInput = z.object({ id: zArray(zId, { n: 1, message: 'common.choose_items_act_on' }) });

export const listInput = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(1000).default(10),
  wd: z.string().trim().max(100).optional(),
  /** moredoc style `field desc`; unknown fields are ignored, the default order applies. */
  order: z.string().max(64).optional(),
});
export type ListInput = z.infer<typeof listInput>;

export const emptyOutput = z.object({});
export const timestamp = z.string();

/** `{ total, <key>: [...] }`, moredoc's list shape (ARCHITECTURE.md rule 3). */
export const listOutput = <K extends string, T extends z.ZodType>(key: K, item: T) =>
  z.object({ total: z.number().int() }).extend({ [key]: z.array(item) } as { [P in K]: z.ZodArray<T> });

/** Mainland mobile number: 11 digits, first 1, second 3–9 (spec §5). */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const isMobile = (s: string) => MOBILE_PATTERN.test(s);
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
