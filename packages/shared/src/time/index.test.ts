import { describe, expect, it } from 'vitest';
import { calendarDay, copyrightYears, relativeTime, relativeTimeZh } from './index.ts';

const now = new Date('2026-11-21T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('relative time (spec §9)', () => {
  it.each([
    [30_000, '刚刚'],
    [59_999, '刚刚'],
    [60_000, '1 分钟前'],
    [59 * 60_000, '59 分钟前'],
    [3 * 3_600_000, '3 小时前'],
    [2 * 86_400_000, '2 天前'],
    [45 * 86_400_000, '1 月前'],
    [400 * 86_400_000, '1 年前'],
  ])('%i ms ago is %s', (ms, text) => {
    expect(relativeTimeZh(ago(ms), now)).toBe(text);
  });

  it('treats future times as just now', () => {
    expect(relativeTime(new Date(now.getTime() + 10_000), now).unit).toBe('justNow');
  });
});

describe('copyright years', () => {
  it('shows start year to current year, or just the year', () => {
    expect(copyrightYears('2019', now)).toBe('2019 - 2026');
    expect(copyrightYears(2026, now)).toBe('2026');
    expect(copyrightYears('', now)).toBe('2026');
  });
});

describe('calendarDay', () => {
  it('takes the day in the given zone', () => {
    const at = new Date('2026-11-21T17:30:00Z');
    expect(calendarDay(at, 'Asia/Shanghai')).toBe('2026-11-22');
    expect(calendarDay(at, 'America/New_York')).toBe('2026-11-21');
    expect(calendarDay(at, 'UTC')).toBe('2026-11-21');
  });
  it('falls back to the local day for an unknown zone', () => {
    const at = new Date(2026, 10, 21, 12);
    expect(calendarDay(at, 'Mars/Olympus')).toBe('2026-11-21');
    expect(calendarDay(at)).toBe('2026-11-21');
  });
});
