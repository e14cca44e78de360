/** Project paths, the same from src/server (tsx, tests) and dist/server (bundled). */
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const ROOT_DIR = fileURLToPath(new URL('../../', import.meta.url));
export const MIGRATIONS_DIR = path.join(ROOT_DIR, 'drizzle');
export const CONTENT_DIR = path.join(ROOT_DIR, 'content');
export const CLIENT_DIST_DIR = path.join(ROOT_DIR, 'dist', 'client');
/** The server-side render entry the build makes; the server renders the public pages with it. */
export const SSR_ENTRY = path.join(ROOT_DIR, 'dist', 'ssr', 'entry-server.js');
