/** Finds the system Chromium that browser tests and Lighthouse drive. */
import fs from 'node:fs';

/**
 * Debian's chromium-headless-shell first: the headless build Playwright itself uses. The full browser's headless
 * mode (Chromium 156) commits each navigation, parses and lays out several times slower: Lighthouse counted that
 * as 300-700 ms of blocking time on every page, and the browser tests took 331 s instead of 282.
 */
export const CHROMIUM_CANDIDATES = [
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];

export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && fs.existsSync(fromEnv)) return fromEnv;
  return CHROMIUM_CANDIDATES.find((p) => fs.existsSync(p));
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
