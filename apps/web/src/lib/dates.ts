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

const zoned = new Map<string, Intl.DateTimeFormat>();

/**
 * `YYYY-MM-DD` and `HH:mm` of `d` in `timeZone` (an IANA name), or in the visitor's own zone when none is given. A
 * page the server painted is taken over with its zone (lib/render-clock.ts), so its text matches what was painted.
 */
function partsOf(d: Date, timeZone?: string): { day: string; time: string } {
  if (!timeZone) return { day: formatDay(d), time: `${pad(d.getHours())}:${pad(d.getMinutes())}` };
  let format = zoned.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    zoned.set(timeZone, format);
  }
  const p: Record<string, string> = {};
  for (const part of format.formatToParts(d)) p[part.type] = part.value;
  return { day: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/** A server timestamp as the visitor's `YYYY-MM-DD` (or `timeZone`'s); empty when it is missing or not a date. */
export function dayOf(timestamp: string | null | undefined, timeZone?: string): string {
  const d = parse(timestamp);
  return d ? partsOf(d, timeZone).day : '';
}

/** `YYYY-MM-DD HH:mm` in local time (or `timeZone`'s); empty for missing or invalid values. */
export function formatDateTime(value: string | null | undefined, timeZone?: string): string {
  const d = parse(value);
  if (!d) return '';
  const { day, time } = partsOf(d, timeZone);
  return `${day} ${time}`;
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
