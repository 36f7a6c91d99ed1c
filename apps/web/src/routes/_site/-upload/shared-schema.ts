import { z } from 'zod';

/**
 * The fields every picked file shares (moredoc-facts §21.3 base form), plus the agreement. In a module of its own:
 * only the page imports it, so neither it nor zod is in the route definition the entry chunk carries (issue 17).
 */
export const sharedSchema = z.object({
  category_id: z.array(z.number().int().positive()).min(1, '请选择文档分类'),
  price: z.coerce.number().int().min(0, '价格不能小于0').max(1_000_000, '价格过高'),
  language: z.string().max(16),
  keywords: z.string().trim().max(255),
  description: z.string().trim().max(1024),
  agree: z.boolean().refine((v) => v, 'agreement'),
});
export type SharedInput = z.input<typeof sharedSchema>;
export type Shared = z.output<typeof sharedSchema>;
