/**
 * One endpoint, declared once: its method, path, who may call it, what it reads (params, query, body) and what it
 * answers for each status. The server registers its route from this (src/server/routes/endpoint.ts); the client's
 * call is typed from it (src/client/lib/api.ts), and in the browser's build the declaration is cut down to its
 * method and path (scripts/vite-client-contract.ts), so no schema ships with a page for a call.
 */
import { z } from 'zod';
import type { Access } from '../auth/access.ts';
import { ERROR_STATUS, type ErrorCode } from '../errors.ts';
import type { Resource } from './resources.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A success's body: a schema, `null` for none (204), `'file'` for bytes that are not JSON (a download), or
 * `'redirect'` for a 302 that sends the browser to a page (a link's target, never fetched).
 */
export type Answer = z.ZodType | null | 'file' | 'redirect';

export interface EndpointDeclaration {
  method: Method;
  path: `/api/${string}`;
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body's schema, or `'multipart'` (a file upload) or `'raw'` (bytes verified before parsing). */
  body?: z.ZodType | 'multipart' | 'raw';
  /** Each success status and its answer. Refusals (4xx, 5xx) are always the one error shape, `ErrorBodySchema`. */
  responses: Partial<Record<200 | 201 | 202 | 204, Answer>> | { 302: 'redirect' };
  /** A read: the resource its answer shows (the browser keeps it under that name: see `changes`). */
  resource?: Resource;
  /** A write: the resources whose reads it makes stale; the browser reads them again after it succeeds. */
  changes?: readonly Resource[];
}

/**
 * What the browser's build keeps of an endpoint: the method, the path and whether it answers with a file. The
 * declaration itself is there on the server and in type-checking only.
 */
export interface EndpointRoute {
  readonly method: Method;
  readonly path: string;
  /** True when a success answers with a file, not JSON. */
  readonly download?: true;
  readonly resource?: Resource;
  readonly changes?: readonly Resource[];
}

export interface Endpoint<D extends EndpointDeclaration = EndpointDeclaration> extends EndpointRoute {
  readonly kind: 'endpoint';
  readonly declaration: D;
  readonly method: D['method'];
  readonly path: D['path'];
}

/** Declares an endpoint (see the file's comment). */
export function endpoint<const D extends EndpointDeclaration>(declaration: D): Endpoint<D> {
  const { method, path, resource, changes } = declaration;
  const download = Object.values(declaration.responses).includes('file') ? { download: true as const } : {};
  return { kind: 'endpoint', declaration, ...routeOf({ method, path, resource, changes }), method, path, ...download };
}

/** The browser's view of an endpoint (what scripts/vite-client-contract.ts writes for each): no schema. */
export const routeOf = ({ method, path, download, resource, changes }: EndpointRoute): EndpointRoute => ({
  method,
  path,
  ...(download ? { download } : {}),
  ...(resource ? { resource } : {}),
  ...(changes?.length ? { changes } : {}),
});

export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/** Every refusal's body (ErrorBody in src/shared/errors.ts), and no other keys. */
export const ErrorBodySchema = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES).optional(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
  currentVersion: z.union([z.number(), z.string(), z.null()]).optional(),
});

type Parsed<S> = S extends z.ZodType ? z.output<S> : never;
type Sent<S> = S extends z.ZodType ? z.input<S> : never;
type Declared<E extends Endpoint> = E['declaration'];

/** What a call sends: the path's params, the query and the body, each only where the endpoint reads one. */
export type CallInput<E extends Endpoint> = (Declared<E>['params'] extends z.ZodType
  ? { params: Sent<Declared<E>['params']> }
  : { params?: never }) &
  (Declared<E>['query'] extends z.ZodType ? { query?: Sent<Declared<E>['query']> } : { query?: never }) &
  (Declared<E>['body'] extends z.ZodType
    ? { body: Sent<Declared<E>['body']> }
    : Declared<E>['body'] extends 'multipart' | 'raw'
      ? { body: FormData }
      : { body?: never });

type SuccessOf<R> = R[keyof R];
/** What a call's success answers: the parsed body of its 2xx status (undefined for 204, a Blob for a file). */
export type CallOutput<E extends Endpoint> =
  SuccessOf<Declared<E>['responses']> extends infer A
    ? A extends z.ZodType
      ? Parsed<A>
      : A extends 'file'
        ? Blob
        : undefined
    : never;
