#!/usr/bin/env node
// npm run test:scale: HAProxy (deploy/haproxy.cfg) in front of two instances on a scratch PostgreSQL server of
// the test's own and on Redis (REDIS_URL, default redis://127.0.0.1:6379), under mixed load while instances and
// the database are killed and restarted (tests/scale/). Ends with "N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { isBuildCurrent } from './build-stamp.mjs';
import { ensureDebianPackage } from './debian-package.mjs';
import { runVitest } from './vitest-run.mjs';

const versions = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql') : [];
ensureDebianPackage({
  name: 'haproxy',
  paths: [process.env.HAPROXY_PATH, '/usr/sbin/haproxy', '/usr/bin/haproxy'],
  purpose: 'The scale tests',
});
ensureDebianPackage({
  name: 'postgresql',
  paths: [
    process.env.PG_BIN && `${process.env.PG_BIN}/initdb`,
    ...versions.map((v) => `/usr/lib/postgresql/${v}/bin/initdb`),
  ],
  purpose: 'The scale tests',
});
if (!isBuildCurrent()) {
  console.log('\n▶ Build');
  if (spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' }).status !== 0) {
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}
console.log('\n▶ Scale and fault tests');
const env = { ...process.env, SCALE_TEST: '1', REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379' };
process.exit(runVitest('test-results/scale.json', ['--project', 'scale', ...process.argv.slice(2)], env));
