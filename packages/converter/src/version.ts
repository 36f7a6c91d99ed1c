import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * The MuPDF.js version in use. Its package.json is not exported and `import.meta.resolve` is unavailable in some
 * module runners (Vitest), so the package folder is found along Node's lookup paths.
 */
export function mupdfVersion(): string {
  const dirs = createRequire(import.meta.url).resolve.paths('mupdf') ?? [];
  for (const dir of dirs) {
    const file = join(dir, 'mupdf', 'package.json');
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')).version;
  }
  return 'unknown';
}
