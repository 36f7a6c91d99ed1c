const pad = (n: number) => String(n).padStart(2, '0');

/** A date as `YYYY-MM-DD` in the visitor's time zone (the day it is for them, not in UTC). */
export function formatDay(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A server timestamp as the visitor's `YYYY-MM-DD`; empty when it is missing or not a date. */
export function dayOf(timestamp: string | null | undefined): string {
  if (!timestamp) return '';
  const d = new Date(timestamp);
  return Number.isNaN(d.getTime()) ? '' : formatDay(d);
}
