import { describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { postJson, setupTestApp } from '../../../tests/setup/test-app.ts';
import { signUp } from '../../../tests/setup/accounts.ts';
import type { FastifyError, FastifyRequest } from 'fastify';
import { AppError } from '#shared/errors.ts';
import { errorResponse } from './errors.ts';

const t = setupTestApp();

describe('the error body', () => {
  it('names every invalid field with its first message, and leads with the first of them', async () => {
    const res = await postJson(t.app, '/api/donation-intent', {
      amount: 10.005,
      paymentMethod: 'Gold bars',
      timestamp: 'yesterday',
      message: 7,
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['code', 'fieldErrors', 'message']);
    expect(body.code).toBe('VALIDATION');
    expect(Object.keys(body.fieldErrors).sort()).toEqual(['amount', 'message', 'paymentMethod', 'timestamp']);
    expect(body.fieldErrors.amount).toBe('Amount can have at most two decimal places');
    expect(body.message).toBe(Object.values(body.fieldErrors)[0]);
  });

  it('keys a nested field by its dotted path', async () => {
    const { cookie } = await signUp(t.app);
    const res = await postJson(
      t.app,
      '/api/user/onboarding',
      { role: 'doctor', onboardingData: { bio: 7 } },
      { cookie },
    );
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors).every((field) => field.startsWith('onboardingData.'))).toBe(true);
    expect(res.json().fieldErrors).toHaveProperty(['onboardingData.bio']);
  });

  it('answers a malformed %-escape in the address with 400 in the same shape, not Fastify’s own body', async () => {
    const res = await t.app.inject('/api/stories/%E0%A4%A');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'The address is not valid: a %-escape in it is malformed',
      code: 'VALIDATION',
    });
  });

  it('answers an unknown API path with a JSON 404 in the same shape', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No such API endpoint: DELETE /api/nothing-here', code: 'NOT_FOUND' });
  });
});

describe('errors raised inside the app', () => {
  const request = {} as FastifyRequest;

  it('keep our own 503 UNAVAILABLE and its message (a database outage is not a 500)', () => {
    const { status, body } = errorResponse(
      new AppError('UNAVAILABLE', 'The database is not answering. Please try again in a minute.'),
      request,
    );
    expect(status).toBe(503);
    expect(body).toEqual({
      message: 'The database is not answering. Please try again in a minute.',
      code: 'UNAVAILABLE',
    });
  });

  it("say only what the status means for a plugin's 4xx, never the plugin's own text", () => {
    const pluginError = Object.assign(new Error("ENOENT: no such file, open '/srv/app/dist/secret.json'"), {
      statusCode: 404,
    }) as FastifyError;
    expect(errorResponse(pluginError, request)).toEqual({
      status: 404,
      body: { message: 'Not Found', code: 'NOT_FOUND' },
    });
  });
});

describe('a request the HTTP parser refuses', () => {
  /** Sends raw bytes to the listening app and resolves with everything it answers. */
  async function rawRequest(request: string): Promise<string> {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.end(request));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });
  }

  it('answers an invalid Content-Length with 400 in the one shape, not Fastify’s { error, statusCode }', async () => {
    const answer = await rawRequest('POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Length: abc\r\n\r\n{}');
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(JSON.parse(answer.split('\r\n\r\n')[1]!)).toEqual({
      message: 'The request could not be read as HTTP',
      code: 'VALIDATION',
    });
  });
});
