import { formatDay } from '@/lib/dates';

/** The dashboard's daily figures, in the order the chart and the totals show them. */
export const TREND_SERIES = ['users', 'documents', 'downloads', 'articles', 'comments', 'orders'] as const;
export type TrendSeries = (typeof TREND_SERIES)[number];

/** One colour per series, readable on the light and the dark theme alike. */
export const SERIES_COLORS: Record<TrendSeries, string> = {
  users: '#6366f1',
  documents: '#0ea5e9',
  downloads: '#10b981',
  articles: '#f59e0b',
  comments: '#ec4899',
  orders: '#ef4444',
};

/** The quick ranges of the dashboard chart: 最近7天, 最近30天, 最近90天, 最近一年. */
export const QUICK_RANGES = ['7d', '30d', '90d', '1y'] as const;
export type QuickRange = (typeof QUICK_RANGES)[number];
export const DEFAULT_QUICK_RANGE: QuickRange = '30d';

/** `system.statsTrend` refuses ranges longer than this (a leap year, both ends included). */
export const MAX_RANGE_DAYS = 366;

export interface DateRange {
  start: string;
  end: string;
}

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const QUICK_DAYS: Record<Exclude<QuickRange, '1y'>, number> = { '7d': 7, '30d': 30, '90d': 90 };

const parseDay = (s: string) => {
  const [y, m, d] = s.split('-').map(Number);
  return new Date(y ?? 0, (m ?? 1) - 1, d ?? 1);
};

/** The dates of a quick range ending today, both ends included: 7 days is today and the 6 before it. */
export function quickRangeDates(range: QuickRange, today: Date = new Date()): DateRange {
  const end = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  const start = new Date(end);
  if (range === '1y') {
    // One year back, the day after: 2025-11-22 … 2026-11-21.
    start.setFullYear(start.getFullYear() - 1);
    start.setDate(start.getDate() + 1);
  } else {
    start.setDate(start.getDate() - (QUICK_DAYS[range] - 1));
  }
  return { start: formatDay(start), end: formatDay(end) };
}

/** How many days a range covers, both ends included (0 when the end comes first). */
export function rangeDays({ start, end }: DateRange): number {
  const ms = parseDay(end).getTime() - parseDay(start).getTime();
  // Rounding absorbs the hour a daylight-saving change adds or takes away.
  return Math.max(0, Math.round(ms / 86_400_000) + 1);
}

export type RangeProblem = 'missing' | 'order' | 'tooLong';

/** Why a custom range cannot be asked for, or null when it can. */
export function rangeProblem(range: Partial<DateRange>): RangeProblem | null {
  if (!range.start || !range.end || !DAY_RE.test(range.start) || !DAY_RE.test(range.end)) return 'missing';
  if (range.end < range.start) return 'order';
  if (rangeDays({ start: range.start, end: range.end }) > MAX_RANGE_DAYS) return 'tooLong';
  return null;
}

export type TrendRow = { day: string } & Record<TrendSeries, number>;

/** One chart row per day, each series' count of that day (0 where a series is missing or short). */
export function trendRows(data: { days: string[]; series: Record<string, number[] | undefined> }): TrendRow[] {
  return data.days.map((day, i) => {
    const row = { day } as TrendRow;
    for (const key of TREND_SERIES) row[key] = data.series[key]?.[i] ?? 0;
    return row;
  });
}

/** Each series' sum over the range. */
export function seriesSums(rows: readonly TrendRow[]): Record<TrendSeries, number> {
  const sums = Object.fromEntries(TREND_SERIES.map((k) => [k, 0])) as Record<TrendSeries, number>;
  for (const row of rows) for (const key of TREND_SERIES) sums[key] += row[key];
  return sums;
}

/** The axis label of a day: `MM-DD`, with the year when the range spans more than one. */
export function dayTick(day: string, multiYear: boolean): string {
  return multiYear ? day : day.slice(5);
}

/** Whether a range's first and last days fall in different years. */
export const spansYears = ({ start, end }: DateRange) => start.slice(0, 4) !== end.slice(0, 4);
