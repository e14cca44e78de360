/**
 * The one fetch layer: same-origin JSON with cookies. A refusal raises an ApiError carrying the status, the
 * server's message, its code and every field error, read once from the body (`{ message, code?, fieldErrors? }`).
 * Its `message` stays "<status>: <body text>", as the spec's client raised it. Per-area modules in
 * `src/client/api/` type each call from the shared zod schemas; pages call those, not fetch.
 */
import type { QueryFunction } from '@tanstack/react-query';
import type { CallInput, CallOutput, Endpoint, EndpointRoute } from '#shared/contract/endpoint.ts';
import type { Resource } from '#shared/contract/resources.ts';
import type { ErrorBody, ErrorCode } from '#shared/errors.ts';
import { pathOf, withQuery as queryString } from '#shared/contract/path.ts';

export class ApiError extends Error {
  /** Null when the request never got an answer (offline, DNS, aborted). */
  readonly status: number | null;
  /** The server's human message (for a field error, that field's message); null when the body had none. */
  readonly serverMessage: string | null;
  readonly code: ErrorCode | null;
  /** Each invalid field's path (`amount`, `onboardingData.bio`) and its message; empty when none. */
  readonly fieldErrors: Readonly<Record<string, string>>;
  /** The first invalid field, whose message `serverMessage` is; null when the error is about no field. */
  readonly field: string | null;

  constructor(status: number | null, bodyText: string) {
    super(status === null ? bodyText : `${status}: ${bodyText}`);
    this.name = 'ApiError';
    this.status = status;
    const body = parseErrorBody(bodyText);
    // Every refusal of the API is written through ErrorBodySchema (its code one of ErrorCode); a proxy's or a
    // crash's body may be anything, hence the checks of the other fields.
    const fieldErrors = body && stringRecord(body.fieldErrors);
    this.fieldErrors = fieldErrors ?? {};
    const [first] = Object.entries(this.fieldErrors);
    this.code = body?.code ?? null;
    this.field = first ? first[0] : null;
    const message = body ? (typeof body.message === 'string' && body.message) || null : bodyText || null;
    this.serverMessage = first ? first[1] : message;
  }
}

/** The body of a refusal when it is a JSON object, else undefined. */
function parseErrorBody(
  text: string,
): { message?: unknown; code?: ErrorBody['code']; fieldErrors?: unknown } | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? parsed : undefined;
  } catch {
    return undefined;
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

/** JSON in and out (or a file's bytes, as a Blob); FormData (file uploads) is sent as multipart. Non-2xx raises ApiError. */
async function send(method: string, url: string, body: unknown, file: boolean): Promise<unknown> {
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
  return file ? res.blob() : res.status === 204 ? undefined : res.json();
}

/** JSON in and out; FormData (file uploads) is sent as multipart. Non-2xx raises ApiError. */
export const apiRequest = <T = unknown>(method: string, url: string, body?: unknown) =>
  send(method, url, body, false) as Promise<T>;

/** GET helper for the per-area modules. */
export const apiGet = <T>(url: string) => apiRequest<T>('GET', url);

/** GET a file to save (its bytes as sent, not parsed); non-2xx raises ApiError as apiRequest does. */
export const apiDownload = (url: string) => send('GET', url, undefined, true) as Promise<Blob>;

/** A path with its query string; empty and undefined values are left out. */
export const withQuery = queryString;

/** A call's arguments, optional when the endpoint reads nothing that is required. */
export type CallArgs<E extends Endpoint> = object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/** The URL of a call: the endpoint's path with its params filled in, and its query. */
export function urlOf<E extends Endpoint>(endpoint: E, ...[input]: CallArgs<E>): string {
  return queryString(pathOf(endpoint.path, input?.params), input?.query);
}

type ChangeListener = (resources: readonly Resource[]) => void;
const changeListeners = new Set<ChangeListener>();
/** Told the resources a write changed, once it succeeded (the query client reads them again: query-client.ts). */
export function onChange(listener: ChangeListener): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/**
 * Says a write to `endpoint` succeeded (or was refused as stale): the reads of the resources it `changes` are stale. `call` says it for every
 * call; a write sent another way (an upload with progress: lib/upload.ts) says it once its answer is in.
 */
export function changed(endpoint: EndpointRoute): void {
  if (endpoint.changes) for (const listener of changeListeners) listener(endpoint.changes);
}

/**
 * Calls an endpoint of the contract (src/shared/contract): its method and path, what it reads and what it answers
 * all come from its one declaration. A refusal raises ApiError; a file comes back as a Blob. A write that
 * succeeded, or was refused as made on a stale read (409), makes the reads of the resources it `changes` stale.
 */
export async function call<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>): Promise<CallOutput<E>> {
  const url = urlOf(endpoint, ...args);
  // The one place an answer meets its type: the server wrote it through the same declaration's schema.
  const answer = await send(endpoint.method, url, args[0]?.body, endpoint.download === true).catch((err: unknown) => {
    // A 409: the record changed since the page read it, so what the write would change is read again.
    if (err instanceof ApiError && err.status === 409) changed(endpoint);
    throw err;
  });
  changed(endpoint);
  return answer as CallOutput<E>;
}

/** A read's query key: its resource first, so a write that changes the resource reaches every read of it. */
export const keyOf = <E extends Endpoint>(endpoint: E, ...[input]: CallArgs<E>) =>
  [endpoint.resource ?? endpoint.path, endpoint.path, input?.params ?? null, input?.query ?? null] as const;

/** A read for useQuery: its key and its call. */
export const queryOf = <E extends Endpoint>(endpoint: E, ...args: CallArgs<E>) => ({
  queryKey: keyOf(endpoint, ...args),
  queryFn: () => call(endpoint, ...args),
});

/** The shared default read: GET the path in the query key and parse JSON. */
export const getQueryFn: QueryFunction = async ({ queryKey }) => apiRequest('GET', queryKey.join('/') as string);
