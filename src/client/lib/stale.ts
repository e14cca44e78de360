/**
 * Kept out of lib/api.ts, which every page loads: only the pages that decide on records need it (decision 010).
 */
import { ApiError } from './api.ts';

/** A refusal because the record changed since the page read it (409): the page reads it again. */
export const isStale = (error: unknown): boolean => error instanceof ApiError && error.status === 409;
