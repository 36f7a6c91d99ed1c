// Bundles the server into plain JavaScript (`npm run build`), so `npm start` runs compiled code and tsx stays a
// development tool: apps/server/dist/{main,cli,convert-child}.js. The workspace packages (TypeScript sources) are
// bundled in; npm packages stay external and load from node_modules as usual, except those installed nested under
// one workspace (a version other than the root's), which are bundled so the right version is used.
import { copyFileSync, existsSync, rmSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { build, type Plugin } from 'esbuild';

const here = dirname(new URL(import.meta.url).pathname);
const root = join(here, '..', '..');
const outdir = join(here, 'dist');

/** Where an external package resolves the same from the bundle in dist/ as from its importer's own folder. */
const sharedModuleDirs = [join(root, 'node_modules') + sep, join(here, 'node_modules') + sep];

const externalPackages: Plugin = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === 'resolving' || args.path.startsWith('node:') || args.path.startsWith('@wenku/')) return;
      const resolved = await b.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: 'resolving',
      });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      const fromSharedDir = sharedModuleDirs.some(
        (d) => resolved.path.startsWith(d) && !relative(d, resolved.path).includes(`${sep}node_modules${sep}`),
      );
      // Node built-ins resolve to no path; shared packages load from node_modules at run time.
      if (!resolved.path || fromSharedDir) return { path: args.path, external: true };
      return undefined;
    });
  },
};

if (existsSync(outdir)) rmSync(outdir, { recursive: true });
await build({
  entryPoints: {
    main: join(here, 'src', 'main.ts'),
    cli: join(here, 'src', 'cli.ts'),
    'convert-child': join(root, 'packages', 'converter', 'src', 'child.ts'),
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Stack traces need only the mappings: sources inside the map would be read into every process's heap at start by
  // --enable-source-maps (issue 17).
  sourcesContent: false,
  logLevel: 'warning',
  plugins: [externalPackages],
  // Bundled CommonJS code may call require(); an ES module has none of its own.
  banner: {
    js: "import { createRequire as __wenkuCreateRequire } from 'node:module';\nconst require = __wenkuCreateRequire(import.meta.url);",
  },
});
// The spreadsheet layout script runs under LibreOffice's Python; office.ts finds it beside convert-child.js.
copyFileSync(join(root, 'packages', 'converter', 'src', 'calc.py'), join(outdir, 'calc.py'));
console.log(`server bundled into ${relative(root, outdir)}/`);
