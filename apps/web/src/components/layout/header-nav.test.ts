import { describe, expect, it } from 'vitest';
import { itemsThatFit } from './header-nav';

describe('header navigation overflow', () => {
  it('shows every item when they all fit', () => {
    expect(itemsThatFit([60, 80, 70], 210)).toBe(3);
  });

  it('keeps room for 更多 and moves whole items into it, never a cut one', () => {
    // 60 + 80 + 84 (更多) = 224 fits in 250; a third item of 70 would not.
    expect(itemsThatFit([60, 80, 70, 90], 250)).toBe(2);
    expect(itemsThatFit([60, 80, 70, 90], 100)).toBe(0);
  });
});
