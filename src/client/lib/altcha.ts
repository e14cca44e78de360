/** Human verification, solved invisibly: fetch a signed proof-of-work challenge, solve it, send the proof. */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import { apiRequest } from './api.ts';

/** The payload the server verifies, or null (with a console warning) when the check could not run. */
export async function solveHumanCheck(): Promise<string | null> {
  try {
    const challenge = await apiRequest<Challenge>('GET', '/api/altcha/challenge');
    const solution = await solveChallenge({ challenge, deriveKey });
    if (!solution) throw new Error('no solution found in time');
    return btoa(JSON.stringify({ challenge, solution }));
  } catch (err) {
    console.warn('Human verification is not available; continuing without it.', err);
    return null;
  }
}
