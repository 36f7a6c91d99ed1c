// The few parts of jsdom the article crawl uses. @types/jsdom is not installed: it pulls the DOM library into every
// workspace's global types (it broke the e2e package's Playwright typings).
declare module 'jsdom' {
  export class VirtualConsole {}
  export class JSDOM {
    constructor(html: string, options?: { url?: string; virtualConsole?: VirtualConsole });
    readonly window: { readonly document: unknown; close(): void };
  }
}
