/** Stopping cleanly (issue 15): drain with /readyz 503, finish what is in flight, exit 0; a second signal exits at once. */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../tests/setup/server-process.ts';

const DRAIN_MS = 1500;
let server: ServerProcess | undefined;
let dataDir = '';

async function start(drainMs: number) {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hc-shutdown-'));
  server = await startServerProcess({ DATA_DIR: dataDir, SHUTDOWN_DRAIN_MS: String(drainMs) });
  return server;
}

afterEach(async () => {
  server?.child.kill('SIGKILL');
  await server?.exited;
  server = undefined;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Polls until `check` holds (checked every 50 ms, up to 5 s). */
async function until(check: () => Promise<boolean>) {
  const deadline = Date.now() + 5_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Opens a connection and sends a GET's first line only; `finish()` sends the rest and resolves with the status line. */
function halfSentRequest(url: string, pathName: string) {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  const ended = new Promise<string>((resolve) => socket.on('close', () => resolve(answer.split('\r\n')[0]!)));
  const opened = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return {
    async begin() {
      await opened;
      socket.write(`GET ${pathName} HTTP/1.1\r\n`);
    },
    finish() {
      socket.write(`Host: ${hostname}\r\nConnection: close\r\n\r\n`);
      return ended;
    },
  };
}

describe('stopping on SIGTERM', () => {
  it('answers /readyz 503 at once, keeps serving through the drain, completes every request in flight with 2xx, and exits 0', async () => {
    const { url, child, exited, output } = await start(DRAIN_MS);
    const slow = halfSentRequest(url, '/api/campaign');
    await slow.begin();
    const inFlight = Array.from({ length: 40 }, (_, i) =>
      fetch(`${url}${i % 2 ? '/api/fundraising/progress' : '/api/campaign'}`).then((res) => res.status),
    );
    const signalledAt = Date.now();
    child.kill('SIGTERM');

    await until(async () => (await fetch(`${url}/readyz`)).status === 503);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    // Still serving during the drain, and telling keep-alive clients to reconnect elsewhere.
    const during = await fetch(`${url}/api/fundraising/progress`);
    expect(during.status).toBe(200);
    expect(during.headers.get('connection')).toBe('close');
    expect(await Promise.all(inFlight)).toEqual(Array(40).fill(200));

    // A request whose headers were still arriving when the server stopped accepting is answered too.
    await new Promise((resolve) => setTimeout(resolve, DRAIN_MS + 200 - (Date.now() - signalledAt)));
    expect(await slow.finish()).toBe('HTTP/1.1 200 OK');

    expect(await exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    expect(output()).toContain('shutting down: draining');
    // The data directory is left unlocked for the next start.
    expect(fs.existsSync(path.join(dataDir, 'healing-circle.lock'))).toBe(false);
  }, 60_000);

  it('exits at once with status 1 on a second signal during the drain', async () => {
    const { url, child, exited } = await start(30_000);
    child.kill('SIGTERM');
    await until(async () => (await fetch(`${url}/readyz`)).status === 503);
    const secondAt = Date.now();
    child.kill('SIGINT');
    expect(await exited).toEqual({ code: 1, signal: null });
    expect(Date.now() - secondAt).toBeLessThan(2_000);
  }, 60_000);
});
