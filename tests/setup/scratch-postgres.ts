/**
 * A PostgreSQL server of the test's own (initdb in a temporary directory, on a free port) that the test may stop
 * and start, to see what the app does while its database is down. Needs the server binaries
 * (/usr/lib/postgresql/<version>/bin, or PG_BIN); as root it runs them as the `postgres` user, as PostgreSQL asks.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server-process.ts';

export interface ScratchPostgres {
  url: string;
  /** Resolve once the server has stopped (fast shutdown: sessions are ended) or is accepting connections. */
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

const run = promisify(execFile);

function binDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((v) => path.join(root, v, 'bin')).find((dir) => fs.existsSync(path.join(dir, 'initdb')));
  if (!found) throw new Error('PostgreSQL server binaries not found: apt-get install -y postgresql (or set PG_BIN)');
  return found;
}

export async function startScratchPostgres(): Promise<ScratchPostgres> {
  const bin = binDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hc-scratch-pg-'));
  const dataDir = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await run('chown', ['postgres:postgres', dir]);
  // Asynchronous, so that a test's clients keep running while pg_ctl works.
  const pgRun = async (tool: string, args: string[]) => {
    await (asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args])
      : run(path.join(bin, tool), args));
  };
  const port = await freePort();
  await pgRun('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => pgRun('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  const stop = () => pgRun('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  await start();
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async destroy() {
      await stop().catch(() => {
        // Already stopped.
      });
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
