import { describe, expect, it } from 'vitest';
import { apiErrorInfo } from './api-error.ts';

/** An error as apiRequest throws it for a non-2xx answer. */
const answered = (status: number, body: unknown) =>
  new Error(`${status}: ${typeof body === 'string' ? body : JSON.stringify(body)}`);

describe('apiErrorInfo', () => {
  it('reads every field error, and names the first field with its message for the form to show', () => {
    const info = apiErrorInfo(
      answered(400, {
        message: 'Amount can have at most two decimal places',
        code: 'VALIDATION',
        fieldErrors: { amount: 'Amount can have at most two decimal places', reason: 'Say why' },
      }),
    );
    expect(info).toEqual({
      status: 400,
      message: 'Amount can have at most two decimal places',
      code: 'VALIDATION',
      fieldErrors: { amount: 'Amount can have at most two decimal places', reason: 'Say why' },
      field: 'amount',
    });
  });

  it('has no field when the error is about none, and ignores field errors that are not text', () => {
    expect(apiErrorInfo(answered(409, { message: 'Already recorded', code: 'CONFLICT' }))).toMatchObject({
      field: null,
      fieldErrors: {},
      message: 'Already recorded',
    });
    expect(apiErrorInfo(answered(400, { message: 'Bad', fieldErrors: { amount: 5, note: null } }))).toMatchObject({
      field: null,
      fieldErrors: {},
    });
    expect(apiErrorInfo(answered(400, { message: 'Bad', fieldErrors: ['amount'] }))).toMatchObject({
      field: null,
      fieldErrors: {},
    });
  });

  it('keeps a body that is not JSON as the message, and knows nothing of a request that got no answer', () => {
    expect(apiErrorInfo(answered(502, 'Bad Gateway'))).toMatchObject({
      status: 502,
      message: 'Bad Gateway',
      field: null,
    });
    expect(apiErrorInfo(new TypeError('Failed to fetch'))).toEqual({
      status: null,
      message: null,
      code: null,
      fieldErrors: {},
      field: null,
    });
  });
});
