// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { twMerge as defaultMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { baseClass, classWords, disagreements } from '../../build/tw-classes';
import { twMerge } from './tw-merge';

const words = classWords(fileURLToPath(new URL('..', import.meta.url)));

describe('the class merge of the app (lib/tw-merge.ts)', () => {
  it('merges every two classes the source writes as tailwind-merge’s default configuration does', () => {
    // On failure: `npm run gen:tw-merge -w apps/web` (a class of a group not listed yet) writes the groups anew.
    expect(disagreements(words, twMerge)).toEqual([]);
  }, 120_000);

  it('resolves the conflicts a component meets: sizes, paddings, colours, variants and important', () => {
    const cases = [
      'h-9 px-4 py-2 h-8 px-3',
      'p-4 px-2',
      'px-2 p-4',
      'text-sm text-muted-foreground text-xs text-primary',
      'text-sm/6 leading-7',
      'leading-7 text-sm/6',
      'bg-primary hover:bg-primary/90 bg-card hover:bg-accent',
      'rounded-md rounded-full border border-2 border-primary',
      'hidden md:flex flex',
      '!p-2 p-4',
      'w-full max-w-md w-44 sm:w-1/2',
      'shadow-xs shadow-md ring-2 ring-primary ring-0',
      'gap-2 gap-x-4 gap-3',
    ];
    for (const c of cases) expect(twMerge(c), c).toBe(defaultMerge(c));
  });

  it('finds the classes among the words of the source', () => {
    expect(words).toContain('text-muted-foreground');
    expect(words).toContain('hover:bg-accent');
    expect(baseClass('md:[&_svg]:size-4')).toBe('size-4');
    expect(baseClass('!p-2')).toBe('p-2');
    expect(baseClass('[mask-type:luminance]')).toBe('[mask-type:luminance]');
  });
});
