#!/usr/bin/env node
/**
 * What the build in dist/ was made from: a hash of every input of `npm run build` (sources, content, the
 * lockfile, the build's own config and scripts). `npm run build` ends with `build-stamp.mjs write`;
 * `npm start` (scripts/start.mjs) builds again only when the hash differs or dist/ is incomplete.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));
const STAMP = 'dist/.build-stamp';
const INPUTS = [
  'src',
  'content',
  'index.html',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'tsconfig.json',
  'scripts/prerender.ts',
  'scripts/build-stamp.mjs',
];
/** What the server needs from dist/ to serve the whole site. */
const OUTPUTS = ['dist/server/index.js', 'dist/ssr/entry-server.js', 'dist/client/pages/index.html'];

function files(root, entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [entry];
  return (
    fs
      .readdirSync(full, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      // Tests are not part of the build.
      .filter((e) => !/\.test\.tsx?$/.test(e.name))
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
  );
}

/** The hash of the build's inputs as they are now. */
export function currentStamp(root = ROOT) {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap((entry) => files(root, entry)).sort()) {
    hash
      .update(file.split(path.sep).join('/'))
      .update('\0')
      .update(fs.readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/** Records that dist/ was built from the inputs as they are now. */
export function writeStamp(root = ROOT) {
  fs.writeFileSync(path.join(root, STAMP), currentStamp(root));
}

/** Whether dist/ holds a complete build of the inputs as they are now. */
export function isBuildCurrent(root = ROOT) {
  if (!OUTPUTS.every((file) => fs.existsSync(path.join(root, file)))) return false;
  const stamp = path.join(root, STAMP);
  return fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === currentStamp(root);
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === 'write') writeStamp();
