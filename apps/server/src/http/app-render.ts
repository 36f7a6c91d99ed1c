import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type TRPCLink, unstable_localLink } from '@trpc/client';
import { type AppRouter, appRouter } from '@wenku/api';
import type { DomainContext } from '@wenku/domain';
import type Beasties from 'beasties';
import type { ServerDeps } from '../context.ts';

/** What the web build's server entry (apps/web/src/entry-server.tsx, built into `<dist>/.ssr`) offers. */
interface AppRenderer {
  SSR_STATE_ID: string;
  renderApp(
    url: string,
    link: TRPCLink<AppRouter>,
  ): Promise<{ html: string; state: unknown; status: number; routes?: string[] } | null>;
}

/** One chunk of the client build, as apps/web/build/chunk-modules.ts notes it in `.vite/chunk-modules.json`. */
interface BuiltChunk {
  file: string;
  isEntry: boolean;
  imports: string[];
  modules: string[];
}

/**
 * The chunks of the client build that the code of each route needs, beyond what the entry page names already: the
 * parts the router plugin split off the route's file (`<file>?tsr-split=…`: component, loader, skeletons) and every
 * chunk they import statically. Keyed by the route's source file under apps/web/src/routes (`/_site/document/$id.tsx`).
 */
export function routeChunkIndex(chunks: readonly BuiltChunk[]): Map<string, string[]> {
  const byFile = new Map(chunks.map((c) => [c.file, c]));
  const closure = (files: readonly string[], into: Set<string>) => {
    const todo = [...files];
    for (let f = todo.pop(); f; f = todo.pop()) {
      if (into.has(f)) continue;
      into.add(f);
      todo.push(...(byFile.get(f)?.imports ?? []));
    }
    return into;
  };
  const entry = closure(
    chunks.filter((c) => c.isEntry).map((c) => c.file),
    new Set(),
  );
  const splits = new Map<string, Set<string>>();
  for (const c of chunks) {
    for (const m of c.modules) {
      const hit = /^apps\/web\/src\/routes(\/.+\.tsx?)\?tsr-split=/.exec(m);
      if (!hit?.[1]) continue;
      const files = splits.get(hit[1]) ?? new Set<string>();
      files.add(c.file);
      splits.set(hit[1], files);
    }
  }
  const index = new Map<string, string[]>();
  for (const [source, files] of splits) {
    index.set(
      source,
      [...closure([...files], new Set())].filter((f) => !entry.has(f)),
    );
  }
  return index;
}

/** The id of the JSON block naming the route's chunks (read by apps/web/src/main.tsx). */
export const ROUTE_CHUNKS_ID = 'wenku-chunks';

/** The source files a route id may come from (`/_site/document/$id` → `/_site/document/$id.tsx`…). */
function routeSources(id: string): string[] {
  if (id === '__root__') return ['/__root.tsx'];
  const base = id.endsWith('/') ? `${id}index` : id;
  return [`${base}.tsx`, `${base}.ts`, `${base}/route.tsx`, `${base}/route.ts`];
}

/**
 * The public pages the server paints with the web app itself (issue 17): what a visitor arriving from a search
 * engine opens. Pages of members and the back office depend on who is signed in, which a page request does not say
 * (the session is a bearer token in the browser), so the browser renders those.
 */
const RENDERED_PATHS: readonly RegExp[] = [
  /^\/$/,
  /^\/category(\/\d+)?$/,
  /^\/document\/[\w-]+$/,
  /^\/article(\/[\w-]+)?$/,
  /^\/search$/,
  /^\/user\/\d+(\/(article|document))?$/,
];

export const rendersApp = (path: string) => RENDERED_PATHS.some((re) => re.test(path));

/**
 * Paints public pages on the server with the web app's own routes, loaders and components (React, rendered to
 * completion), so the first paint is the page itself rather than a blank one waiting for the script; the browser
 * takes the same markup over (hydration) with the data carried in a JSON block. Critical CSS of the page is inlined
 * and the full stylesheet moves to the end of the body, so nothing blocks that paint.
 */
export class AppRender {
  private renderer: Promise<AppRenderer | null> | undefined;
  private beasties: Promise<Beasties> | undefined;
  private routeChunks: Map<string, string[]> | undefined;

  constructor(
    private readonly deps: ServerDeps,
    private readonly dist: string,
  ) {}

  /** The critical-CSS inliner, loaded with the first page painted (it caches the parsed stylesheet). */
  private inliner(): Promise<Beasties> {
    this.beasties ??= import('beasties').then(
      ({ default: Beasties }) =>
        new Beasties({
          path: this.dist,
          publicPath: '/',
          // A link at the end of the body: CSP-safe (no onload handler), and it blocks nothing painted above it.
          preload: 'body',
          // The theme switch sets `dark` on <html> in the browser; its rules must come along.
          allowRules: [/\.dark\b/],
          pruneSource: false,
          reduceInlineStyles: false,
          logLevel: 'silent',
        }),
    );
    return this.beasties;
  }

  /** The server entry, imported on the first page asked for (it is not needed to start or for the API). */
  private load(): Promise<AppRenderer | null> {
    this.renderer ??= (async () => {
      const entry = join(this.dist, '.ssr', 'entry-server.js');
      if (!existsSync(entry)) return null;
      return (await import(pathToFileURL(entry).href)) as AppRenderer;
    })().catch((e) => {
      console.error('web: the server render could not be loaded', e);
      return null;
    });
    return this.renderer;
  }

  /**
   * The chunks the matched routes need (issue 17, total blocking time), as a JSON block the entry reads: it names them
   * all as `<link rel="modulepreload">` in one insertion when it starts, so the router, loading the route, finds them
   * named already instead of adding a link per chunk to the painted page (Vite's preload helper: each insertion made
   * the browser re-check the page's styles). Not links in the HTML: fetched that early they share the connection with
   * the first page's image (the largest paint) and slowed it.
   */
  private preloads(routes: readonly string[]): string {
    if (!this.routeChunks) {
      const file = join(this.dist, '.vite', 'chunk-modules.json');
      try {
        this.routeChunks = routeChunkIndex(existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : []);
      } catch (e) {
        console.error("web: the build's chunk list could not be read", e);
        this.routeChunks = new Map();
      }
    }
    const files = new Set<string>();
    for (const id of routes) {
      const source = routeSources(id).find((s) => this.routeChunks?.has(s));
      for (const f of source ? (this.routeChunks.get(source) ?? []) : []) files.add(f);
    }
    // `<` escaped so no name can close the element.
    const list = JSON.stringify([...files].map((f) => `/${f}`)).replace(/</g, '\\u003c');
    return `<script type="application/json" id="${ROUTE_CHUNKS_ID}">${list}</script>`;
  }

  /**
   * The app's markup and data for `url`, as an anonymous visitor sees it whoever asks (the result is cached and
   * shared), or null when the page is left to the browser.
   */
  async render(
    url: string,
    ctx: DomainContext,
  ): Promise<{ html: string; stateJson: string; preloads: string; status: number } | null> {
    const renderer = await this.load();
    if (!renderer) return null;
    const link = unstable_localLink({
      router: appRouter,
      // Each call its own entity manager, as over HTTP; never the asker's account.
      createContext: async () => ({ ...ctx, em: this.deps.db.orm.em.fork(), actor: null, language: 'zh-CN' as const }),
    });
    const out = await renderer.renderApp(url, link);
    if (!out) return null;
    // `<` escaped so no text inside can close the element.
    const stateJson = JSON.stringify(out.state).replace(/</g, '\\u003c');
    return {
      html: out.html,
      stateJson: `<script type="application/json" id="${renderer.SSR_STATE_ID}">${stateJson}</script>`,
      preloads: this.preloads(out.routes ?? []),
      status: out.status,
    };
  }

  /** Inlines the CSS the page's markup uses; the rest of the stylesheet loads after the page has painted. */
  async criticalCss(html: string): Promise<string> {
    return (await this.inliner()).process(html);
  }
}
