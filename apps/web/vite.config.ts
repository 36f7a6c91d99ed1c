import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { chunkModules } from './build/chunk-modules';

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
        threshold: 1024,
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
  build: { chunkSizeWarningLimit: 900, copyPublicDir: !isSsrBuild },
}));
