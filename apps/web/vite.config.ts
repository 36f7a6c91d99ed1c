import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { chunkModules } from './build/chunk-modules';

/** The libraries of the public shell (see `build.rolldownOptions` below). */
const SHELL_LIBRARIES =
  /[\\/]node_modules[\\/](react|rosetta|dlv|templite|@tanstack[\\/](react-router|router-core|history|store|react-store|react-query|query-core)|@trpc[\\/](client|server|tanstack-react-query)|tailwind-merge|clsx|class-variance-authority|use-sync-external-store|@radix-ui[\\/]react-(slot|compose-refs))[\\/]/;

/** Icons of the public pages (header, listings, cards, the reading pages' header and asides). */
const PUBLIC_ICONS =
  'arrow-up book-open calendar calendar-check calendar-plus chevron-down chevron-left chevron-right circle-exclamation-point clock coins crown download eye file file-code file-question-mark file-spreadsheet file-stack file-text file-type flame folder-open languages layout-grid list loader-circle megaphone newspaper presentation refresh-cw search search-x star thumbs-up triangle-exclamation-point user-round users x zap'.split(
    ' ',
  );

/**
 * Small modules of the app that the public shell loads anyway and route chunks share (a few hundred bytes each, a
 * request each otherwise). Named one by one: a group takes its modules' dependencies along.
 */
const SHELL_MODULES = new RegExp(
  [
    'apps/web/src/lib/(utils|dates|auth|api-error|session|reasons|search-schema|url-schema)\\.ts$',
    'apps/web/src/hooks/(use-page-title|use-site-access|use-site-settings)\\.ts$',
    'apps/web/src/components/layout/(smart-link|front-check|site-settings|nav|lazy-toaster|friendlinks)\\.tsx?$',
    'apps/web/src/components/ui/(button|input)\\.tsx$',
    'apps/web/src/components/ui/select-style\\.ts$',
    'apps/web/src/components/documents/(file-kind|listing)\\.ts$',
    'apps/web/src/components/ads/(ad-positions|ad-slot)\\.tsx?$',
    'apps/web/src/components/admin/list-search\\.ts$',
    'apps/web/src/i18n/zh-CN/admin-shared\\.ts$',
    'packages/shared/src/(constants\\.ts|(time|links|files|enums|ads)/index\\.ts|reasons/format\\.ts|schemas/search-sorts\\.ts)$',
    'node_modules/lucide-react/dist/esm/(shared/|Icon|createLucideIcon|defaultAttributes|context)',
    // What the public pages show, each a request of a few hundred bytes otherwise (~25 per page, issue 17 round 7):
    // the icons of the header, lists and reading pages, cards, badges and the bits every listing shares.
    `node_modules/lucide-react/dist/esm/icons/(${PUBLIC_ICONS.join('|')})\\.mjs$`,
    'apps/web/src/components/ui/(alert|card|misc)\\.tsx$',
    'apps/web/src/components/layout/(breadcrumb|simple-html)\\.tsx$',
    'apps/web/src/components/documents/(category-path|format|page-window|upload-checks|use-document-data)\\.ts$',
    'apps/web/src/components/documents/(document-cover|document-items|document-link|file-kind-icon|page-buttons|pager|sort-tabs|star-rating)\\.tsx$',
    'apps/web/src/components/credits/sign-in-button\\.tsx$',
    'apps/web/src/components/oauth/oauth-rules\\.ts$',
    'apps/web/src/hooks/use-bearer-image\\.ts$',
    'apps/web/src/lib/(loader-not-found|seeded-names)\\.ts$',
    'packages/shared/src/seeded-names\\.ts$',
    'apps/web/src/routes/admin/-order/list-filters\\.ts$',
    'apps/web/src/routes/_site/-search/search-params\\.ts$',
    'apps/web/src/routes/_site/user/-components/user-documents-search\\.ts$',
  ]
    .map((p) => p.replaceAll('/', '[\\\\/]'))
    .join('|'),
);

/**
 * Small modules of the reading pages (a document's, an article's) that other public pages do not load: icons and
 * helpers shared only with the back office or one rare page, a request each otherwise (issue 17, round 4 of the
 * reading page). Named one by one, as the shell's: a group takes its modules' dependencies along.
 */
const READING_MODULES = new RegExp(
  [
    'node_modules/lucide-react/dist/esm/icons/(lock|hard-drive|ban|image-off|message-square|copy|log-in|shield-exclamation-point|send|pencil|trash)\\.mjs$',
    'apps/web/src/components/documents/(reading\\.ts|lazy-image-viewer\\.ts)$',
    'apps/web/src/components/(admin/use-can|ui/lazy-open|admin/lazy-confirm-dialog|layout/sign-in-popover)\\.tsx?$',
    'apps/web/src/lib/clipboard\\.ts$',
    'apps/web/src/i18n/(zh-CN|areas)/moderation-report\\.ts$',
    'packages/shared/src/permission-identity\\.ts$',
  ]
    .map((p) => p.replaceAll('/', '[\\\\/]'))
    .join('|'),
);

const api = process.env.WENKU_API ?? 'http://localhost:8880';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's loader travels with its component, and its skeleton is split too: what they import (the back
      // office's columns, filters and schemas, a listing's cards) stays out of the entry chunk (issue 17).
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
      },
    }),
    react(),
    tailwindcss(),
    // Brotli and gzip copies beside every text asset, served as they are (apps/server/src/http/compression.ts).
    !isSsrBuild &&
      compression({
        algorithms: ['brotliCompress', 'gzip'],
        include: /\.(js|mjs|css|svg|json|txt|xml|wasm)$/,
        // The build's own notes (.vite/) are never served.
        exclude: /^\.vite\//,
        // Every asset, the smallest chunks too (a copy only where it comes out smaller): issue 17 wants every text
        // answer compressed, and the entry is ~600 bytes.
        threshold: 0,
      }),
    chunkModules(fileURLToPath(new URL('../..', import.meta.url))),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // zod without eval under the site's CSP (src/lib/zod-jitless.ts), for every schema in the bundle.
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)) },
    ],
  },
  server: {
    proxy: {
      '/api': api,
      '/uploads': api,
      '/view': api,
      '/download': api,
      '/sitemap.xml': api,
      '/ad-frame': api,
      '/analytics.js': api,
    },
  },
  // The server render (dist/.ssr) needs no copy of public/.
  build: {
    chunkSizeWarningLimit: 900,
    // No preload lists and helper around dynamic imports (issue 17): a route's chunks are fetched as the browser meets
    // their imports. The helper put a <link rel=modulepreload> into the head for each of a route's ~35 chunks while
    // the page was being taken over (a third of the reading page's longest tasks on a slow phone) and its lists
    // weighed ~7 KB gzip on every page; routes are still fetched ahead when a link is pointed at (defaultPreload
    // 'intent'). A failed chunk is handled in hooks/use-chunk-reload.ts and the error page.
    modulePreload: false,
    // Source maps for profiling the start (`npm run bench:boot` maps positions with them); never in a release.
    sourcemap: process.env.WENKU_SOURCEMAP ? 'hidden' : false,
    copyPublicDir: !isSsrBuild,
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: (id: string) =>
          !/[\\/]node_modules[\\/]@trpc[\\/](client|tanstack-react-query)[\\/]/.test(id),
      },
      output: {
        // The libraries every page starts with travel as two files instead of ~40 of a few hundred bytes (issue 17:
        // requests on a phone). React DOM stays apart: the entry evaluates it a task before the app (src/main.tsx).
        // Only libraries of the public shell are named: a group takes its modules' dependencies along, so a back-office
        // library named here would load with every page.
        codeSplitting: isSsrBuild
          ? undefined
          : {
              groups: [
                // Vite's helper around dynamic imports, which the entry uses too: apart, so that the entry of a page
                // waiting for its visitor (lib/take-over-on-intent.ts) loads no chunk of the app's.
                { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 40 },
                { name: 'react-dom', test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/, priority: 30 },
                { name: 'framework', test: SHELL_LIBRARIES, priority: 20 },
                { name: 'shell', test: SHELL_MODULES, priority: 10 },
                // The few Radix modules every Radix component starts from, one file instead of two or three.
                {
                  name: 'radix-core',
                  test: /[\\/]node_modules[\\/]@radix-ui[\\/]react-(primitive|context|use-layout-effect|use-callback-ref)[\\/]/,
                  priority: 7,
                },
                { name: 'reading', test: READING_MODULES, priority: 5 },
              ],
            },
      },
    },
  },
}));
