// The server's bundling step, shared by `npm run build` (build.ts) and the API benchmarks (scripts/bench/), so that
// what is measured is the compiled code `npm start` runs, not TypeScript compiled at run time by tsx. The workspace
// packages (TypeScript sources) are bundled in; npm packages stay external and load from node_modules as usual,
// except those installed nested under one workspace (a version other than the root's), which are bundled so the
// right version is used.
import { join, relative, sep } from 'node:path';
import { build, type Plugin } from 'esbuild';

const here = import.meta.dirname;
export const repoRoot = join(here, '..', '..');

/** Where an external package resolves the same from the bundle as from its importer's own folder. */
const sharedModuleDirs = [join(repoRoot, 'node_modules') + sep, join(here, 'node_modules') + sep];

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

/**
 * Bundles entry points into `outdir` as ES modules for Node 20. The bundle must sit inside the repository (its
 * external imports resolve from node_modules above it).
 */
export async function bundleServer(entryPoints: Record<string, string>, outdir: string): Promise<void> {
  await build({
    entryPoints,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    // Stack traces need only the mappings: sources inside the map would be read into every process's heap at start
    // by --enable-source-maps (issue 17).
    sourcesContent: false,
    logLevel: 'warning',
    plugins: [externalPackages],
    // Bundled CommonJS code may call require(); an ES module has none of its own.
    banner: {
      js: "import { createRequire as __wenkuCreateRequire } from 'node:module';\nconst require = __wenkuCreateRequire(import.meta.url);",
    },
  });
}
