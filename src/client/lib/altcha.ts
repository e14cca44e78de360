/** Human verification, solved invisibly: fetch a signed proof-of-work challenge, solve it, send the proof. */
import { useCallback, useEffect, useRef } from 'react';
import { solveChallengeWorkers } from 'altcha-lib';
import * as site from '#shared/contract/site.ts';
import { call } from './api.ts';

/** Up to four workers share the work (the recommended level is PBKDF2 at cost 5,000), so the page stays responsive. */
const MAX_WORKERS = 4;
/** A proof solved ahead is used only while its challenge has at least this long to run (the submit takes time too). */
const EXPIRY_MARGIN_MS = 60 * 1000;

interface Proof {
  payload: string;
  /** When the challenge stops being accepted (ms), or null when it does not say. */
  expiresAtMs: number | null;
}

/**
 * A proof-of-work challenge for the human check. Asked for here, not in api/auth.ts: that module is in every page's
 * first script, which would then carry `call` for a check only some forms make.
 */
const getHumanCheckChallenge = () => call(site.altchaChallenge);

/** A proof for a new challenge, or null (with a console warning) when the check could not run. */
async function solveNew(): Promise<Proof | null> {
  try {
    const challenge = await getHumanCheckChallenge();
    const solution = await solveChallengeWorkers({
      challenge,
      concurrency: Math.min(MAX_WORKERS, navigator.hardwareConcurrency || 1),
      createWorker: () => new Worker(new URL('./altcha-worker.ts', import.meta.url), { type: 'module' }),
    });
    if (!solution) throw new Error('no solution found in time');
    const expiresAt = challenge.parameters.expiresAt;
    return { payload: btoa(JSON.stringify({ challenge, solution })), expiresAtMs: expiresAt ? expiresAt * 1000 : null };
  } catch (err) {
    console.warn('Human verification is not available; continuing without it.', err);
    return null;
  }
}

const stillGood = (proof: Proof) => proof.expiresAtMs === null || proof.expiresAtMs - Date.now() > EXPIRY_MARGIN_MS;

/**
 * For a form that sends a human check: starts solving as soon as the form is shown, so by submit the proof
 * is usually ready. The returned function gives the payload the server verifies (or null when the check
 * could not run); each proof is accepted once, so a second submit solves a new one. `solveAhead` false
 * (a page whose form may never send it) waits for the first call instead.
 */
export function useHumanCheck(solveAhead = true): () => Promise<string | null> {
  const ahead = useRef<Promise<Proof | null> | null>(null);
  useEffect(() => {
    if (solveAhead) ahead.current ??= solveNew();
  }, [solveAhead]);
  return useCallback(async () => {
    const ready = ahead.current;
    ahead.current = null;
    const proof = ready ? await ready : null;
    if (proof && stillGood(proof)) return proof.payload;
    return (await solveNew())?.payload ?? null;
  }, []);
}
