type CamelToSnake<S extends string> = S extends `${infer H}${infer T}`
  ? `${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}${CamelToSnake<T>}`
  : S;
type Wire<V> = V extends Date ? string : V;
/** The wire shape of an entity: snake_case keys, dates as ISO strings. */
export type Snake<T> = {
  [K in keyof T as K extends string ? CamelToSnake<K> : never]-?: Wire<Exclude<T[K], undefined>>;
};

/** Entity → wire DTO: camelCase properties become the spec's snake_case names, dates ISO strings (rule 3). */
export function presentRow<T extends object>(row: T): Snake<T> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    const key = k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    out[key] = v instanceof Date ? v.toISOString() : v === undefined ? null : v;
  }
  return out as Snake<T>;
}

/** The query every admin/member list takes: a page, its size, the search words `wd` and a moredoc-style `order`. */
export interface ListQuery {
  page: number;
  size: number;
  wd?: string;
  order?: string;
}

/** A list page as MikroORM's `limit`/`offset`. */
export const pageWindow = (q: { page: number; size: number }) => ({ limit: q.size, offset: (q.page - 1) * q.size });

/** The wire name of an entity property and back: `parent_id` ↔ `parentId`. */
export const toCamel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * moredoc-style `order` (`view_count desc`): fields outside `allowed` are ignored, no direction means desc, and the
 * fallback applies when nothing valid was given (moredoc-facts §1).
 */
export function parseOrder(
  order: string | undefined,
  allowed: readonly string[],
  fallback: Record<string, 'asc' | 'desc'>,
): Record<string, 'asc' | 'desc'> {
  const [field, dir] = (order ?? '').trim().split(/\s+/);
  if (!field || !allowed.includes(field)) return fallback;
  const primary = { [toCamel(field)]: dir?.toLowerCase() === 'asc' ? 'asc' : 'desc' } as Record<string, 'asc' | 'desc'>;
  return field === 'id' ? primary : { ...primary, id: 'desc' };
}

/** `parseOrder` as an SQL ORDER BY list on a table alias (fields come from the allow-list only). */
export function orderBySql(
  order: string | undefined,
  allowed: readonly string[],
  fallback: Record<string, 'asc' | 'desc'>,
  alias: string,
): string {
  return Object.entries(parseOrder(order, allowed, fallback))
    .map(([k, v]) => `${alias}.${k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)} ${v === 'asc' ? 'asc' : 'desc'}`)
    .join(', ');
}

/** Optional fields of an input copied onto an entity patch under their camelCase names. */
export function patchFrom<T extends Record<string, unknown>>(input: T, fields: readonly (keyof T & string)[]) {
  const patch: Record<string, unknown> = {};
  for (const f of fields) if (input[f] !== undefined) patch[toCamel(f)] = input[f];
  return patch;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML: the five characters that could open markup or an attribute are escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}
