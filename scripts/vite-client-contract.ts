/**
 * The browser's build of src/shared/contract: each endpoint cut down to its method and path (routeOf), so a page
 * that calls the API ships neither zod nor a schema for it, while its calls are type-checked against the whole
 * declaration. Only imports from src/client are rewritten; the server, the tests of shared code and the
 * type-checker see the contract as written. The module is evaluated in Node (tsx) when the build reads it.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';
import { routeOf, type Endpoint } from '../src/shared/contract/endpoint.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const CLIENT = path.join(root, 'src', 'client') + path.sep;
const CONTRACT = path.join(root, 'src', 'shared', 'contract') + path.sep;
/** The contract's own machinery (types, zod-free helpers) and its index, which the client never imports. */
const MACHINERY = new Set(['endpoint.ts', 'path.ts', 'resources.ts', 'index.ts']);
const PREFIX = '\0client-contract:';

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'endpoint';

/** An export of a contract file as the browser gets it: endpoints as routes, groups of them as objects. */
function project(value: unknown, name: string): unknown {
  if (isEndpoint(value)) return routeOf(value);
  if (typeof value === 'object' && value !== null && !Array.isArray(value))
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, project(v, `${name}.${key}`)]));
  throw new Error(`src/shared/contract exports ${name}, which is neither an endpoint nor a group of endpoints`);
}

/** `import * as area from '#shared/contract/area.ts'` as it reads once its types are stripped. */
const NAMESPACE_IMPORT = /^import \* as (\w+) from ["']#shared\/contract\/([\w-]+\.ts)["']/gm;

const loadContract = async (file: string) =>
  (await tsImport(pathToFileURL(file).href, import.meta.url)) as Record<string, unknown>;

/**
 * Writes each `area.endpoint` of a client module as its route's literal: no module of the contract is left to share
 * between chunks, each of which would cost a page its imports and exports again (0.1-0.3 KB). `area.endpoint.path`
 * and `.method` become the string itself (a request sent by hand, as lib/analytics.ts's on every page, costs no
 * more than a path written by hand). The import stays for anything else (none today); unused, it is dropped. A name
 * that is no endpoint (a comment's `area.ts`) is left.
 */
function inlineRoutes(): Plugin {
  return {
    name: 'client-contract-inline',
    enforce: 'post',
    // The browser's build only: the server's renderer has no budget, and without the contract's modules its chunks
    // were evaluated in an order that ran a page's module before the below-the-fold parts' table existed.
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    transform: {
      filter: { code: '#shared/contract/' },
      async handler(code, id) {
        if (!id.startsWith(CLIENT)) return null;
        let out = code;
        for (const [, name, file] of code.matchAll(NAMESPACE_IMPORT)) {
          const module = await loadContract(path.join(CONTRACT, file!));
          out = out.replace(
            new RegExp(`(?<![\\w$.])${name}\\.(\\w+)\\.(path|method)\\b(?!\\s*\\()`, 'g'),
            (use, key: string, member: 'path' | 'method') => {
              const value = module[key];
              return isEndpoint(value) ? JSON.stringify(value[member]) : use;
            },
          );
          out = out.replace(new RegExp(`(?<![\\w$.])${name}\\.(\\w+)\\b`, 'g'), (use, key: string) =>
            isEndpoint(module[key]) ? JSON.stringify(routeOf(module[key])) : use,
          );
        }
        return out === code ? null : { code: out, map: null };
      },
    },
  };
}

export function clientContract(): Plugin[] {
  return [routesOnly(), inlineRoutes()];
}

function routesOnly(): Plugin {
  return {
    name: 'client-contract',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer?.startsWith(CLIENT)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved?.id.startsWith(CONTRACT) || MACHINERY.has(path.basename(resolved.id))) return null;
      return PREFIX + resolved.id;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = id.slice(PREFIX.length);
      this.addWatchFile(file);
      const module = await loadContract(file);
      return Object.entries(module)
        .map(([name, value]) => `export const ${name} = ${JSON.stringify(project(value, name))};`)
        .join('\n');
    },
  };
}
