/**
 * Running the built app for the measuring scripts (bench.ts, lighthouse.ts): build if needed, start it on a
 * fresh DATA_DIR or a scratch PostgreSQL database, and clean up on exit or Ctrl-C.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { isBuildCurrent } from './build-stamp.mjs';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** Runs `npm run build` when dist/ is incomplete or older than the sources (scripts/build-stamp.mjs). */
export function ensureBuilt(): void {
  if (isBuildCurrent()) return;
  console.log('dist/ is missing or older than the sources: running `npm run build` ...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status ?? result.signal})`);
}

/** The flags the server runs with, as `npm start` and docs/operations.md start it: a young generation of 2 x 8 MB. */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8'];

/** A port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningApp {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit status once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Stops the process (SIGTERM, then SIGKILL after 5 s). Safe to call twice. */
  stop(): Promise<void>;
}

const cleanups: (() => Promise<void> | void)[] = [];
/** Registers a clean-up step; runCleanups() runs them newest first. */
export function onCleanup(fn: () => Promise<void> | void): void {
  cleanups.push(fn);
}
let cleaning: Promise<void> | undefined;
/** Runs the clean-up steps once, one after the other; a second caller (signal handler vs finally) waits for the same run. */
export function runCleanups(): Promise<void> {
  cleaning ??= (async () => {
    while (cleanups.length) {
      const fn = cleanups.pop()!;
      try {
        await fn();
      } catch (err) {
        console.error('clean-up step failed:', err instanceof Error ? err.message : err);
      }
    }
  })();
  return cleaning;
}

/**
 * Runs `main` and always cleans up: after success, failure, Ctrl-C/SIGTERM, or an error thrown outside `main`
 * (e.g. an 'error' event nobody listens to). Exits 0 on success, 1 on failure, 130 on a signal.
 */
export async function runScript(name: string, main: () => Promise<void>): Promise<never> {
  let interrupted = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    // `on`, not `once`: npm and tsx may deliver the signal twice, and a second default-handled one would skip the clean-up.
    process.on(signal, () => {
      if (interrupted) return;
      interrupted = true;
      console.error(`\n${signal}: cleaning up`);
      void runCleanups().finally(() => process.exit(130));
    });
  }
  const fail = (err: unknown) => {
    console.error(`\n${name} failed:`, err instanceof Error ? (err.stack ?? err.message) : err);
    void runCleanups().finally(() => process.exit(1));
  };
  process.on('uncaughtException', fail);
  process.on('unhandledRejection', fail);
  let exitCode = 0;
  try {
    await main();
  } catch (err) {
    console.error(`\n${name} failed:`, err instanceof Error ? err.message : err);
    exitCode = 1;
  } finally {
    await runCleanups();
  }
  process.exit(exitCode);
}

/** A fresh temporary directory, removed at clean-up. */
export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  onCleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * Starts `node --max-semi-space-size=8 dist/server/index.js` on 127.0.0.1 and a free port and waits for /readyz.
 * Variables that would point the app elsewhere (DATABASE_URL, REDIS_URL, SMTP_URL, ...) are not inherited.
 */
export async function startApp(
  options: {
    databaseUrl?: string;
    env?: Record<string, string> | ((port: number) => Record<string, string>);
    label?: string;
    /** A fixed port (a restarted instance keeps its load balancer's address); a free one by default. */
    port?: number;
    /** A PGlite data directory prepared beforehand (removed at the end like any temp directory); a new one by default. */
    dataDir?: string;
  } = {},
): Promise<RunningApp> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? tempDir('hc-data-');
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of [
    'DATABASE_URL',
    'REDIS_URL',
    'SMTP_URL',
    'PUBLIC_URL',
    'NODE_ENV',
    'TRUST_PROXY',
    'DATA_DIR',
    'HOST',
    'PORT',
  ])
    delete env[key];
  Object.assign(env, {
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...(typeof options.env === 'function' ? options.env(port) : options.env),
  });
  const label = options.label ?? 'app';
  // APP_NODE_FLAGS adds Node's own flags to the app's (a profile: `--cpu-prof --cpu-prof-dir=/tmp/prof`).
  const extraFlags = process.env.APP_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, ...extraFlags, path.join(ROOT, 'dist/server/index.js')],
    {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output: string[] = [];
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      output.push(line);
      if (output.length > 200) output.shift();
      console.log(`  [${label}] ${line.length > 300 ? `${line.slice(0, 300)}...` : line}`);
    }
  };
  child.stdout!.on('data', forward);
  child.stderr!.on('data', forward);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  onCleanup(stop);

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the app exited before it was ready (code ${child.exitCode ?? child.signalCode}):\n${output.join('\n')}`,
      );
    }
    try {
      const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`the app did not answer 200 on /readyz within 60 s:\n${output.join('\n')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, child, exited, stop };
}

/** Creates `hc_bench_<random>` on the server of `adminUrl`, dropped at clean-up; returns its URL. */
export async function createScratchDatabase(
  adminUrl: string,
  prefix = 'hc_bench_',
): Promise<{ name: string; url: string }> {
  const name = `${prefix}${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  onCleanup(async () => {
    const again = new pg.Client({ connectionString: adminUrl });
    await again.connect();
    try {
      await again.query(`drop database if exists ${name} with (force)`);
    } finally {
      await again.end();
    }
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}
