/**
 * What `zod` resolves to in the client and prerender builds (vite.config.ts aliases it here), so this runs
 * before any schema is built. Zod's JIT probes `new Function` when its first object schema is made; the
 * pages' CSP has no 'unsafe-eval', so the probe was reported as a violation on every page that loads a schema.
 */
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
