// Runs Vitest with a JSON report and ends with the one summary line CI reads: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * @param {string} report where the JSON report goes (test-results/...)
 * @param {string[]} args Vitest's arguments after `run`
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {number} Vitest's exit status
 */
export function runVitest(report, args, env = process.env) {
  fs.rmSync(report, { force: true });
  const result = spawnSync(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args],
    { stdio: 'inherit', env },
  );
  const status = result.status ?? 1;
  let passed = 0;
  let failed = status === 0 ? 0 : 1;
  if (fs.existsSync(report)) {
    const summary = JSON.parse(fs.readFileSync(report, 'utf8'));
    passed = summary.numPassedTests;
    failed = summary.numFailedTests + (status !== 0 && summary.numFailedTests === 0 ? 1 : 0);
  }
  console.log(`${passed} passed, ${failed} failed`);
  return status;
}
