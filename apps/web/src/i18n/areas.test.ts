import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import account from './zh-CN/account';
import backOffice from './zh-CN/back-office';

/**
 * The zh-CN texts of some groups, and of some sub-groups of the shell's groups, are not in the public shell (issue 17):
 * they are registered by `i18n/areas/<area>` when a module imports it. A module that names a key of such a group
 * must import its area (for `useTranslation` or for the side effect), or its page may show the key instead of the
 * text, depending on how the bundler splits it.
 */
const SRC = join(import.meta.dirname, '..');

/** `documents.upload`, `credits.order`…: the sub-groups a zh-CN file adds to the shell's groups. */
const subGroups = (texts: Record<string, object>) =>
  Object.entries(texts).flatMap(([group, subs]) => Object.keys(subs).map((sub) => `${group}.${sub}`));

const AREA_OF: Record<string, string> = {
  me: 'member',
  interaction: 'interaction',
  oauth: 'member',
  moderation: 'moderation',
  'moderation.report': 'moderation-report',
  spider: 'spider',
  ...Object.fromEntries(subGroups(account).map((prefix) => [prefix, 'account'])),
};

/** The back office's sub-groups, loaded with its texts (loadAdminTexts) by its layout. */
const BACK_OFFICE_PREFIXES = subGroups(backOffice);

function sourceFiles(): string[] {
  return readdirSync(SRC, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .filter((f) => !relative(SRC, f).startsWith('i18n/'));
}

const literal = (s: string) => s.replaceAll('.', '\\.');
const keyPattern = (prefixes: string[]) => new RegExp(`['"\`](${prefixes.map(literal).join('|')})\\.[a-zA-Z0-9$]`, 'g');
// The longest prefix first: `moderation.report.button` is moderation-report's, not moderation's.
const PATTERN = keyPattern(Object.keys(AREA_OF).sort((a, b) => b.length - a.length));
/** A key whose group is computed (`${ns}.mine.title`): counted as the sub-group's area whatever the group. */
const DYNAMIC_AREA_OF = Object.fromEntries(
  Object.entries(AREA_OF)
    .filter(([prefix]) => prefix.includes('.'))
    .map(([prefix, area]) => [prefix.split('.')[1], area]),
);
const DYNAMIC = new RegExp(`\`\\$\\{[^}]+\\}\\.(${Object.keys(DYNAMIC_AREA_OF).join('|')})\\.`, 'g');

/** Areas another area holds (member imports interaction's texts, moderation has moderation-report's). */
const PROVIDED_BY: Record<string, string[]> = { interaction: ['member'], 'moderation-report': ['moderation'] };

/** The areas a module's source names keys of but does not import. */
function missingAreas(text: string): string[] {
  const areas = new Set([
    ...[...text.matchAll(PATTERN)].map((m) => AREA_OF[m[1] as string] as string),
    ...[...text.matchAll(DYNAMIC)].map((m) => DYNAMIC_AREA_OF[m[1] as string] as string),
  ]);
  return [...areas].filter(
    (area) => ![area, ...(PROVIDED_BY[area] ?? [])].some((a) => text.includes(`'@/i18n/areas/${a}'`)),
  );
}

const BACK_OFFICE_KEY = new RegExp(keyPattern(BACK_OFFICE_PREFIXES).source);

/** Route files (TanStack ignores paths with a segment starting with `-`): what they import stays in the route tree. */
const isRouteFile = (file: string) => {
  const path = relative(SRC, file);
  return path.startsWith('routes/') && !path.split('/').some((segment) => segment.startsWith('-'));
};

describe('texts of the areas outside the shell', () => {
  it('every module naming a key of such a group imports that area', () => {
    const missing = sourceFiles().flatMap((file) =>
      missingAreas(readFileSync(file, 'utf8')).map((area) => `${relative(SRC, file)} → i18n/areas/${area}`),
    );
    expect(missing).toEqual([]);
  });

  it('no route file imports an area for its side effect only (the route tree, in the public shell, would keep it)', () => {
    const bare = sourceFiles()
      .filter(isRouteFile)
      .filter((file) => /^import '@\/i18n\/areas\//m.test(readFileSync(file, 'utf8')));
    expect(bare.map((file) => relative(SRC, file))).toEqual([]);
  });

  it('keys of the back office sub-groups are named only by the back office, which loads them first', () => {
    const outside = sourceFiles()
      .filter((file) => !relative(SRC, file).startsWith('routes/admin/'))
      .filter((file) => BACK_OFFICE_KEY.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file));
    expect(outside).toEqual([]);
  });

  it('tells a module without its area from one with it', () => {
    const uses = "const label = t('interaction.comment.deleted'); const s = t(`spider.title`);";
    expect(missingAreas(uses)).toEqual(['interaction', 'spider']);
    expect(missingAreas(`import { useTranslation } from '@/i18n/areas/interaction';\n${uses}`)).toEqual(['spider']);
    expect(missingAreas("t('moderation.report.button')")).toEqual(['moderation-report']);
    expect(missingAreas("import '@/i18n/areas/moderation';\nt('moderation.report.button')")).toEqual([]);
    expect(missingAreas("import '@/i18n/areas/moderation-report';\nt('moderation.reports.title')")).toEqual([
      'moderation',
    ]);
    // The member area brings interaction's texts along.
    expect(missingAreas(`import { useTranslation } from '@/i18n/areas/member';\n${uses}`)).toEqual(['spider']);
    expect(missingAreas("import '@/i18n/areas/interaction';\nt('me.profile.title')")).toEqual(['member']);
    expect(missingAreas("t('documents.title'); const path = '/me';")).toEqual([]);
    // Sub-groups of the shell's groups, named whole, built from a variable, or under a computed group.
    expect(missingAreas("t('documents.upload.heading')")).toEqual(['account']);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a module, not a template
    expect(missingAreas('t(`credits.vipKind.${k}`)')).toEqual(['account']);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a module, not a template
    expect(missingAreas('t(`${ns}.mine.title`)')).toEqual(['account']);
    expect(missingAreas("import '@/i18n/areas/account';\nt('auth.register.title')")).toEqual([]);
    // What the shell keeps of the same groups.
    expect(missingAreas("t('documents.read.title'); t('auth.login.title'); t('credits.recharge.title')")).toEqual([]);
  });

  it('tells a route file from the modules beside it', () => {
    expect(isRouteFile(join(SRC, 'routes/_site/post.tsx'))).toBe(true);
    expect(isRouteFile(join(SRC, 'routes/_site/-post/post-form.ts'))).toBe(false);
    expect(isRouteFile(join(SRC, 'routes/_site/me/-components/my-items-card.tsx'))).toBe(false);
  });
});
