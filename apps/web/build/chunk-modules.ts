import { relative } from 'node:path';
import type { Plugin } from 'vite';

/** One chunk of the client build: its file, the chunks it imports statically and dynamically, its source modules. */
export interface ChunkModules {
  file: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  /** Module ids relative to the repository root (`apps/web/src/...`, `node_modules/...`), query strings kept. */
  modules: string[];
  /** Bytes each module adds to the chunk, minified, in the order of `modules` (for finding what weighs). */
  bytes: number[];
}

/**
 * Writes `.vite/chunk-modules.json` beside the build: which source modules each chunk holds and which chunks it
 * imports. The server's delivery test reads it to prove that the public shell loads nothing of the back office
 * (issue 17); Vite's own manifest names only one module per chunk. The dot folder is never served.
 */
export function chunkModules(root: string): Plugin {
  return {
    name: 'wenku-chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (this.environment.config.consumer !== 'client') return;
      const chunks: ChunkModules[] = [];
      for (const out of Object.values(bundle)) {
        if (out.type !== 'chunk') continue;
        chunks.push({
          file: out.fileName,
          isEntry: out.isEntry,
          imports: out.imports,
          dynamicImports: out.dynamicImports,
          modules: out.moduleIds.map((id) => relative(root, id.replace(/^\0/, ''))),
          bytes: out.moduleIds.map((id) => out.modules[id]?.renderedLength ?? 0),
        });
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-modules.json',
        source: JSON.stringify(chunks, null, 1),
      });
    },
  };
}
