/**
 * One process per PGlite data directory. PGlite has no lock of its own: a second process opening the same
 * directory (a second server, admin:create, a backup) runs its own copy of the database over the same files,
 * and one of them silently loses acknowledged writes. The first process writes `healing-circle.lock` (its pid,
 * host and command); the next one stops with a message naming them. A lock whose process is gone (killed,
 * crashed) is taken over.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const LOCK_FILE = 'healing-circle.lock';

interface Holder {
  pid: number;
  host: string;
  command: string;
  since: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: Holder,
  ) {
    super(
      `The data directory ${dataDir} is in use by process ${holder.pid} (${holder.command}, on ${holder.host} since ${holder.since}): ` +
        'only one process may open it. Stop that process first, or use DATABASE_URL (PostgreSQL) for several processes.',
    );
  }
}

export interface DataDirLock {
  release(): void;
}

/** Whether a process with this pid runs on this machine (EPERM: it runs, as another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): Holder | null {
  try {
    const holder = JSON.parse(fs.readFileSync(file, 'utf8')) as Holder;
    return Number.isInteger(holder.pid) ? holder : null;
  } catch {
    return null;
  }
}

/** A lock on another host cannot be checked from here, so it counts as held. */
const isStale = (holder: Holder | null) => !holder || (holder.host === os.hostname() && !isRunning(holder.pid));

/** Takes the directory's lock for this process, taking over a stale one; throws DataDirLockedError if held. */
export function lockDataDir(dataDir: string): DataDirLock {
  const file = path.join(dataDir, LOCK_FILE);
  const me: Holder = {
    pid: process.pid,
    host: os.hostname(),
    command:
      process.argv
        .slice(1)
        .map((arg) => path.relative(process.cwd(), arg) || arg)
        .join(' ') || 'node',
    since: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      // 'wx': create, failing if the file exists, so of two processes starting at once exactly one gets it.
      fs.writeFileSync(file, JSON.stringify(me), { flag: 'wx' });
      const release = () => {
        if (readHolder(file)?.pid === me.pid) fs.rmSync(file, { force: true });
        process.off('exit', release);
      };
      process.on('exit', release);
      return { release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = readHolder(file);
    if (!isStale(holder)) throw new DataDirLockedError(dataDir, holder!);
    // Move the stale lock aside under a name of our own (atomic), then try to create ours again.
    const aside = `${file}.stale-${me.pid}`;
    try {
      fs.renameSync(file, aside);
      // Between reading and moving, another process may have taken over and written its own lock: put it back.
      if (!isStale(readHolder(aside))) fs.linkSync(aside, file);
    } catch {
      // Another process moved it first; the next attempt sees its lock or none.
    }
    fs.rmSync(aside, { force: true });
  }
  const holder = readHolder(file);
  throw new DataDirLockedError(dataDir, holder ?? { pid: 0, host: os.hostname(), command: 'unknown', since: '?' });
}
