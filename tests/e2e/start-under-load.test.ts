/**
 * An instance restarted while traffic arrives (issue 15): once it rendered its pages at start and, under load,
 * missed Fastify's plugin timeout and never served. Clients hammer the port before the server starts; it must
 * come up, answer them, and turn ready.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, startServerProcess } from '../setup/server-process.ts';

const PATHS = ['/', '/donate', '/transparency', '/api/fundraising/progress', '/api/campaign', '/stories'];

describe('starting while clients already hammer the port', () => {
  it('comes up, answers every request it accepts below 500, and turns ready', async () => {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hc-start-'));
    const statuses: number[] = [];
    let running = true;
    const client = async (n: number) => {
      for (let i = n; running; i++) {
        try {
          const res = await fetch(`http://127.0.0.1:${port}${PATHS[i % PATHS.length]}`);
          await res.arrayBuffer();
          statuses.push(res.status);
        } catch {
          // Not listening yet.
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      }
    };
    const clients = Array.from({ length: 16 }, (_, n) => client(n));
    const server = await startServerProcess({ DATA_DIR: dataDir, PORT: String(port) }).catch((err: Error) => {
      running = false;
      throw err;
    });
    try {
      const servedAt = statuses.length;
      // Keep the load on for a while after the start, through the first render of the pages.
      while (statuses.length < servedAt + 300) await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      running = false;
      await Promise.all(clients);
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(300);
      expect(server.output()).not.toContain('did not start in time');
    } finally {
      running = false;
      server.child.kill('SIGKILL');
      await server.exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
