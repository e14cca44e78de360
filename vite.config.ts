import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { clientContract } from './scripts/vite-client-contract.ts';

const src = (p: string) => fileURLToPath(new URL(`./src/${p}`, import.meta.url));

/** `npm run dev:web` proxies the API's paths to `npm run dev:api`, on the same PORT the API reads (default 3000). */
export function apiProxy(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const api = `http://localhost:${env.PORT || 3000}`;
  return { '/api': api, '/healthz': api, '/readyz': api };
}

/**
 * Writes dist/client-chunks.json: each script the client build made, the source modules in it and the scripts it
 * imports statically. scripts/bundle-sizes.ts reads what each page loads from it (outside dist/client: not served).
 */
function chunkMap(): Plugin {
  return {
    name: 'chunk-map',
    apply: 'build',
    writeBundle(options, bundle) {
      if (!options.dir?.endsWith(`dist${path.sep}client`)) return;
      const root = fileURLToPath(new URL('.', import.meta.url));
      const chunks = Object.values(bundle).flatMap((c) =>
        c.type === 'chunk'
          ? [
              {
                file: c.fileName,
                isEntry: c.isEntry,
                imports: c.imports,
                modules: Object.keys(c.modules).map((id) => path.relative(root, id)),
              },
            ]
          : [],
      );
      fs.writeFileSync(path.join(options.dir, '..', 'client-chunks.json'), JSON.stringify(chunks));
    },
  };
}

/**
 * Vite wraps every dynamic import in a helper that preloads the chunk's CSS and JS (vitejs/vite#18551: even with
 * modulePreload off). Here it has nothing to do: every style is in the one stylesheet the HTML links, and
 * modulePreload is off. Its code (about 0.7 KB) was in every page's entry; this one only loads. Vite still listed
 * that stylesheet for every dynamic import of a chunk that imports the entry (a table of files and its lookup, about
 * 0.1 KB in each such chunk, the gift form's among them): the marker it fills them in at is emptied first.
 */
function plainDynamicImports(): Plugin {
  const helper = '\0vite/preload-helper.js';
  return {
    name: 'plain-dynamic-imports',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (id === helper) return 'export const __vitePreload = (load) => load();';
    },
    renderChunk(code) {
      if (code.includes(PRELOAD_MARKER)) return code.replaceAll(PRELOAD_MARKER, 'void 0');
    },
    writeBundle(_options, bundle) {
      // Vite lists the files to preload through __vite__mapDeps: were there any, this helper would skip them.
      const preloading = Object.values(bundle).find((c) => c.type === 'chunk' && c.code.includes('__vite__mapDeps'));
      if (preloading) this.error(`${preloading.fileName} has files to preload, which the plain helper would skip`);
    },
  };
}
/** Where Vite writes the files a dynamic import preloads (its `preloadMarker`), once the chunks are rendered. */
const PRELOAD_MARKER = '__VITE_PRELOAD__';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), clientContract(), chunkMap(), plainDynamicImports()],
  // The server's renderer: React and the other libraries the pages use, bundled in their production builds and
  // only the parts the pages use (left to node_modules, the server ran React's development build whenever
  // NODE_ENV was not production, and held all of lucide-react's 1,600 icons: about 40 MB).
  ...(isSsrBuild
    ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } }
    : {}),
  publicDir: 'content/public',
  resolve: {
    alias: [
      { find: /^#shared\/(.*)$/, replacement: `${src('shared')}/$1` },
      { find: /^#client\/(.*)$/, replacement: `${src('client')}/$1` },
      // Zod without its eval probe, configured before any schema is made (see the file).
      { find: /^zod$/, replacement: src('client/lib/zod-jitless.ts') },
      // React 19 has useSyncExternalStore: wouter's shim for older Reacts would ship on every page for nothing.
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: src('client/lib/use-sync-external-store.ts'),
      },
    ],
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: false,
    rolldownOptions: {
      // Rolldown's note on time spent in JavaScript plugins: on this two-core machine it fires whenever the build
      // shares the machine, and the build's own test (vite.config.test.ts) holds every build to no warning.
      checks: { pluginTimings: false },
      output: {
        // The hash alone: every chunk names the chunks it imports, and a page loads about twenty, so readable names
        // cost each page about half a kilobyte (docs/performance.md). client-chunks.json says what each one holds.
        chunkFileNames: 'assets/[hash:7].js',
        codeSplitting: {
          groups: [
            {
              // The money formatting nearly every page with a figure uses, in one chunk rather than two: each chunk
              // costs a page its imports and exports again. Only these two modules (they have no side effects), not
              // what they import, which the entry already holds.
              name: 'money',
              test: /src[\\/](client[\\/]lib[\\/]format|shared[\\/]money)\.ts$/,
              includeDependenciesRecursively: false,
            },
            {
              // The card and the shared text classes, which most pages with a card use together: one chunk.
              name: 'card',
              test: /src[\\/]client[\\/]components[\\/]ui[\\/](card|text-classes)\.tsx?$/,
              includeDependenciesRecursively: false,
            },
            {
              // The paged list and the pager it shows (a list paging by hand uses the pager alone): one chunk.
              name: 'paged-list',
              test: /src[\\/]client[\\/]components[\\/]ui[\\/](paged-list|pager)\.tsx$/,
              includeDependenciesRecursively: false,
            },
            {
              // What both story pages read a story with (its parts, its calls, the re-read as a member): one chunk,
              // as each chunk costs a page its imports and exports again.
              name: 'story-reading',
              test: /src[\\/]client[\\/](routes[\\/]community[\\/](story-parts|read-as-member)|api[\\/]stories)\.tsx?$/,
              includeDependenciesRecursively: false,
            },
            {
              // The list's badges and place with the audiences and content notes it names (My Stories too).
              name: 'story-list',
              test: /src[\\/](client[\\/]routes[\\/]community[\\/]story-model|shared[\\/]story-audience)\.ts$/,
              includeDependenciesRecursively: false,
            },
            {
              // The gift form with the amount rules it checks and the ways to give it offers: the donate pages load
              // all three, in one chunk (the admin pages that check an amount load the form too; no budget counts them).
              name: 'gift',
              test: /src[\\/](client[\\/](routes[\\/]public[\\/](donate-model|gift-form)|lib[\\/]giving-options)|shared[\\/]amount)\.tsx?$/,
              includeDependenciesRecursively: false,
            },
            // What every page runs (React, TanStack Query, the router) in one file: split in four it compressed
            // worse and cost a request each.
            {
              name: 'framework',
              // Not the hooks only forms use (mutations) or no public page uses (infinite lists): they stay with
              // the pages that need them.
              test: (id) =>
                /node_modules[\\/](react|react-dom|scheduler|@tanstack|wouter|regexparam)[\\/]/.test(id) &&
                !/(mutationObserver|infiniteQueryObserver|useMutation|useInfiniteQuery)\.js$/.test(id),
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: apiProxy(),
  },
}));
