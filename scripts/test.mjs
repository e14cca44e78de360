#!/usr/bin/env node
// npm test: typecheck, lint, format check, build, then unit, API and browser tests in one Vitest run.
// Ends with one line "N passed, N failed". Extra arguments go to Vitest (e.g. `npm test -- --project api`).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
const REPORT = 'test-results/vitest.json';

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

function ensureChromium() {
  const found = [process.env.CHROMIUM_PATH, ...CHROMIUM].find((p) => p && fs.existsSync(p));
  if (found) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error('The browser tests need Chromium. Install it with:\n\n  sudo apt-get install -y chromium\n');
    process.exit(1);
  }
  console.log("▶ Chromium not found: installing Debian's chromium package");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (
    run('apt-get', ['update', '-qq'], { env }) !== 0 ||
    run('apt-get', ['install', '-y', '-qq', 'chromium'], { env }) !== 0
  ) {
    console.error('Installing chromium failed. Install it with: apt-get install -y chromium');
    process.exit(1);
  }
}

const vitestArgs = process.argv.slice(2);
ensureChromium();
step('Typecheck', 'npx', ['tsc', '--noEmit', '-p', '.']);
step('Lint', 'npx', ['eslint', '.']);
step('Format check (npm run format fixes it)', 'npx', ['prettier', '--check', '.']);
step('Build', 'npm', ['run', 'build', '--silent']);

console.log('\n▶ Unit, API and browser tests');
fs.rmSync(REPORT, { force: true });
const status = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${REPORT}`,
  ...vitestArgs,
]);
let passed = 0;
let failed = status === 0 ? 0 : 1;
if (fs.existsSync(REPORT)) {
  const report = JSON.parse(fs.readFileSync(REPORT, 'utf8'));
  passed = report.numPassedTests;
  failed = report.numFailedTests + (status !== 0 && report.numFailedTests === 0 ? 1 : 0);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(status);
