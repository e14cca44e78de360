// Programs the tests need from Debian's packages (Chromium, HAProxy): found on the machine, installed with
// apt-get when running as root, or else the one command that installs them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * The first of `paths` that exists, after installing Debian's package `name` if none does. Exits with status 1
 * and the command to run when it cannot install it, unless one of `fallbacks` (a program that does the job less
 * well) exists.
 * @param {{ name: string, paths: (string | undefined)[], fallbacks?: string[], purpose: string }} options
 * @returns {string}
 */
export function ensureDebianPackage({ name, paths, fallbacks = [], purpose }) {
  const find = () => paths.find((p) => p && fs.existsSync(p));
  const found = find();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    const fallback = fallbacks.find((p) => fs.existsSync(p));
    if (fallback) {
      console.log(`▶ ${name} not found, using ${fallback} instead (sudo apt-get install -y ${name} installs it)`);
      return fallback;
    }
    console.error(`${purpose} need ${name}. Install it with:\n\n  sudo apt-get install -y ${name}\n`);
    process.exit(1);
  }
  console.log(`▶ ${name} not found: installing Debian's ${name} package`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args) => spawnSync('apt-get', args, { stdio: 'inherit', env }).status === 0;
  const installed = apt(['update', '-qq']) && apt(['install', '-y', '-qq', name]) && find();
  if (!installed) {
    console.error(`Installing ${name} failed. Install it with: apt-get install -y ${name}`);
    process.exit(1);
  }
  return installed;
}
