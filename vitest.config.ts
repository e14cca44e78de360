import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { clientContract } from './scripts/vite-client-contract.ts';

const src = (p: string) => fileURLToPath(new URL(`./src/${p}`, import.meta.url));
const resolve = {
  alias: [
    { find: /^#shared\/(.*)$/, replacement: `${src('shared')}/$1` },
    { find: /^#client\/(.*)$/, replacement: `${src('client')}/$1` },
    { find: /^#server\/(.*)$/, replacement: `${src('server')}/$1` },
  ],
};

/** API-project suites that never use TEST_DATABASE_URL: PGlite's data-directory lock, the server process's
 * signals (both spawn PGlite servers), the config, the build stamp and the processors' event verifiers. */
const DATABASE_FREE = [
  'src/server/db/data-dir-lock.test.ts',
  'src/server/shutdown.test.ts',
  'src/server/config.test.ts',
  'src/server/build-stamp.test.ts',
  'src/server/services/payments/verifiers.test.ts',
  'src/server/services/payments/paypal-events.test.ts',
  'src/server/policies/account.test.ts',
  'src/server/policies/stories.test.ts',
  'src/server/policies/fundraisers.test.ts',
  'src/server/policies/donations.test.ts',
  'src/server/services/care-recurrence.test.ts',
  'src/server/policies/care-plans.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        // The client's tests see the contract as its build does: methods and paths only.
        plugins: [clientContract()],
        test: {
          name: 'unit',
          include: [
            'src/shared/**/*.test.ts',
            'src/client/**/*.test.{ts,tsx}',
            'vite.config.test.ts',
            'readme.test.ts',
          ],
          environment: 'node',
          // Both cores: alone in the first group (the API suites and the browser tests each run in a group after it).
          maxWorkers: 2,
        },
      },
      // API and server tests: each file gets its own fresh database (PGlite in memory, or TEST_DATABASE_URL).
      {
        resolve,
        test: {
          name: 'api',
          globalSetup: ['tests/setup/pglite-template.ts'],
          setupFiles: ['tests/setup/one-query-per-connection.ts'],
          include: ['src/server/**/*.test.ts'],
          exclude: [
            '**/*.redis.test.ts',
            '**/*.postgres.test.ts',
            '**/node_modules/**',
            // The same on either database, run once (on PGlite, in npm test) rather than again on PostgreSQL.
            ...(process.env.TEST_DATABASE_URL ? DATABASE_FREE : []),
          ],
          testTimeout: 20_000,
          hookTimeout: 60_000,
          // Two at a time even on two cores (Vitest's default there is one): many files wait on child
          // processes or the database, and the project ran in 306 s instead of 375 s. A project with its own
          // worker count runs in a group of its own (Vitest requires it): after the others, so the browser
          // tests never share the machine with it.
          maxWorkers: 2,
          // The files of a worker share their modules rather than each loading the app again: loading was a third
          // of the project's time (224 of 376 s on PostgreSQL). Each file still builds its own app on its own
          // database; the one file that mocks a module loads the app afresh (commands/record-intent.test.ts).
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      // Suites that need a Redis server: only when REDIS_URL names one (.ci/run sets it), so no run reports them skipped.
      ...(process.env.REDIS_URL
        ? [
            {
              resolve,
              test: {
                name: 'redis',
                include: ['src/server/**/*.redis.test.ts'],
                testTimeout: 20_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      // Suites that start and stop a PostgreSQL server of their own: with TEST_DATABASE_URL (.ci/run), where the
      // machine has PostgreSQL's binaries.
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              resolve,
              test: {
                name: 'postgres',
                include: ['src/server/**/*.postgres.test.ts'],
                testTimeout: 60_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      // HAProxy, two instances, PostgreSQL and Redis under load and faults: only from `npm run test:scale`.
      ...(process.env.SCALE_TEST
        ? [
            {
              resolve,
              test: {
                name: 'scale',
                include: ['tests/scale/**/*.test.ts'],
                testTimeout: 300_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
      // Browser journeys against the built site in the system Chromium (npm test builds first).
      {
        resolve,
        test: {
          name: 'e2e',
          globalSetup: ['tests/setup/pglite-template.ts'],
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two files at a time, each with its own site and browser, after the API suites (a group of its own):
          // one file at a time left a core idle while a page waited on its answers (9.7 of the run's 16 minutes).
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
          // The files of a worker share their modules (as the api project does): each file still starts its own
          // site and browser.
          isolate: false,
          // A page's answer (a toast, a redirect after a sign-in) can take seconds on a busy machine; Vitest's
          // default of one second made such polls depend on the machine's speed.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
