import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inIdleBatches } from './idle-batches';

let clock = 0;
beforeEach(() => {
  clock = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => clock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A piece of work that takes `ms` of the clock. */
const costly = (ms: number) => (n: number) => {
  clock += ms;
  return n * 2;
};

describe('work in idle batches', () => {
  it('runs a slice at a time, never in the caller, and hands over every result in order', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const slices: number[] = [];
    let slice = 0;
    const done = vi.fn();
    inIdleBatches(
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      (n) => {
        slices.push(slice);
        return costly(3)(n);
      },
      done,
    );
    expect(slices).toEqual([]);
    while (vi.getTimerCount() > 0) {
      slice++;
      vi.runOnlyPendingTimers();
    }
    // 3 ms each, 8 ms a slice: three items in each of the first three slices, the last alone.
    expect(slices).toEqual([1, 1, 1, 2, 2, 2, 3, 3, 3, 4]);
    expect(done).toHaveBeenCalledTimes(1);
    expect(done).toHaveBeenCalledWith([2, 4, 6, 8, 10, 12, 14, 16, 18, 20]);
  });

  it('moves on by one item a slice even when one takes longer than a slice', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const done = vi.fn();
    inIdleBatches([1, 2, 3], costly(30), done);
    vi.runOnlyPendingTimers();
    vi.runOnlyPendingTimers();
    expect(done).not.toHaveBeenCalled();
    vi.runOnlyPendingTimers();
    expect(done).toHaveBeenCalledWith([2, 4, 6]);
  });

  it('stops when cancelled, and answers an empty list at once', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const work = vi.fn(costly(30));
    const done = vi.fn();
    const cancel = inIdleBatches([1, 2, 3], work, done);
    vi.runOnlyPendingTimers();
    cancel();
    vi.runAllTimers();
    expect(work).toHaveBeenCalledTimes(1);
    expect(done).not.toHaveBeenCalled();
    const empty = vi.fn();
    inIdleBatches([], work, empty);
    expect(empty).toHaveBeenCalledWith([]);
  });

  it('waits for the browser to be idle where it can tell', () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const done = vi.fn();
    inIdleBatches([1, 2], (n) => n + 1, done);
    expect(idle).toHaveLength(1);
    idle.shift()?.();
    expect(done).toHaveBeenCalledWith([2, 3]);
  });
});
