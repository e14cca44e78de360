/** The real server as its own process (`node --import tsx src/server/index.ts`), for tests of starting, signals and locks. */
import { spawn, type ChildProcess } from 'node:child_process';
import { ROOT_DIR } from '../../src/server/paths.ts';
import { freePort } from '../../scripts/app-process.ts';

export { freePort };

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit status once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts the server with these settings and resolves once it says it is serving. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    cwd: ROOT_DIR,
    env: { ...process.env, NODE_ENV: 'development', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env, PORT: port },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (printed.includes('Healing Circle is serving')) resolve();
    };
    child.stdout!.on('data', check);
    void exited.then(({ code }) => reject(new Error(`the server exited (${code}) before serving:\n${printed}`)));
  });
  return { child, url: `http://127.0.0.1:${port}`, output: () => printed, exited };
}
