#!/usr/bin/env node
/**
 * `npm start`: builds when the sources, lockfile or content changed since the last build (or dist/ is
 * incomplete), then runs the server in this process (so signals reach it directly). Outside production it gives
 * the processors' webhooks whose secrets are unset development secrets (dev-webhook-secrets.mjs), so that
 * `npm run payments:simulate` shows a gift recording itself without any processor account.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { isBuildCurrent, ROOT } from './build-stamp.mjs';
import { applyDevWebhookSecrets, devSecretsPath } from './dev-webhook-secrets.mjs';

if (!isBuildCurrent()) {
  console.log('Building (the sources changed since the last build) ...');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
let simulated;
try {
  simulated = applyDevWebhookSecrets(process.env);
} catch (err) {
  console.error(`Failed to start: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}
if (simulated.length > 0) {
  const file = path.relative(ROOT, devSecretsPath());
  const names = simulated.join(', ').replace(/, ([^,]*)$/, ' and $1');
  console.log(
    `Webhooks for ${names} are on with development secrets (${file.startsWith('..') ? devSecretsPath() : file}): ` +
      `send one with npm run payments:simulate -- --processor ${simulated[0]} --amount 50 --reference HC-XXXX (the reference /donate shows)`,
  );
}
await import('../dist/server/index.js');
