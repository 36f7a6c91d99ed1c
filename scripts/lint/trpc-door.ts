/**
 * tRPC's internals behind one door (issue 21): only packages/api/src/trpc-internals.ts may reach into them (a
 * router's or builder's `_def`, `@trpc/server/unstable-core-do-not-import`, `@trpc/server/http`, and the request
 * handler's own functions), so a tRPC upgrade is a change of that one file. Run by `npm run lint`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const DOOR = 'packages/api/src/trpc-internals.ts';
const INTERNALS =
  /\b_def\b|unstable-core-do-not-import|@trpc\/server\/http|callTRPCProcedure|getTRPCErrorShape|transformTRPCResponse|getHTTPStatusCode/;

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (/\.(ts|tsx|mts)$/.test(entry.name)) yield path;
  }
}

const SELF = 'scripts/lint/trpc-door.ts';
const found: string[] = [];
for (const root of ['apps', 'packages', 'e2e', 'scripts'])
  for (const path of sources(root)) {
    if (path === DOOR || path === SELF) continue;
    readFileSync(path, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (INTERNALS.test(line)) found.push(`${path}:${i + 1}: ${line.trim()}`);
      });
  }
for (const f of found) console.error(`trpc door: tRPC internals outside ${DOOR}: ${f}`);
if (found.length) process.exit(1);
console.log('trpc door: tRPC internals only in trpc-internals.ts');
