/** The admin password gate ("step-up"): re-entering the password opens a 15-minute window on the session. */
import type { z } from 'zod';
import type { Elevation, ElevateSchema } from '#shared/schemas/admin-donations.ts';
import { ApiError, apiRequest } from '#client/lib/api.ts';

const ELEVATE_PATH = '/api/admin/elevate';

/** POST /api/admin/elevate: checks the password and opens the window. */
export const elevate = (input: z.input<typeof ElevateSchema>) => apiRequest<Elevation>('POST', ELEVATE_PATH, input);

/** DELETE /api/admin/elevate: closes the window now (it would close by itself after 15 minutes). */
export const dropElevation = () => apiRequest<void>('DELETE', ELEVATE_PATH);

/** True when the server refused because the window is closed (never opened, dropped, or ended). */
export const isStepUpRequired = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 403 && error.code === 'STEP_UP_REQUIRED';
