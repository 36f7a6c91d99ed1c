import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The zh-CN texts of some groups are not in the public shell (issue 17): they are registered by `i18n/areas/<area>`
 * when a module imports it. A module that names a key of such a group must import its area (for `useTranslation` or
 * for the side effect), or its page may show the key instead of the text, depending on how the bundler splits it.
 */
const SRC = join(import.meta.dirname, '..');
const AREA_OF: Record<string, string> = {
  me: 'member',
  interaction: 'member',
  oauth: 'member',
  moderation: 'moderation',
  spider: 'spider',
};

function sourceFiles(): string[] {
  return readdirSync(SRC, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .filter((f) => !relative(SRC, f).startsWith('i18n/'));
}

const PATTERN = new RegExp(`['"\`](${Object.keys(AREA_OF).join('|')})\\.[a-zA-Z]`, 'g');

/** The areas a module's source names keys of but does not import. */
function missingAreas(text: string): string[] {
  const areas = new Set([...text.matchAll(PATTERN)].map((m) => AREA_OF[m[1] as string] as string));
  return [...areas].filter((area) => !text.includes(`'@/i18n/areas/${area}'`));
}

describe('texts of the areas outside the shell', () => {
  it('every module naming a key of such a group imports that area', () => {
    const missing = sourceFiles().flatMap((file) =>
      missingAreas(readFileSync(file, 'utf8')).map((area) => `${relative(SRC, file)} → i18n/areas/${area}`),
    );
    expect(missing).toEqual([]);
  });

  it('no route file imports an area for its side effect only (the route tree, in the public shell, would keep it)', () => {
    const bare = sourceFiles()
      .filter((file) => relative(SRC, file).startsWith('routes/'))
      .filter((file) => /^import '@\/i18n\/areas\//m.test(readFileSync(file, 'utf8')));
    expect(bare.map((file) => relative(SRC, file))).toEqual([]);
  });

  it('tells a module without its area from one with it', () => {
    const uses = "const label = t('interaction.comment.deleted'); const s = t(`spider.title`);";
    expect(missingAreas(uses)).toEqual(['member', 'spider']);
    expect(missingAreas(`import { useTranslation } from '@/i18n/areas/member';\n${uses}`)).toEqual(['spider']);
    expect(missingAreas("t('documents.title'); const path = '/me';")).toEqual([]);
  });
});
