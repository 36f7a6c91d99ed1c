/** Relative time of spec §9: just now under a minute, then minutes, hours, days, months, years. */
export type RelativeUnit = 'justNow' | 'minutes' | 'hours' | 'days' | 'months' | 'years';

export function relativeTime(from: Date | string | number, now: Date = new Date()): { unit: RelativeUnit; n: number } {
  const t = from instanceof Date ? from.getTime() : new Date(from).getTime();
  const s = Math.max(0, Math.floor((now.getTime() - t) / 1000));
  if (s < 60) return { unit: 'justNow', n: 0 };
  const m = Math.floor(s / 60);
  if (m < 60) return { unit: 'minutes', n: m };
  const h = Math.floor(m / 60);
  if (h < 24) return { unit: 'hours', n: h };
  const d = Math.floor(h / 24);
  if (d < 30) return { unit: 'days', n: d };
  const mo = Math.floor(d / 30);
  if (mo < 12) return { unit: 'months', n: mo };
  return { unit: 'years', n: Math.floor(d / 365) };
}

const ZH: Record<RelativeUnit, (n: number) => string> = {
  justNow: () => '刚刚',
  minutes: (n) => `${n} 分钟前`,
  hours: (n) => `${n} 小时前`,
  days: (n) => `${n} 天前`,
  months: (n) => `${n} 月前`,
  years: (n) => `${n} 年前`,
};

/** The Chinese text of moredoc (moredoc-facts §22); the web translates the unit through i18n instead. */
export function relativeTimeZh(from: Date | string | number, now?: Date): string {
  const r = relativeTime(from, now);
  return ZH[r.unit](r.n);
}

/** Copyright years of the footer: `start` or `start - current` (spec §2). */
export function copyrightYears(startYear: string | number | undefined, now: Date = new Date()): string {
  const current = now.getFullYear();
  const start = Number.parseInt(String(startYear ?? ''), 10);
  if (!Number.isFinite(start) || start <= 0 || start >= current) return String(current);
  return `${start} - ${current}`;
}

/**
 * The calendar day `YYYY-MM-DD` of `at` in the IANA time zone `timeZone` (the site's, for daily sign-in); an
 * unknown zone falls back to the server's local day.
 */
export function calendarDay(at: Date, timeZone?: string): string {
  if (timeZone) {
    try {
      return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
        at,
      );
    } catch {
      // fall through: an invalid zone must not break sign-in
    }
  }
  const p = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${p(at.getMonth() + 1)}-${p(at.getDate())}`;
}
