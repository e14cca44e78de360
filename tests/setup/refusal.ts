/** What a policy's `authorize` threw: its code, message and (for a stale read) the version to read again; null when it allowed. */
import { AppError } from '../../src/shared/errors.ts';

export function refusalOf(authorize: () => void): [code: string, message: string, current: unknown] | null {
  try {
    authorize();
  } catch (error) {
    if (error instanceof AppError) return [error.code, error.message, error.currentVersion];
    throw error;
  }
  return null;
}
