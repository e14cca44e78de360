/** The admin password gate ("step-up"): re-entering the password opens a 15-minute window on the session. */
import type { z } from 'zod';
import type { ElevateSchema } from '#shared/schemas/admin-donations.ts';
import * as admin from '#shared/contract/admin.ts';
import { ApiError, call } from '#client/lib/api.ts';

/** Checks the password and opens the window. */
export const elevate = (input: z.input<typeof ElevateSchema>) => call(admin.elevate, { body: input });

/** Closes the window now (it would close by itself after 15 minutes). */
export const dropElevation = () => call(admin.dropElevation);

/** True when the server refused because the window is closed (never opened, dropped, or ended). */
export const isStepUpRequired = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 403 && error.code === 'STEP_UP_REQUIRED';
