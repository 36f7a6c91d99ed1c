import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A stand-in for the built web app: just the shell, so a test server renders pages without `npm run build`. */
export function minimalWebDist(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'wenku-dist-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
  );
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
