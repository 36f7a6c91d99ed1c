import { createTailwindMerge } from 'tailwind-merge';
import { TW_GROUPS } from './tw-merge-groups.gen';
import { colorName, isArbitraryValue, isNumberValue } from './tw-values';

const COLORS = new Set(TW_GROUPS.colors);

/** The kinds of value a group takes under a prefix (see build/tw-classes.ts). */
const KINDS: Record<string, (value: string) => boolean> = {
  '#': isNumberValue,
  '[]': isArbitraryValue,
  '@': (v) => COLORS.has(colorName(v)),
};

/** A generated entry as tailwind-merge's configuration writes it: `p-#` → `{ p: [a number] }`, else the class. */
function definition(entry: string) {
  const kind = /^(.+)-(#|\[\]|@)$/.exec(entry);
  return kind ? { [kind[1] as string]: [KINDS[kind[2] as string] as (v: string) => boolean] } : entry;
}

/**
 * tailwind-merge with a configuration of the groups the app's classes fall into (tw-merge-groups.gen.ts, written
 * from the source by build/tw-merge-gen.ts) instead of its whole default one: the same result for every class the
 * app writes (tw-merge.test.ts checks each pair of them against the default), at a third of the script on every
 * page, and ready at once (the default builds its map of some 250 groups on the first call, a long task of its own
 * while a phone takes over a painted page: issue 17).
 */
export const twMerge = createTailwindMerge(() => ({
  cacheSize: 500,
  theme: {},
  classGroups: Object.fromEntries(
    Object.entries(TW_GROUPS.classGroups).map(([group, entries]) => [group, entries.map(definition)]),
  ),
  conflictingClassGroups: TW_GROUPS.conflictingClassGroups,
  conflictingClassGroupModifiers: TW_GROUPS.conflictingClassGroupModifiers,
  orderSensitiveModifiers: TW_GROUPS.orderSensitiveModifiers,
}));
