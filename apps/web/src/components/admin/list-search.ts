import { z } from 'zod';
import { PAGE_SIZES } from './pagination';

/**
 * URL search params of an admin list (ARCHITECTURE.md rule 10): lenient on the client, so a hand-edited URL falls
 * back to defaults instead of failing; the server validates strictly again.
 */
export const listSearchSchema = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  size: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
    .catch(10)
    .default(10),
  wd: z.string().max(100).optional().catch(undefined),
  order: z
    .string()
    .max(64)
    .regex(/^[a-z_]+( (asc|desc))?$/)
    .optional()
    .catch(undefined),
});
export type ListSearch = z.infer<typeof listSearchSchema>;

/** An optional number filter in the URL (status, type, group). */
export const optionalNumber = z.coerce.number().int().min(0).optional().catch(undefined);
/** An optional yes/no filter in the URL. */
export const optionalBool = z.boolean().optional().catch(undefined);

/** Drops empty values so the URL stays short and the input omits unset filters. */
export function compact<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '')) as Partial<T>;
}

/** Paging defaults, kept out of the URL by the list routes. */
export const LIST_DEFAULTS = { page: 1, size: 10 } as const;
