/**
 * The contract (src/shared/contract): every API route the server registers comes from one endpoint declaration
 * and every declaration is registered, each with a response schema for each success it answers; answers are
 * written through those schemas, so a field no schema names never leaves, and (outside production) an answer
 * that does not match its declaration, or a success status it does not declare, is an error.
 */
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTRACT } from '#shared/contract/index.ts';
import { endpoint } from '#shared/contract/endpoint.ts';
import { setupTestApp } from '../../tests/setup/test-app.ts';
import contractPlugin from './plugins/contract.ts';
import errorsPlugin from './plugins/errors.ts';
import { responseSerializerCompiler } from './plugins/serializer.ts';
import { route, type ZodApp } from './routes/endpoint.ts';

const t = setupTestApp();

const declared = Object.entries(CONTRACT).flatMap(([area, endpoints]) =>
  Object.entries(endpoints).map(([name, e]) => ({ name: `${area}.${name}`, ...e.declaration })),
);

describe('the contract', () => {
  it('declares each method and path once', () => {
    const keys = declared.map((d) => `${d.method} ${d.path}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('registers every declaration as a route, and every API route from a declaration', () => {
    const registered = t.app.accessRules.map((r) => `${r.method} ${r.url}`);
    const keys = declared.map((d) => `${d.method} ${d.path}`);
    expect(keys.filter((k) => !registered.includes(k))).toEqual([]);
    expect(registered.filter((k) => !keys.includes(k))).toEqual([]);
  });

  it('refuses to start with an API route that is not registered from an endpoint', async () => {
    const app = Fastify({ logger: false });
    await app.register(contractPlugin, { check: false });
    void app.register(async (routes) => {
      routes.get('/api/by-hand', async () => ({}));
    });
    await expect(app.ready()).rejects.toThrow('GET /api/by-hand is not registered from an endpoint of the contract');
  });

  it('gives every endpoint an answer for a success, each JSON one a schema', () => {
    const without = declared.filter((d) => Object.keys(d.responses).length === 0).map((d) => d.name);
    expect(without).toEqual([]);
    for (const d of declared)
      for (const answer of Object.values(d.responses))
        expect(
          answer === null || answer === 'file' || answer === 'redirect' || answer instanceof z.ZodType,
          d.name,
        ).toBe(true);
  });
});

/** A small app with the server's contract machinery and one endpoint answering what `answer` gives. */
async function appAnswering(check: boolean, answer: () => { status: number; body: unknown }) {
  const app: ZodApp = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ check }));
  await app.register(errorsPlugin);
  await app.register(contractPlugin, { check });
  const probe = endpoint({
    method: 'GET',
    path: '/api/probe',
    access: 'public',
    responses: { 200: z.object({ name: z.string(), at: z.iso.datetime() }) },
  });
  route(app, probe, {}, async (_request, reply) => {
    const { status, body } = answer();
    return reply.status(status as 200).send(body as { name: string; at: string });
  });
  await app.ready();
  return app;
}

describe('answers written through their schema', () => {
  it('leaves out a field the schema does not name, in production too', async () => {
    for (const check of [true, false]) {
      const app = await appAnswering(check, () => ({
        status: 200,
        body: { name: 'Maya', at: '2026-12-01T10:00:00.000Z', passwordHash: 'secret' },
      }));
      const res = await app.inject('/api/probe');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ name: 'Maya', at: '2026-12-01T10:00:00.000Z' });
      await app.close();
    }
  });

  it('refuses, outside production, an answer that does not match its declaration: a 500 with the error shape', async () => {
    const app = await appAnswering(true, () => ({ status: 200, body: { name: 42 } }));
    const res = await app.inject('/api/probe');
    expect(res.statusCode).toBe(500);
    expect(Object.keys(res.json()).sort()).toEqual(['code', 'message']);
    await app.close();
  });

  it('refuses, outside production, a success status the endpoint does not declare', async () => {
    const app = await appAnswering(true, () => ({ status: 201, body: { name: 'Maya', at: '2026-12-01T10:00:00Z' } }));
    expect((await app.inject('/api/probe')).statusCode).toBe(500);
    await app.close();
  });

  it('writes every refusal in the one error shape, whatever else the error carried', async () => {
    const app = await appAnswering(true, () => {
      throw Object.assign(new Error('boom'), { statusCode: 400, secret: 'x' });
    });
    const res = await app.inject('/api/probe');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).every((k) => ['message', 'code', 'fieldErrors'].includes(k))).toBe(true);
    await app.close();
  });
});
