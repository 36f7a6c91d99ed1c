import { describe, expect, it } from 'vitest';
import { dayOf, formatDay } from './dates';

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
