import { describe, expect, it } from 'vitest';
import { dayOf, formatDateTime, formatDay } from './dates';

describe('formatDay', () => {
  it('pads month and day', () => {
    expect(formatDay(new Date(2026, 0, 5))).toBe('2026-01-05');
    expect(formatDay(new Date(2026, 10, 21, 23, 59))).toBe('2026-11-21');
  });
});

describe('dayOf', () => {
  it('reads a timestamp in local time', () => {
    const d = new Date(2026, 2, 9, 8, 30);
    expect(dayOf(d.toISOString())).toBe('2026-03-09');
  });
  it('is empty for a missing or broken timestamp', () => {
    expect(dayOf('')).toBe('');
    expect(dayOf(null)).toBe('');
    expect(dayOf('not a date')).toBe('');
  });
});

describe('dates in a given time zone', () => {
  it('writes the day and time of that zone (a page painted by a server elsewhere)', () => {
    const at = '2026-11-26T16:30:00.000Z';
    expect(formatDateTime(at, 'Asia/Shanghai')).toBe('2026-11-27 00:30');
    expect(formatDateTime(at, 'UTC')).toBe('2026-11-26 16:30');
    expect(formatDateTime(at, 'America/New_York')).toBe('2026-11-26 11:30');
    expect(dayOf(at, 'Asia/Shanghai')).toBe('2026-11-27');
    expect(dayOf(at, 'UTC')).toBe('2026-11-26');
    // Midnight is 00, not 24.
    expect(formatDateTime('2026-11-26T16:00:00.000Z', 'Asia/Shanghai')).toBe('2026-11-27 00:00');
    expect(formatDateTime('not a date', 'UTC')).toBe('');
  });
});
