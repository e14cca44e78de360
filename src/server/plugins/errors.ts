/** One error handler: every non-2xx JSON body is { message, code, field? }; 5xx text never leaves. */
import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type ErrorBody, type ErrorCode } from '#shared/errors.ts';

const FASTIFY_CODES: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'VALIDATION', message: 'Request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'VALIDATION', message: 'Request body is empty; send a JSON object' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the request body as application/json' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'VALIDATION', message: 'Request body length does not match Content-Length' },
};

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
    frames: (error.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at ')).slice(0, 10).join('\n'),
  };
}

/** PostgreSQL's codes for text it cannot store: 22021 invalid byte sequence, 22P05 untranslatable character. */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

/** The SQLSTATE of a database error, which drivers and Drizzle put on the error or its cause. */
function databaseCode(error: Error & { code?: unknown; cause?: unknown }): string | undefined {
  const cause = error.cause as { code?: unknown } | undefined;
  const code = typeof error.code === 'string' ? error.code : cause?.code;
  return typeof code === 'string' ? code : undefined;
}

export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      let body: ErrorBody;
      let status: number;
      if (hasZodFastifySchemaValidationErrors(error)) {
        const first = error.validation[0]!;
        const field = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
        status = 400;
        if (field) body = { message: first.message ?? 'Invalid input', code: 'VALIDATION', field };
        else if (first.keyword === 'invalid_type') body = { message: `Request ${error.validationContext ?? 'body'} must be a JSON object`, code: 'VALIDATION' };
        else body = { message: first.message ?? 'Invalid input', code: 'VALIDATION' };
      } else if (error instanceof AppError) {
        status = error.status;
        body = { message: error.message, code: error.code, ...(error.field ? { field: error.field } : {}) };
      } else if (error.code && FASTIFY_CODES[error.code]) {
        const known = FASTIFY_CODES[error.code]!;
        status = known.code === 'VALIDATION' ? 400 : known.code === 'PAYLOAD_TOO_LARGE' ? 413 : 415;
        body = { message: known.message, code: known.code };
      } else if (UNSTORABLE_TEXT.has(databaseCode(error) ?? '')) {
        // Text the database cannot hold (a NUL character): the client's input, so a 400, not a 500.
        status = 400;
        body = { message: 'Text may not contain NUL (\\u0000) characters', code: 'VALIDATION' };
      } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        status = error.statusCode;
        body = { message: error.message, code: status === 404 ? 'NOT_FOUND' : status === 429 ? 'RATE_LIMITED' : 'VALIDATION' };
      } else {
        request.log.error({ error: loggableError(error) }, 'unhandled error');
        status = 500;
        body = { message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' };
      }
      if (status >= 500 && !(error instanceof AppError)) status = 500;
      return reply.status(status).send(body);
    });
  },
  { name: 'errors' },
);
