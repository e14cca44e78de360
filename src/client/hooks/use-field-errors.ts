/** The one way a form shows the server's refusal: each field error on its field, the rest as one message. */
import { useCallback } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, errorMessage } from '#client/lib/api.ts';

/**
 * Returns `show(error, fallback?)`: every field error whose path is one of `fields` (or, mapped by `toField`, a
 * path of this form) goes onto that field, the first one focused. It returns null when every error found its
 * field, else the message for a toast or alert: the server's, or `fallback` when the request got no answer or
 * the error is no ApiError (without a fallback, null for those).
 */
export function useFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  toField: (serverPath: string) => string | null = (path) => path,
): (error: unknown, fallback?: string) => string | null {
  return useCallback(
    (error: unknown, fallback?: string) => {
      if (!(error instanceof ApiError)) return fallback ?? null;
      let placed = 0;
      for (const [serverPath, message] of Object.entries(error.fieldErrors)) {
        const field = toField(serverPath);
        if (field === null || !(fields as readonly string[]).includes(field)) continue;
        setError(field as Path<T>, { message }, { shouldFocus: placed === 0 });
        placed += 1;
      }
      if (placed > 0 && Object.keys(error.fieldErrors).length === placed) return null;
      return fallback === undefined ? error.serverMessage : errorMessage(error, fallback);
    },
    [setError, fields, toField],
  );
}
