/**
 * Dates as the web shows and edits them, in the visitor's time zone: the one module every page formats dates with
 * (issue 21). Relative times (刚刚, N 分钟前) are `useRelativeTime` in `components/documents/format.ts`, as they need
 * the translations.
 */

const pad = (n: number) => String(n).padStart(2, '0');

const parse = (value: Date | string | null | undefined): Date | null => {
  if (!value) return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** A date as `YYYY-MM-DD` in the visitor's time zone (the day it is for them, not in UTC). */
export function formatDay(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A server timestamp as the visitor's `YYYY-MM-DD`; empty when it is missing or not a date. */
export function dayOf(timestamp: string | null | undefined): string {
  const d = parse(timestamp);
  return d ? formatDay(d) : '';
}

/** `YYYY-MM-DD HH:mm` in local time; empty for missing or invalid values. */
export function formatDateTime(value: string | null | undefined): string {
  const d = parse(value);
  return d ? `${formatDay(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}` : '';
}

/** A time as the `datetime-local` input shows it, in local time (`YYYY-MM-DDTHH:mm`); '' for none or invalid. */
export function toDateTimeLocal(value: Date | string | null | undefined): string {
  const d = parse(value);
  return d ? `${formatDay(d)}T${pad(d.getHours())}:${pad(d.getMinutes())}` : '';
}

/** A `datetime-local` input's value as an ISO time; null for none or invalid. */
export function fromDateTimeLocal(local: string): string | null {
  return parse(local)?.toISOString() ?? null;
}
