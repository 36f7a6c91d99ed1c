import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../..');

/** Modules that import sonner themselves (not through lazy-toaster). */
function sonnerImporters(): string[] {
  return readdirSync(SRC, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .filter((f) => /from 'sonner'|import\('sonner'\)/.test(readFileSync(f, 'utf8')))
    .map((f) => relative(SRC, f));
}

describe('toasts', () => {
  // The toaster mounts on the first tap or the first toastLater: a toast raised on sonner directly before anyone has
  // tapped (the OAuth return's 登录成功, a mailed link's page) would never show.
  it('go through toastLater: only the lazy toaster imports sonner', () => {
    expect(sonnerImporters()).toEqual(['components/layout/lazy-toaster.tsx']);
  });
});
