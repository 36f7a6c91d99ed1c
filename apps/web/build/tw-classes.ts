// The class names the web app writes, and the tailwind-merge configuration made of them (src/lib/tw-merge.ts): what
// the generator (tw-merge-gen.ts) and the test that checks the configuration against tailwind-merge's own
// (src/lib/tw-merge.test.ts) both read. Node code, not part of the bundle.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ClassNameValue, createTailwindMerge, getDefaultConfig, twMerge } from 'tailwind-merge';
import { colorName, isArbitraryValue, isNumberValue } from '../src/lib/tw-values';

/** Every .ts/.tsx file under `dir`. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.(gen|test)\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/**
 * The words of the source that could be a class name: every file split at white space and quotes. A superset of the
 * classes (it holds words of code and messages too; what is not a class merges as itself under both configurations).
 * Splitting only the strings' contents missed classes: an apostrophe in a comment opened a "string" that swallowed
 * the next real one's opening quote.
 */
export function classWords(srcDir: string): string[] {
  const words = new Set<string>();
  for (const file of sourceFiles(srcDir)) {
    for (const word of readFileSync(file, 'utf8').split(/[\s'"`]+/)) {
      if (word && word.length < 100 && /^[-!\w[\]:/.%&>*@()#,=+~^<]+$/.test(word)) words.add(word);
    }
  }
  return [...words].sort();
}

/** A class without its variants (`hover:`, `md:`, `[&_svg]:`) and its `!`: what tailwind-merge files in a group. */
export function baseClass(word: string): string {
  let depth = 0;
  let start = 0;
  for (let i = 0; i < word.length; i++) {
    const c = word[i];
    if (c === '[' || c === '(') depth++;
    else if (c === ']' || c === ')') depth--;
    else if (c === ':' && depth === 0) start = i + 1;
  }
  return word.slice(start).replace(/^!|!$/g, '');
}

/** Whether tailwind-merge's own configuration files `cls` in a group (a repeated class is then dropped). */
const recognised = (merge: (...c: ClassNameValue[]) => string, cls: string) => merge(`${cls} ${cls}`) === cls;

export interface Groups {
  /**
   * Group name (tailwind-merge's) → its classes, or a kind of value under a prefix: `p-#` a number or fraction,
   * `w-[]` an arbitrary value, `bg-@` one of `colors` (with a shade and an opacity or not).
   */
  classGroups: Record<string, string[]>;
  colors: string[];
  conflictingClassGroups: Record<string, string[]>;
  conflictingClassGroupModifiers: Record<string, string[]>;
  orderSensitiveModifiers: string[];
}

/**
 * The groups of tailwind-merge's configuration that the classes in `words` fall into, each with only those classes
 * (a prefix where one group has it to itself), and the conflicts between them.
 */
export function groupsOf(words: string[]): Groups {
  const config = getDefaultConfig();
  const names = Object.keys(config.classGroups);
  const bases = [...new Set(words.map(baseClass))].filter((b) => b && recognised(twMerge, b));
  // Each class's group: the one that, made to conflict with every other group, drops a class put before it that the
  // default configuration keeps there (a probe of another group, not in conflict with it).
  const probes = ['hidden', 'p-1', 'italic', 'underline', 'w-1'];
  const probeOf = new Map(
    bases.map((b) => [b, probes.find((x) => twMerge(`${x} ${b}`) === `${x} ${b}`) ?? 'hidden'] as const),
  );
  const groupOf = new Map<string, string>();
  for (const g of names) {
    const merge = createTailwindMerge(() => ({
      ...config,
      conflictingClassGroups: { ...config.conflictingClassGroups, [g]: names.filter((n) => n !== g) },
    }));
    for (const b of bases) {
      const x = probeOf.get(b) as string;
      if (!groupOf.has(b) && merge(`${x} ${b}`) === b) groupOf.set(b, g);
    }
  }
  const members = new Map<string, string[]>();
  for (const [b, g] of groupOf) members.set(g, (members.get(g) ?? []).concat(b));
  const used = [...members.keys()].sort();

  // A class is listed as it is, or as a kind of value under its prefix when several are (`p-#`: a number or fraction,
  // `w-[]`: an arbitrary value, `bg-@`: a colour of `colors`). A prefix and kind belong to one group (the one with
  // the most classes of it); another group's classes of the same prefix and kind are listed one by one, which
  // tailwind-merge tries first.
  const colorGroup = (g: string) => /color$|^(gradient-(from|via|to)|fill|stroke|accent|caret)$/.test(g);
  const headOf = (list: string[]) => {
    const counts = new Map<string, number>();
    for (const b of list) {
      const head = b.split('-')[0] as string;
      if (b.includes('-')) counts.set(head, (counts.get(head) ?? 0) + 1);
    }
    return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  };
  const colors = new Set<string>();
  const kinds = new Map<string, Map<string, string[]>>(); // group → entry (`p-#`) → its classes
  for (const g of used) {
    const entries = new Map<string, string[]>();
    const add = (entry: string, b: string) => entries.set(entry, [...(entries.get(entry) ?? []), b]);
    const list = [...new Set((members.get(g) ?? []).map((b) => b.replace(/^-/, '')))];
    // Colours sit after a prefix of one or two parts (`text-`, `border-b-`): the one most of the group's classes have.
    const head = colorGroup(g) ? headOf(list) : undefined;
    for (const b of list) {
      const arbitrary = /^(.+?)-([[(].*)$/.exec(b);
      const number = /^(.+)-([\d./]+)$/.exec(b);
      if (arbitrary && isArbitraryValue(arbitrary[2] as string)) add(`${arbitrary[1]}-[]`, b);
      else if (head && b.startsWith(`${head}-`)) {
        const rest = b.slice(head.length + 1);
        const side = /^(x|y|t|r|b|l|s|e)-(.+)$/.exec(rest);
        const prefix = side && list.some((o) => o.startsWith(`${head}-${side[1]}-`)) ? `${head}-${side[1]}` : head;
        colors.add(colorName(b.slice(prefix.length + 1)));
        add(`${prefix}-@`, b);
      } else if (number && isNumberValue(number[2] as string) && !colorGroup(g)) add(`${number[1]}-#`, b);
      else add(b, b);
    }
    kinds.set(g, entries);
  }
  const owner = new Map<string, string>();
  for (const [g, entries] of kinds) {
    for (const [entry, list] of entries) {
      if (!/-[#@]$|-\[\]$/.test(entry)) continue;
      const held = owner.get(entry);
      if (!held || (kinds.get(held)?.get(entry)?.length ?? 0) < list.length) owner.set(entry, g);
    }
  }
  const classGroups: Record<string, string[]> = {};
  for (const [g, entries] of kinds) {
    const out = new Set<string>();
    for (const [entry, list] of entries) {
      // A kind with a single class is that class.
      if (owner.get(entry) === g && list.length > 1) out.add(entry);
      else for (const b of list) out.add(b);
    }
    classGroups[g] = [...out].sort();
  }
  // A group of one class that conflicts with no other group here merges nothing: left out, the class is kept as
  // tailwind-merge keeps a class of no group.
  const conflicts = (g: string) =>
    (config.conflictingClassGroups[g as keyof typeof config.conflictingClassGroups] ?? []) as readonly string[];
  for (const g of used) {
    const lone = (classGroups[g] ?? []).length === 1 && !/-(#|@|\[\])$/.test(classGroups[g]?.[0] ?? '');
    const tied = used.some((o) => o !== g && (conflicts(g).includes(o) || conflicts(o).includes(g)));
    if (lone && !tied && !config.conflictingClassGroupModifiers[g as 'font-size']) {
      delete classGroups[g];
      members.delete(g);
    }
  }
  const keep = (list: readonly string[] | undefined) => (list ?? []).filter((n) => members.has(n));
  const conflictingClassGroups: Record<string, string[]> = {};
  for (const g of members.keys()) {
    const list = keep(conflicts(g));
    if (list.length) conflictingClassGroups[g] = list;
  }
  const conflictingClassGroupModifiers: Record<string, string[]> = {};
  for (const g of members.keys()) {
    const list = keep(
      config.conflictingClassGroupModifiers[g as keyof typeof config.conflictingClassGroupModifiers] as
        | readonly string[]
        | undefined,
    );
    if (list.length) conflictingClassGroupModifiers[g] = list;
  }
  return {
    classGroups,
    colors: [...colors].sort(),
    conflictingClassGroups,
    conflictingClassGroupModifiers,
    orderSensitiveModifiers: [...config.orderSensitiveModifiers],
  };
}

/**
 * The pairs of classes the two merges treat differently (the first `limit`): for every two classes of the source, in
 * both orders, the one merge keeps what the other keeps. tailwind-merge decides pair by pair (a class goes when a
 * later one is of its group or a conflicting one, under the same variants), so pairs that agree make lists agree; and
 * it reads variants, `!` and the rest the same way whatever the configuration, so the classes without them are
 * compared.
 */
export function disagreements(
  words: string[],
  ours: (...c: ClassNameValue[]) => string,
  limit = 20,
): { pair: string; theirs: string; ours: string }[] {
  // Only classes one of the two merges files in a group can be dropped; the rest stay under both.
  const classes = [...new Set(words.map(baseClass))].filter((w) => recognised(twMerge, w) || recognised(ours, w));
  const out: { pair: string; theirs: string; ours: string }[] = [];
  for (const a of classes) {
    for (const b of classes) {
      if (a === b) continue;
      const pair = `${a} ${b}`;
      const theirs = twMerge(pair);
      const mine = ours(pair);
      if (theirs !== mine) {
        out.push({ pair, theirs, ours: mine });
        if (out.length >= limit) return out;
      }
    }
  }
  return out;
}
