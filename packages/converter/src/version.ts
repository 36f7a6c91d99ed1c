import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The MuPDF.js version in use (its package.json is not exported, so it is read beside the resolved entry). */
export function mupdfVersion(): string {
  const entry = fileURLToPath(import.meta.resolve('mupdf'));
  return JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')).version;
}
