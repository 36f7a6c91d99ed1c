import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findPasswordStep, secondsLeft, useCountdown } from './email-code';

describe('secondsLeft', () => {
  it('rounds up and never goes below zero', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 20_000)).toBe(0);
  });
});

describe('findPasswordStep', () => {
  it('is step two only with both token and e-mail from the link', () => {
    expect(findPasswordStep({})).toBe('one');
    expect(findPasswordStep({ token: 'abc' })).toBe('one');
    expect(findPasswordStep({ email: 'a@b.cn' })).toBe('one');
    expect(findPasswordStep({ token: ' ', email: 'a@b.cn' })).toBe('one');
    expect(findPasswordStep({ token: 'abc', email: 'a@b.cn' })).toBe('two');
  });
});

describe('useCountdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts down from the started value to zero and stops', () => {
    const { result } = renderHook(() => useCountdown());
    expect(result.current.seconds).toBe(0);
    act(() => result.current.start(60));
    expect(result.current.seconds).toBe(60);
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(result.current.seconds).toBe(30);
    act(() => {
      vi.advanceTimersByTime(31_000);
    });
    expect(result.current.seconds).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
