/**
 * The one fetch layer: same-origin JSON with cookies. A refusal raises an ApiError carrying the status, the
 * server's message, its code and every field error, read once from the body (`{ message, code?, fieldErrors? }`).
 * Its `message` stays "<status>: <body text>", as the spec's client raised it. Per-area modules in
 * `src/client/api/` type each call from the shared zod schemas; pages call those, not fetch.
 */
import type { QueryFunction } from '@tanstack/react-query';

export class ApiError extends Error {
  /** Null when the request never got an answer (offline, DNS, aborted). */
  readonly status: number | null;
  /** The server's human message (for a field error, that field's message); null when the body had none. */
  readonly serverMessage: string | null;
  readonly code: string | null;
  /** Each invalid field's path (`amount`, `onboardingData.bio`) and its message; empty when none. */
  readonly fieldErrors: Readonly<Record<string, string>>;
  /** The first invalid field, whose message `serverMessage` is; null when the error is about no field. */
  readonly field: string | null;

  constructor(status: number | null, bodyText: string) {
    super(status === null ? bodyText : `${status}: ${bodyText}`);
    this.name = 'ApiError';
    this.status = status;
    const body = parseErrorBody(bodyText);
    this.code = body.code;
    this.fieldErrors = body.fieldErrors;
    const [first] = Object.entries(body.fieldErrors);
    this.field = first ? first[0] : null;
    this.serverMessage = first ? first[1] : (body.message ?? (bodyText && !body.json ? bodyText : null));
  }
}

function parseErrorBody(text: string) {
  const none = { json: false, message: null, code: null, fieldErrors: {} };
  try {
    const parsed = JSON.parse(text) as { message?: unknown; code?: unknown; fieldErrors?: unknown } | null;
    if (typeof parsed !== 'object' || parsed === null) return none;
    return {
      json: true,
      message: typeof parsed.message === 'string' && parsed.message ? parsed.message : null,
      code: typeof parsed.code === 'string' ? parsed.code : null,
      fieldErrors: stringRecord(parsed.fieldErrors),
    };
  } catch {
    return none;
  }
}

function stringRecord(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** The error as an ApiError (anything else thrown, e.g. by a component, becomes one with no status). */
export function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError(null, error instanceof Error ? error.message : '');
}

/** The message to show a person: the server's own, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.status !== null && error.serverMessage) || fallback;
}

/** A multipart body of one file under `field`, as the upload routes read it. */
export function fileForm(field: string, file: File): FormData {
  const form = new FormData();
  form.append(field, file);
  return form;
}

/** JSON in and out; FormData (file uploads) is sent as multipart. Non-2xx raises ApiError. */
export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const isForm = body instanceof FormData;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      credentials: 'include',
      headers: body === undefined || isForm ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  } catch (err) {
    throw new ApiError(null, err instanceof Error ? err.message : 'The request did not reach the server');
  }
  if (!res.ok) throw new ApiError(res.status, (await res.text()) || res.statusText);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/** GET helper for the per-area modules. */
export const apiGet = <T>(url: string) => apiRequest<T>('GET', url);

/** GET a file to save (its bytes as sent, not parsed); non-2xx raises ApiError as apiRequest does. */
export async function apiDownload(url: string): Promise<Blob> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'include' });
  } catch (err) {
    throw new ApiError(null, err instanceof Error ? err.message : 'The request did not reach the server');
  }
  if (!res.ok) throw new ApiError(res.status, (await res.text()) || res.statusText);
  return res.blob();
}

/** A path with its query string; empty and undefined values are left out. */
export function withQuery(path: string, query: Record<string, string | number | boolean | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** The shared default read: GET the path in the query key and parse JSON. */
export const getQueryFn: QueryFunction = async ({ queryKey }) => apiRequest('GET', queryKey.join('/') as string);
