import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage } from './api.ts';

const answered = (status: number, body: unknown) =>
  new ApiError(status, typeof body === 'string' ? body : JSON.stringify(body));

describe('ApiError', () => {
  it('reads every field error, and names the first field with its message for the form to show', () => {
    const error = answered(400, {
      message: 'Amount can have at most two decimal places',
      code: 'VALIDATION',
      fieldErrors: { amount: 'Amount can have at most two decimal places', reason: 'Say why' },
    });
    expect(error).toMatchObject({
      status: 400,
      serverMessage: 'Amount can have at most two decimal places',
      code: 'VALIDATION',
      fieldErrors: { amount: 'Amount can have at most two decimal places', reason: 'Say why' },
      field: 'amount',
    });
  });

  it('keeps the spec\'s "<status>: <body text>" as its message', () => {
    expect(answered(409, { message: 'Already recorded' }).message).toBe('409: {"message":"Already recorded"}');
  });

  it('has no field when the error is about none, and ignores field errors that are not text', () => {
    expect(answered(409, { message: 'Already recorded', code: 'CONFLICT' })).toMatchObject({
      field: null,
      fieldErrors: {},
      serverMessage: 'Already recorded',
    });
    expect(answered(400, { message: 'Bad', fieldErrors: { amount: 5, note: null } })).toMatchObject({
      field: null,
      fieldErrors: {},
    });
    expect(answered(400, { message: 'Bad', fieldErrors: ['amount'] }).fieldErrors).toEqual({});
  });

  it('keeps a body that is not JSON as the message, and has no status for a request that got no answer', () => {
    expect(answered(502, 'Bad Gateway')).toMatchObject({ status: 502, serverMessage: 'Bad Gateway', field: null });
    expect(new ApiError(null, 'Failed to fetch')).toMatchObject({ status: null, code: null, field: null });
  });
});

describe('errorMessage', () => {
  it("shows the server's message, or the fallback when there was no answer or no message", () => {
    expect(errorMessage(answered(429, { message: 'Too many tries' }), 'Please try again.')).toBe('Too many tries');
    expect(errorMessage(new ApiError(null, 'Failed to fetch'), 'Please try again.')).toBe('Please try again.');
    expect(errorMessage(answered(500, { message: '' }), 'Please try again.')).toBe('Please try again.');
    expect(errorMessage(new Error('boom'), 'Please try again.')).toBe('Please try again.');
  });
});
