/** Transitional (issue 14): pages move to ApiError from lib/api.ts; this file goes when none import it. */
import { ApiError } from './api.ts';

export interface ApiErrorInfo {
  status: number | null;
  message: string | null;
  code: string | null;
  fieldErrors: Record<string, string>;
  field: string | null;
}

export function apiErrorInfo(error: unknown): ApiErrorInfo {
  if (!(error instanceof ApiError) || error.status === null)
    return { status: null, message: null, code: null, fieldErrors: {}, field: null };
  return {
    status: error.status,
    message: error.serverMessage,
    code: error.code,
    fieldErrors: { ...error.fieldErrors },
    field: error.field,
  };
}
