import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageProgress, type ProgressState, progressPercent } from './progress';

describe('progress timing (spec §4, §9)', () => {
  it('grows linearly over 5 s and stays short of 100 until finished', () => {
    expect(progressPercent(0)).toBe(0);
    expect(progressPercent(2500)).toBe(50);
    expect(progressPercent(4900)).toBe(98);
    expect(progressPercent(60_000)).toBe(99);
  });
});

describe('the progress bar', () => {
  let states: ProgressState[];
  let bar: PageProgress;
  beforeEach(() => {
    vi.useFakeTimers();
    states = [];
    bar = new PageProgress((s) => states.push(s));
  });
  afterEach(() => {
    bar.dispose();
    vi.useRealTimers();
  });

  it('stays hidden for loads shorter than 200 ms', () => {
    bar.start();
    vi.advanceTimersByTime(150);
    bar.finish();
    vi.advanceTimersByTime(1000);
    expect(states).toEqual([]);
  });

  it('appears after 200 ms, grows, completes at 100% and hides 500 ms later', () => {
    bar.start();
    vi.advanceTimersByTime(199);
    expect(bar.current.visible).toBe(false);
    vi.advanceTimersByTime(1);
    expect(bar.current).toEqual({ visible: true, percent: 0, failed: false });
    vi.advanceTimersByTime(2500);
    expect(bar.current.percent).toBeCloseTo(50, 0);
    bar.finish();
    expect(bar.current).toEqual({ visible: true, percent: 100, failed: false });
    vi.advanceTimersByTime(499);
    expect(bar.current.visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(bar.current.visible).toBe(false);
  });

  it('is marked failed on a request error and recovers for the next load', () => {
    bar.start();
    vi.advanceTimersByTime(300);
    bar.fail();
    expect(bar.current.failed).toBe(true);
    bar.finish();
    expect(bar.current).toMatchObject({ percent: 100, failed: true });
    vi.advanceTimersByTime(500);
    bar.start();
    vi.advanceTimersByTime(200);
    expect(bar.current.failed).toBe(false);
  });

  it('keeps showing when a new load starts while it is fading out', () => {
    bar.start();
    vi.advanceTimersByTime(300);
    bar.finish();
    vi.advanceTimersByTime(100);
    bar.start();
    vi.advanceTimersByTime(1000);
    expect(bar.current.visible).toBe(true);
    expect(bar.current.percent).toBeLessThan(100);
  });
});
