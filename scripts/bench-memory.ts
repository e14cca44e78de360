/**
 * Resident memory of the built server (`node --max-semi-space-size=8 dist/server/index.js`, as `npm start` runs it),
 * per database and per kind of start:
 *
 *   npm run bench:memory                                                          # PGlite only
 *   DATABASE_URL=postgresql://root@127.0.0.1:5432/postgres npm run bench:memory   # PGlite, then PostgreSQL
 *
 * Each backend starts twice on the same data: first on a new data directory (or scratch database
 * `hc_bench_<random>`, dropped afterwards), which it creates, migrates and seeds, then again on it. Each start is
 * read from /proc (VmRSS) 2 s after it is ready, after serving five public pages three times, at its highest during
 * 10 s of autocannon (50 connections) on GET /api/fundraising/progress (sampled every 100 ms), and 3 s after. See
 * docs/performance.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import {
  createScratchDatabase,
  ensureBuilt,
  runScript,
  SERVER_NODE_FLAGS,
  startApp,
  tempDir,
  type RunningApp,
} from './app-process.ts';
import { textTable } from './text-table.ts';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon') as (
  options: { url: string; connections: number; duration: number },
  done: (err: unknown, result: { requests: { average: number } }) => void,
) => void;

const PAGES = ['/', '/donate', '/transparency', '/how-it-works', '/stories'];
const TARGET_MB = { PGlite: 300, PostgreSQL: 160 } as const;

/** VmRSS of a process, in MB. */
function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/^VmRSS:\s+(\d+) kB/m.exec(status)![1]) / 1024);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function measure(app: RunningApp) {
  const pid = app.child.pid!;
  await pause(2000);
  const idle = rssOf(pid);
  for (let i = 0; i < 3; i++)
    for (const page of PAGES) await (await fetch(`${app.url}${page}`, { headers: { 'accept-encoding': 'br' } })).text();
  const pages = rssOf(pid);
  // The peak under load, sampled (the process's own VmHWM also holds its start: migrations, seeding, first render).
  let peak = pages;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 100);
  const load = await new Promise<number>((resolve, reject) =>
    autocannon({ url: `${app.url}/api/fundraising/progress`, connections: 50, duration: 10 }, (err, result) =>
      err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(result.requests.average),
    ),
  ).finally(() => clearInterval(sampler));
  await pause(3000);
  return { idle, pages, peak, after: rssOf(pid), load };
}

async function main(): Promise<void> {
  ensureBuilt();
  const loadBefore = os.loadavg()[0]!;
  console.log(
    `Resident memory of node ${SERVER_NODE_FLAGS.join(' ')} dist/server/index.js; Node ${process.version}, load average ${loadBefore.toFixed(2)}`,
  );
  const backends: { name: keyof typeof TARGET_MB; options: () => Promise<Parameters<typeof startApp>[0]> }[] = [
    { name: 'PGlite', options: async () => ({ dataDir: tempDir('hc-data-') }) },
  ];
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl)
    backends.push({
      name: 'PostgreSQL',
      options: async () => ({ databaseUrl: (await createScratchDatabase(adminUrl)).url }),
    });
  const rows: string[][] = [];
  for (const backend of backends) {
    const options = { ...(await backend.options()), env: { SHUTDOWN_DRAIN_MS: '0' }, label: backend.name };
    for (const start of ['first start', 'restart']) {
      const app = await startApp(options);
      const m = await measure(app);
      await app.stop();
      const target = TARGET_MB[backend.name];
      const met = Math.max(m.idle, m.pages, m.peak, m.after) <= target ? 'met' : 'MISSED';
      rows.push([
        `${backend.name}, ${start}`,
        `${m.idle}`,
        `${m.pages}`,
        `${m.peak}`,
        `${m.after}`,
        `${target} ${met}`,
      ]);
      console.log(`  ${rows.at(-1)!.join(' | ')}  (progress ${Math.round(m.load)} req/s)`);
    }
  }
  const header = ['start', 'after start MB', 'after pages', 'peak under progress load', 'after load', 'target'];
  console.log(`\n${textTable(header, rows)}`);
  console.log(`\nLoad average (1 min) before ${loadBefore.toFixed(2)}, now ${os.loadavg()[0]!.toFixed(2)}.`);
}

await runScript('bench:memory', main);
