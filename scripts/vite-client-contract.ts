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

export function clientContract(): Plugin {
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
      const module = (await tsImport(pathToFileURL(file).href, import.meta.url)) as Record<string, unknown>;
      return Object.entries(module)
        .map(([name, value]) => `export const ${name} = ${JSON.stringify(project(value, name))};`)
        .join('\n');
    },
  };
}
