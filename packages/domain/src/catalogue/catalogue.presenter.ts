import type { ICategory } from '@wenku/db';
import type { Snake } from '../presenter.ts';

const PG_UTC_TIMESTAMP = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d+))?\+00$/;

/** A category row as PostgreSQL returns it: column names are already the wire's snake_case. */
export type CategoryRow = Snake<ICategory> & { created_at: Date | string; updated_at: Date | string };
/**
 * A timestamp as the ISO string every other DTO carries (`presentRow`). The driver hands timestamptz over as
 * PostgreSQL's text, `2026-11-21 11:26:54.032+00` in the ORM's UTC sessions; that shape is rewritten as text (a
 * Date round trip for every field of a long list costs ~1 µs each), anything else goes through Date.
 */
function toIso(d: Date | string): string {
  if (d instanceof Date) return d.toISOString();
  const m = PG_UTC_TIMESTAMP.exec(d);
  if (!m) return new Date(d).toISOString();
  return `${m[1]}T${m[2]}.${(m[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
}

/** A category row of the public list → wire shape, cut to `fields` (with `id`) when the caller names some. */
export function presentCategoryRow(r: CategoryRow, fields: ReadonlySet<string> | null) {
  const dto = { ...r, created_at: toIso(r.created_at), updated_at: toIso(r.updated_at) };
  return fields ? Object.fromEntries(Object.entries(dto).filter(([k]) => fields.has(k))) : dto;
}
