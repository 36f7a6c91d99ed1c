import { describe, expect, it } from 'vitest';
import { collectGarbage } from './collect-garbage.ts';

describe('collectGarbage', () => {
  it('collects what nothing refers to, at once', async () => {
    let garbage: number[] | null = Array.from({ length: 100_000 }, (_, i) => i);
    const ref = new WeakRef(garbage);
    garbage = null;
    // A WeakRef's target is kept until the current job ends.
    await new Promise((r) => setTimeout(r, 0));
    collectGarbage();
    expect(ref.deref()).toBeUndefined();
  });

  it('leaves no global gc behind', () => {
    collectGarbage();
    expect('gc' in globalThis).toBe(false);
  });
});
