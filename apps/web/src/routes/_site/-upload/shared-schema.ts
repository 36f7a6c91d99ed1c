import { z } from 'zod';

/**
 * The fields every picked file shares (moredoc-facts §21.3 base form), plus the agreement. In a module of its own:
 * only the page imports it, so neither it nor zod is in the route definition the entry chunk carries (issue 17).
 */
export const sharedSchema = z.object({
  category_id: z.array(z.number().int().positive()).min(1, 'documents.choose_category'),
  price: z.coerce.number().int().min(0, 'documents.price_cannot_negative').max(1_000_000, 'documents.price_too_high'),
  language: z.string().max(16),
  keywords: z.string().trim().max(255),
  description: z.string().trim().max(1024),
  agree: z.boolean().refine((v) => v, 'agreement'),
});
export type SharedInput = z.input<typeof sharedSchema>;
export type Shared = z.output<typeof sharedSchema>;
