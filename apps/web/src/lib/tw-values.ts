/**
 * The kinds of value the class merger's generated groups take under a prefix (lib/tw-merge.ts, written by
 * build/tw-merge-gen.ts): shared by the generator, which sorts the source's classes into them, and the merger.
 */

/** A number or a fraction (`p-4`, `w-1/2`, `gap-1.5`). */
export const isNumberValue = (v: string) => /^(\d+(\.\d+)?|\d+\/\d+)$/.test(v);

/** An arbitrary value (`w-[95%]`, `col-span-(--span)`). */
export const isArbitraryValue = (v: string) => /^(\[.+\]|\(.+\))$/.test(v);

/** A colour value without its opacity and shade: `primary/40` → `primary`, `amber-500/10` → `amber`. */
export const colorName = (v: string) => v.replace(/\/[\w.]+$/, '').replace(/-\d+$/, '');
