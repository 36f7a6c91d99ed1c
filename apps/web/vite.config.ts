import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.WENKU_API ?? 'http://localhost:8880';

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), tailwindcss()],
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
  build: { chunkSizeWarningLimit: 900 },
});
