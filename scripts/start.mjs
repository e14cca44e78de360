#!/usr/bin/env node
/**
 * `npm start`: builds when the sources, lockfile or content changed since the last build (or dist/ is
 * incomplete), then runs the server in this process (so signals reach it directly).
 */
import { spawnSync } from 'node:child_process';
import { isBuildCurrent, ROOT } from './build-stamp.mjs';

if (!isBuildCurrent()) {
  console.log('Building (the sources changed since the last build) ...');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import('../dist/server/index.js');
