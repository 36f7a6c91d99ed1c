// Bundles the server into plain JavaScript (`npm run build`), so `npm start` runs compiled code and tsx stays a
// development tool: apps/server/dist/{main,cli,convert-child}.js (bundle.ts says how).
import { copyFileSync, existsSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { bundleServer, repoRoot } from './bundle.ts';

const here = import.meta.dirname;
const outdir = join(here, 'dist');

if (existsSync(outdir)) rmSync(outdir, { recursive: true });
await bundleServer(
  {
    main: join(here, 'src', 'main.ts'),
    cli: join(here, 'src', 'cli.ts'),
    'convert-child': join(repoRoot, 'packages', 'converter', 'src', 'child.ts'),
  },
  outdir,
);
// The spreadsheet layout script runs under LibreOffice's Python; office.ts finds it beside convert-child.js.
copyFileSync(join(repoRoot, 'packages', 'converter', 'src', 'calc.py'), join(outdir, 'calc.py'));
console.log(`server bundled into ${relative(repoRoot, outdir)}/`);
