/** One process per PGlite data directory (issue 15): a second opener stops with a clear line; a dead holder's lock is taken over. */
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { DataDirLockedError, LOCK_FILE } from './data-dir-lock.ts';
import { ROOT_DIR } from '../paths.ts';
import { startServerProcess } from '../../../tests/setup/server-process.ts';

const dirs: string[] = [];
function freshDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hc-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A pid that no process has any more. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  return Number(child.stdout.trim());
}

/** Runs a script (`scripts/<name>.ts`) on this data directory; its status and what it printed. */
function script(dataDir: string, name: string, ...args: string[]) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `scripts/${name}.ts`, ...args],
      { cwd: ROOT_DIR, env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development' }, encoding: 'utf8' },
      (err, stdout, stderr) => resolve({ status: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

// Each test creates and migrates fresh embedded databases, twice in the first: on two busy cores that alone has taken
// 18-21 s, so these get a minute rather than the API suite's 20 s.
describe('the PGlite data directory lock', { timeout: 60_000 }, () => {
  it('refuses a second open of a directory in use, naming the directory and the process, and allows it once closed', async () => {
    const dir = freshDir();
    const first = await openDatabase({ dataDir: dir });
    const second = openDatabase({ dataDir: dir });
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(second).rejects.toThrow(`The data directory ${dir} is in use by process ${process.pid}`);
    await first.close();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    const third = await openDatabase({ dataDir: dir });
    await third.close();
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const dir = freshDir();
    const stale = { pid: deadPid(), host: os.hostname(), command: 'node dist/server/index.js', since: '2026-01-01' };
    fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify(stale));
    const database = await openDatabase({ dataDir: dir });
    expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    await database.close();
  });

  // Seven processes that each start TypeScript and PGlite: minutes on a busy two-core machine.
  it('stops admin:create and db:backup with status 1 and one line while the server runs, and lets them run once it was killed', async () => {
    const dir = freshDir();
    const server = await startServerProcess({ DATA_DIR: dir });
    try {
      const backupFile = path.join(freshDir(), 'site.backup');
      // Each script compiles its TypeScript as it starts: the independent ones run side by side.
      const refusals = await Promise.all([script(dir, 'admin-create'), script(dir, 'db-backup', backupFile)]);
      for (const refused of refusals) {
        expect(refused.status).toBe(1);
        expect(refused.stdout).toBe('');
        expect(refused.stderr.trim().split('\n')).toEqual([
          expect.stringMatching(new RegExp(`^The data directory ${dir} is in use by process ${server.child.pid} \\(`)),
        ]);
      }

      server.child.kill('SIGKILL');
      await server.exited;
      const after = await script(dir, 'admin-create');
      expect(after.status).toBe(0);
      expect(after.stdout).toMatch(/One-time super admin link .*\n {2}http:\/\/localhost:\d+\/register\?invite=/);

      // With the server stopped, the directory backs up, and restores into a new one but not onto itself.
      expect((await script(dir, 'db-backup', backupFile)).stdout).toMatch(/^Backed up \d+ rows of \d+ tables to /);
      const [restored, onto] = await Promise.all([
        script(freshDir(), 'db-restore', backupFile),
        script(dir, 'db-restore', backupFile),
      ]);
      expect(restored.status, restored.stderr).toBe(0);
      expect(restored.stdout).toMatch(/^Restored \d+ rows of \d+ tables from /);
      expect(onto.status).toBe(1);
      expect(onto.stderr.trim()).toBe(
        'The target database is not empty: restore into a new DATA_DIR or an empty database',
      );
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 240_000);
});
