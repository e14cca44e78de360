/** The one way a form shows the server's refusal: each field error on its field, the rest as one message. */
import { useCallback } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '#client/lib/api.ts';

/**
 * Returns `show(error)`: every field error whose path is one of `fields` (or, mapped by `toField`, a path of
 * this form) goes onto that field, the first one focused; the message that belongs to no field of this form
 * is returned for a toast or alert (null when every error found its field).
 */
export function useFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  toField: (serverPath: string) => string | null = (path) => path,
): (error: unknown) => string | null {
  return useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiError)) return null;
      let placed = 0;
      for (const [serverPath, message] of Object.entries(error.fieldErrors)) {
        const field = toField(serverPath);
        if (field === null || !(fields as readonly string[]).includes(field)) continue;
        setError(field as Path<T>, { message }, { shouldFocus: placed === 0 });
        placed += 1;
      }
      return placed > 0 && Object.keys(error.fieldErrors).length === placed ? null : error.serverMessage;
    },
    [setError, fields, toField],
  );
}
