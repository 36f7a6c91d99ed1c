/** Formatting helpers for admin tables (dates are `@/lib/dates`). */

// Defined with the public pages' helpers: one module, one chunk for both (issue 17).
export { formatBytes } from '@/components/documents/format';
