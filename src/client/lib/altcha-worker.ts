/** A Web Worker that solves ALTCHA challenges off the main thread, with the browser's own crypto. */
import { handler } from 'altcha-lib/workers/shared';
import { deriveKey as pbkdf2 } from 'altcha-lib/algorithms/web/pbkdf2';
import { deriveKey as sha } from 'altcha-lib/algorithms/web/sha';
import type { DeriveKeyFunction } from 'altcha-lib/types';

const deriveKey: DeriveKeyFunction = (parameters, salt, password) =>
  (parameters.algorithm.startsWith('PBKDF2/') ? pbkdf2 : sha)(parameters, salt, password);

handler({ deriveKey });
