import { describe, expect, it } from 'vitest';
import {
  dayTick,
  MAX_RANGE_DAYS,
  quickRangeDates,
  rangeDays,
  rangeProblem,
  seriesSums,
  spansYears,
  trendRows,
} from './stats-trend';

const today = new Date(2026, 10, 21, 15, 30);

describe('quickRangeDates', () => {
  it('ends today and includes it in the count', () => {
    expect(quickRangeDates('7d', today)).toEqual({ start: '2026-11-15', end: '2026-11-21' });
    expect(quickRangeDates('30d', today)).toEqual({ start: '2026-10-23', end: '2026-11-21' });
    expect(quickRangeDates('90d', today)).toEqual({ start: '2026-08-24', end: '2026-11-21' });
  });
  it('goes back one year to the day after', () => {
    expect(quickRangeDates('1y', today)).toEqual({ start: '2025-11-22', end: '2026-11-21' });
  });
  it('covers exactly the number of days it names', () => {
    expect(rangeDays(quickRangeDates('7d', today))).toBe(7);
    expect(rangeDays(quickRangeDates('30d', today))).toBe(30);
    expect(rangeDays(quickRangeDates('90d', today))).toBe(90);
    expect(rangeDays(quickRangeDates('1y', today))).toBe(365);
  });
  it('stays within what the server accepts in a leap year', () => {
    const range = quickRangeDates('1y', new Date(2028, 2, 1));
    expect(range).toEqual({ start: '2027-03-02', end: '2028-03-01' });
    expect(rangeDays(range)).toBeLessThanOrEqual(MAX_RANGE_DAYS);
  });
  it('crosses a month start and a year start', () => {
    expect(quickRangeDates('7d', new Date(2026, 0, 3))).toEqual({ start: '2025-12-28', end: '2026-01-03' });
  });
});

describe('rangeDays', () => {
  it('counts both ends', () => {
    expect(rangeDays({ start: '2026-03-01', end: '2026-03-01' })).toBe(1);
    expect(rangeDays({ start: '2026-02-27', end: '2026-03-02' })).toBe(4);
  });
  it('is 0 for a reversed range', () => {
    expect(rangeDays({ start: '2026-03-02', end: '2026-03-01' })).toBe(0);
  });
});

describe('rangeProblem', () => {
  it('accepts a range up to 366 days', () => {
    expect(rangeProblem({ start: '2026-01-01', end: '2026-01-31' })).toBeNull();
    expect(rangeProblem({ start: '2027-03-01', end: '2028-02-29' })).toBeNull();
  });
  it('asks for both dates', () => {
    expect(rangeProblem({ start: '2026-01-01' })).toBe('missing');
    expect(rangeProblem({ start: '', end: '2026-01-01' })).toBe('missing');
    expect(rangeProblem({ start: '2026-1-1', end: '2026-01-02' })).toBe('missing');
  });
  it('refuses an end before the start', () => {
    expect(rangeProblem({ start: '2026-02-01', end: '2026-01-31' })).toBe('order');
  });
  it('refuses more than a year', () => {
    expect(rangeProblem({ start: '2025-01-01', end: '2026-01-02' })).toBe('tooLong');
  });
});

describe('trendRows and seriesSums', () => {
  const data = {
    days: ['2026-11-20', '2026-11-21'],
    series: { users: [1, 2], documents: [0, 3], downloads: [5], articles: [0, 0], comments: [4, 1], orders: [0, 2] },
  };
  it('makes one row per day with every series, missing values as 0', () => {
    expect(trendRows(data)).toEqual([
      { day: '2026-11-20', users: 1, documents: 0, downloads: 5, articles: 0, comments: 4, orders: 0 },
      { day: '2026-11-21', users: 2, documents: 3, downloads: 0, articles: 0, comments: 1, orders: 2 },
    ]);
  });
  it('copes with a series the server did not send', () => {
    expect(trendRows({ days: ['2026-11-21'], series: {} })).toEqual([
      { day: '2026-11-21', users: 0, documents: 0, downloads: 0, articles: 0, comments: 0, orders: 0 },
    ]);
  });
  it('adds each series up over the range', () => {
    expect(seriesSums(trendRows(data))).toEqual({
      users: 3,
      documents: 3,
      downloads: 5,
      articles: 0,
      comments: 5,
      orders: 2,
    });
    expect(seriesSums([])).toEqual({ users: 0, documents: 0, downloads: 0, articles: 0, comments: 0, orders: 0 });
  });
});

describe('day labels', () => {
  it('drops the year unless the range spans two', () => {
    expect(dayTick('2026-11-21', false)).toBe('11-21');
    expect(dayTick('2026-11-21', true)).toBe('2026-11-21');
    expect(spansYears({ start: '2025-12-01', end: '2026-01-01' })).toBe(true);
    expect(spansYears({ start: '2026-01-01', end: '2026-12-31' })).toBe(false);
  });
});
