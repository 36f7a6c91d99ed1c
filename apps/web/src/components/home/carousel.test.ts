import { describe, expect, it } from 'vitest';
import { shouldAutoAdvance, wrapIndex } from './carousel';

describe('wrapIndex', () => {
  it('steps forward and wraps to the first slide after the last', () => {
    expect(wrapIndex(0, 1, 3)).toBe(1);
    expect(wrapIndex(2, 1, 3)).toBe(0);
  });
  it('steps backward and wraps to the last slide before the first', () => {
    expect(wrapIndex(0, -1, 3)).toBe(2);
    expect(wrapIndex(1, -4, 3)).toBe(0);
  });
  it('stays at 0 with one slide or none', () => {
    expect(wrapIndex(0, 1, 1)).toBe(0);
    expect(wrapIndex(5, 1, 0)).toBe(0);
  });
  it('brings an index left over from a longer list back in range', () => {
    expect(wrapIndex(7, 0, 3)).toBe(1);
  });
});

describe('shouldAutoAdvance', () => {
  it('runs with two slides or more', () => {
    expect(shouldAutoAdvance({ count: 2, paused: false, reducedMotion: false })).toBe(true);
  });
  it('stops for one slide, a pause (hover, focus, hidden tab) or reduced motion', () => {
    expect(shouldAutoAdvance({ count: 1, paused: false, reducedMotion: false })).toBe(false);
    expect(shouldAutoAdvance({ count: 3, paused: true, reducedMotion: false })).toBe(false);
    expect(shouldAutoAdvance({ count: 3, paused: false, reducedMotion: true })).toBe(false);
  });
});
