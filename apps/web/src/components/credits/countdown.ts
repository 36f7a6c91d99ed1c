/** The time left before a pending order closes, split into whole units (moredoc-pro-facts §2.2). */
export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole days, hours, minutes and seconds in `ms`; null once nothing is left. */
export function countdownParts(ms: number): CountdownParts | null {
  if (!Number.isFinite(ms)) return null;
  const total = Math.floor(ms / 1000);
  if (total <= 0) return null;
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

export type CountdownUnit = 'days' | 'hours' | 'minutes' | 'seconds';

/**
 * `{d}天{h}小时{m}分{s}秒` with days and hours left out while they are 0; minutes and seconds always show (`0分`,
 * `0秒`). `unit` words one amount in the reader's language.
 */
export function countdownText(parts: CountdownParts, unit: (u: CountdownUnit, n: number) => string): string {
  const shown: CountdownUnit[] = [];
  if (parts.days > 0) shown.push('days');
  if (parts.days > 0 || parts.hours > 0) shown.push('hours');
  shown.push('minutes', 'seconds');
  return shown
    .map((u) => unit(u, parts[u]))
    .join('')
    .trim();
}
