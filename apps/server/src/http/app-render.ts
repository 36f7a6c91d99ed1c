import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type TRPCLink, unstable_localLink } from '@trpc/client';
import { type AppRouter, appRouter } from '@wenku/api';
import type { DomainContext } from '@wenku/domain';
import type Beasties from 'beasties';
import type { ServerDeps } from '../context.ts';

/** The zone this process writes local times in (the painted pages' dates), when it has an IANA name. */
const SERVER_TIME_ZONE = ((zone) => (/^[A-Za-z0-9_+\-/]+$/.test(zone) ? zone : undefined))(
  Intl.DateTimeFormat().resolvedOptions().timeZone,
);

/** What the web build's server entry (apps/web/src/entry-server.tsx, built into `<dist>/.ssr`) offers. */
interface AppRenderer {
  SSR_STATE_ID: string;
  /** The UTC offsets of this process's zone around a moment, as the browser compares them (lib/render-clock.ts). */
  zoneOffsets(at: number): string;
  renderApp(
    url: string,
    link: TRPCLink<AppRouter>,
  ): Promise<{ html: string; state: unknown; status: number; renderedAt: number } | null>;
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

  constructor(
    private readonly deps: ServerDeps,
    private readonly dist: string,
  ) {}

  /** The critical-CSS inliner, loaded with the first page painted (it caches the parsed stylesheet). */
  private inliner(): Promise<Beasties> {
    this.beasties ??= import('./critical-css.ts').then(({ createCriticalCss }) => createCriticalCss(this.dist));
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
   * The app's markup and data for `url`, as an anonymous visitor sees it whoever asks (the result is cached and
   * shared), or null when the page is left to the browser.
   */
  async render(url: string, ctx: DomainContext): Promise<{ html: string; stateJson: string; status: number } | null> {
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
    // The moment and the time zone the page's relative and absolute times were written for: the browser takes the
    // page over with them (apps/web/src/lib/render-clock.ts), a reader in another zone included. The zone's offsets
    // let a reader in a zone writing the same dates skip asking Intl.
    const at = Math.trunc(out.renderedAt);
    const zone = SERVER_TIME_ZONE ? ` data-tz="${SERVER_TIME_ZONE}" data-tzo="${renderer.zoneOffsets(at)}"` : '';
    return {
      html: out.html,
      stateJson: `<script type="application/json" id="${renderer.SSR_STATE_ID}" data-at="${at}"${zone}>${stateJson}</script>`,
      status: out.status,
    };
  }

  /** Inlines the CSS the page's markup uses; the rest of the stylesheet loads after the page has painted. */
  async criticalCss(html: string): Promise<string> {
    return (await this.inliner()).process(html);
  }
}
