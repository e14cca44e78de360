import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

const src = (p: string) => fileURLToPath(new URL(`./src/${p}`, import.meta.url));

/** `npm run dev:web` proxies the API's paths to `npm run dev:api`, on the same PORT the API reads (default 3000). */
export function apiProxy(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const api = `http://localhost:${env.PORT || 3000}`;
  return { '/api': api, '/healthz': api, '/readyz': api };
}

export default defineConfig({
  plugins: [react(), tailwindcss()],
  publicDir: 'content/public',
  resolve: {
    alias: [
      { find: /^#shared\/(.*)$/, replacement: `${src('shared')}/$1` },
      { find: /^#client\/(.*)$/, replacement: `${src('client')}/$1` },
      // Zod without its eval probe, configured before any schema is made (see the file).
      { find: /^zod$/, replacement: src('client/lib/zod-jitless.ts') },
    ],
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every page runs (React, TanStack Query, the router) in one file: split in four it compressed
          // worse and cost a request each.
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|wouter|regexparam|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: apiProxy(),
  },
});
