import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apiProxy } from './vite.config.ts';

const VITE = fileURLToPath(new URL('./node_modules/vite/bin/vite.js', import.meta.url));

/** What `vite build` with these arguments prints at --logLevel warn (nothing when all is well), into a scratch dir. */
async function buildOutput(args: string[]): Promise<string> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hc-vite-'));
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [VITE, 'build', ...args, '--outDir', outDir, '--logLevel', 'warn'],
      { cwd: fileURLToPath(new URL('.', import.meta.url)) },
    );
    return `${stdout}${stderr}`;
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

describe('the dev server proxy', () => {
  it("sends /api, /healthz and /readyz to the API's PORT, 3000 when unset", () => {
    expect(apiProxy({ PORT: '4100' })).toEqual({
      '/api': 'http://localhost:4100',
      '/healthz': 'http://localhost:4100',
      '/readyz': 'http://localhost:4100',
    });
    expect(apiProxy({})['/api']).toBe('http://localhost:3000');
  });
});

describe('the builds', () => {
  // Issue 34: the server renderer's build warned that a dynamic import it could not split was ineffective.
  it.each([
    ['the client', []],
    ['the server renderer', ['--ssr', 'src/client/entry-server.tsx']],
  ])(
    'of %s print no warning',
    async (_build, args) => {
      expect(await buildOutput(args)).toBe('');
    },
    120_000,
  );
});
