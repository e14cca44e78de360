#!/usr/bin/env node
// npm test: typecheck, lint, format check, build, then unit, API and browser tests in one Vitest run.
// Ends with one line "N passed, N failed". Extra arguments go to Vitest (e.g. `npm test -- --project api`).
import { spawnSync } from 'node:child_process';
import { ensureDebianPackage } from './debian-package.mjs';
import { runVitest } from './vitest-run.mjs';

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  return result.status ?? 1;
}

function step(title, command, args) {
  console.log(`\n▶ ${title}`);
  const status = run(command, args);
  if (status !== 0) {
    console.error(`\n✖ ${title} failed.`);
    console.log('0 passed, 1 failed');
    process.exit(status);
  }
}

const vitestArgs = process.argv.slice(2);
// The headless build, not the full browser: see tests/setup/chromium.ts.
ensureDebianPackage({
  name: 'chromium-headless-shell',
  paths: [process.env.CHROMIUM_PATH, '/usr/bin/chromium-headless-shell'],
  // tests/setup/chromium.ts finds these too.
  fallbacks: ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'],
  purpose: 'The browser tests',
});
step('Typecheck', 'npx', ['tsc', '--noEmit', '-p', '.']);
step('Lint', 'npx', ['eslint', '.']);
// A runtime import cycle (type-only and lazy imports aside) makes module order matter: .madgerc.
step('Import cycles', 'npx', ['madge', '--circular', 'src']);
step('Format check (npm run format fixes it)', 'npx', ['prettier', '--check', '.']);
step('Build', 'npm', ['run', 'build', '--silent']);

console.log('\n▶ Unit, API and browser tests');
process.exit(runVitest('test-results/vitest.json', vitestArgs));
