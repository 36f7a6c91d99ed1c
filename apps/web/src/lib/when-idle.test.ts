import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('work for when the browser is idle', () => {
  it('waits for the browser to be idle where it can tell, within a second, and can be called off', () => {
    const idle = new Map<number, () => void>();
    const options: unknown[] = [];
    let next = 0;
    vi.stubGlobal('requestIdleCallback', (run: () => void, o: unknown) => {
      options.push(o);
      idle.set(++next, run);
      return next;
    });
    vi.stubGlobal('cancelIdleCallback', (id: number) => idle.delete(id));
    const run = vi.fn();
    whenIdle(run);
    expect(run).not.toHaveBeenCalled();
    expect(options).toEqual([{ timeout: 1000 }]);
    for (const r of idle.values()) r();
    expect(run).toHaveBeenCalledTimes(1);
    idle.clear();
    const cancelled = vi.fn();
    whenIdle(cancelled)();
    expect(idle.size).toBe(0);
  });

  it('runs in a task of its own where there is no idle callback, never in the caller', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('requestIdleCallback', undefined);
    const run = vi.fn();
    whenIdle(run);
    expect(run).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(run).toHaveBeenCalledTimes(1);
    const cancelled = vi.fn();
    whenIdle(cancelled)();
    vi.runAllTimers();
    expect(cancelled).not.toHaveBeenCalled();
  });
});
