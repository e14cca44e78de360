/** One error handler: every non-2xx JSON body is { message, code?, fieldErrors? }; framework codes and 5xx text never leave. */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, ERROR_STATUS, type ErrorBody, type ErrorCode } from '#shared/errors.ts';
import { isDatabaseUnavailable } from '../services/db-errors.ts';

const FASTIFY_CODES: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'VALIDATION', message: 'Request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'VALIDATION', message: 'Request body is empty; send a JSON object' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Send the request body as application/json',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'VALIDATION',
    message: 'Request body length does not match Content-Length',
  },
  FST_ERR_ROUTE_MISSING_CONTENT_TYPE: {
    code: 'VALIDATION',
    message: 'Say what the request body is with a Content-Type header',
  },
  FST_ERR_BAD_URL: { code: 'VALIDATION', message: 'The address is not valid: a %-escape in it is malformed' },
  FST_ERR_MAX_PARAM_LENGTH: { code: 'VALIDATION', message: 'A part of the address is too long' },
  FST_ERR_ASYNC_CONSTRAINT: { code: 'VALIDATION', message: 'The request could not be routed' },
  // @fastify/multipart; the uploads route names its own limits before these can fire.
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Send the file as multipart/form-data',
  },
  FST_REQ_FILE_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The file is too large' },
  FST_PARTS_LIMIT: { code: 'PAYLOAD_TOO_LARGE', message: 'The form has too many parts' },
  FST_FILES_LIMIT: { code: 'PAYLOAD_TOO_LARGE', message: 'Send one file at a time' },
  FST_FIELDS_LIMIT: { code: 'PAYLOAD_TOO_LARGE', message: 'The form has too many fields' },
  FST_PROTO_VIOLATION: { code: 'VALIDATION', message: 'A form field has a name that is not allowed' },
};

/** The code for a 4xx status Fastify or a plugin chose (405, 406 ... have none of ours). */
const CODE_OF_STATUS = new Map<number, ErrorCode>(
  Object.entries(ERROR_STATUS).map(([code, status]) => [status, code as ErrorCode]),
);

/** Each invalid field's path (`onboardingData.bio`) and its first message, in the order zod found them. */
function fieldErrorsOf(issues: { instancePath: string; message?: string | undefined }[]): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    if (field && !(field in fieldErrors)) fieldErrors[field] = issue.message ?? 'Invalid value';
  }
  return fieldErrors;
}

/**
 * An unexpected error as it may be logged: database errors quote their query parameters (emails,
 * password hashes, health answers), so the parameters are cut and the stack keeps only its frames.
 */
export function loggableError(error: Error & { code?: unknown; cause?: unknown }) {
  const message = error.message.split(/\nparams:/)[0]!.slice(0, 500);
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  return {
    type: error.name,
    message,
    code: typeof error.code === 'string' ? error.code : typeof cause?.code === 'string' ? cause.code : undefined,
    frames: (error.stack ?? '')
      .split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .slice(0, 10)
      .join('\n'),
  };
}

export const DATABASE_UNAVAILABLE =
  'The site cannot reach its database just now; nothing was changed. Please try again in a moment.';
/** Seconds a client is asked to wait before trying again after a 503. */
export const RETRY_AFTER_SECONDS = 5;

/** PostgreSQL's codes for text it cannot store: 22021 invalid byte sequence, 22P05 untranslatable character. */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

/** The SQLSTATE of a database error, which drivers and Drizzle put on the error or its cause. */
function databaseCode(error: Error & { code?: unknown; cause?: unknown }): string | undefined {
  const cause = error.cause as { code?: unknown } | undefined;
  const code = typeof error.code === 'string' ? error.code : cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The status and the one body shape for any error a request can raise. */
export function errorResponse(
  error: FastifyError | AppError,
  request: FastifyRequest,
): { status: number; body: ErrorBody } {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fieldErrors = fieldErrorsOf(error.validation);
    const [firstMessage] = Object.values(fieldErrors);
    const root = error.validation.find((issue) => issue.instancePath.replace(/^\//, '') === '');
    if (firstMessage !== undefined)
      return { status: 400, body: { message: firstMessage, code: 'VALIDATION', fieldErrors } };
    if (root?.keyword === 'invalid_type')
      return {
        status: 400,
        body: { message: `Request ${error.validationContext ?? 'body'} must be a JSON object`, code: 'VALIDATION' },
      };
    return { status: 400, body: { message: root?.message ?? 'Invalid input', code: 'VALIDATION' } };
  }
  if (error instanceof AppError) {
    // Our own codes, 503 UNAVAILABLE included, keep their status; their messages are written for people.
    return {
      status: error.status,
      body: {
        message: error.message,
        code: error.code,
        ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
        ...(error.currentVersion !== undefined ? { currentVersion: error.currentVersion } : {}),
      },
    };
  }
  const known = typeof error.code === 'string' ? FASTIFY_CODES[error.code] : undefined;
  if (known) return { status: ERROR_STATUS[known.code], body: { message: known.message, code: known.code } };
  if (UNSTORABLE_TEXT.has(databaseCode(error) ?? '')) {
    // Text the database cannot hold (a NUL character): the client's input, so a 400, not a 500.
    return { status: 400, body: { message: 'Text may not contain NUL (\\u0000) characters', code: 'VALIDATION' } };
  }
  if (isDatabaseUnavailable(error)) {
    // Nothing was written (the transaction could not commit); the client may simply try again.
    request.log.warn({ error: loggableError(error) }, 'database unavailable');
    return { status: 503, body: { message: DATABASE_UNAVAILABLE, code: 'UNAVAILABLE' } };
  }
  const statusCode = error.statusCode;
  if (statusCode && statusCode >= 400 && statusCode < 500) {
    const code = CODE_OF_STATUS.get(statusCode);
    // A framework's or plugin's own text may name internals (paths, parser states): say only what the status means.
    return {
      status: statusCode,
      body: { message: STATUS_CODES[statusCode] ?? 'The request could not be handled', ...(code ? { code } : {}) },
    };
  }
  request.log.error({ error: loggableError(error) }, 'unhandled error');
  return { status: 500, body: { message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' } };
}

/** Fastify's `frameworkErrors` option: bad %-escapes and over-long parameters, met before any route, in the same shape. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const { status, body } = errorResponse(error, request);
  void reply.status(status).send(body);
}

/** Requests Node's HTTP parser refuses (a bad Content-Length, headers too large, a timeout): the same shape. */
const CLIENT_ERRORS: Record<string, { status: number; reason: string; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', message: 'The request took too long to arrive' },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    message: 'The request headers are too large',
  },
};

/** Fastify's `clientErrorHandler` option: its default writes its own body ({ error, statusCode }). */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = CLIENT_ERRORS[error.code ?? ''] ?? {
    status: 400,
    reason: 'Bad Request',
    message: 'The request could not be read as HTTP',
  };
  const body = JSON.stringify({
    message: known.message,
    ...(known.status === 400 ? { code: 'VALIDATION' } : {}),
  } satisfies ErrorBody);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${known.status} ${known.reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      const { status, body } = errorResponse(error, request);
      if (status === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return reply.status(status).send(body);
    });
  },
  { name: 'errors' },
);
