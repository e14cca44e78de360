/** The one fetch helper: same-origin JSON with cookies; non-OK raises "<status>: <body text>". */
import type { QueryFunction } from '@tanstack/react-query';

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  throw new Error(`${res.status}: ${text}`);
}

/** JSON in and out; FormData (file uploads) is sent as multipart. */
export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const isForm = body instanceof FormData;
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined || isForm ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  await throwIfNotOk(res);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/**
 * The human-readable part of an apiRequest error: the server's `message` when the body is
 * our JSON error shape, else the text after the status.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback;
  const text = error.message.replace(/^\d{3}: /, '');
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed.message === 'string' && parsed.message) return parsed.message;
  } catch {
    // Not JSON: use the text as it is.
  }
  return text || fallback;
}

/** The shared default read: GET the path in the query key and parse JSON. */
export const getQueryFn: QueryFunction = async ({ queryKey }) => apiRequest('GET', queryKey.join('/') as string);
