/** Human verification, solved invisibly: fetch a signed proof-of-work challenge, solve it, send the proof. */
import { solveChallengeWorkers, type Challenge } from 'altcha-lib';
import { apiRequest } from './api.ts';

/** Up to four workers share the work (the recommended level is PBKDF2 at cost 5,000), so the page stays responsive. */
const MAX_WORKERS = 4;

/** The payload the server verifies, or null (with a console warning) when the check could not run. */
export async function solveHumanCheck(): Promise<string | null> {
  try {
    const challenge = await apiRequest<Challenge>('GET', '/api/altcha/challenge');
    const solution = await solveChallengeWorkers({
      challenge,
      concurrency: Math.min(MAX_WORKERS, navigator.hardwareConcurrency || 1),
      createWorker: () => new Worker(new URL('./altcha-worker.ts', import.meta.url), { type: 'module' }),
    });
    if (!solution) throw new Error('no solution found in time');
    return btoa(JSON.stringify({ challenge, solution }));
  } catch (err) {
    console.warn('Human verification is not available; continuing without it.', err);
    return null;
  }
}
