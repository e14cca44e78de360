/**
 * Answers are written through their endpoint's response schema (src/shared/contract), by Fastify's own serializer
 * (fast-json-stringify), not JSON.stringify: only the keys the schema names are written, so a field a presenter
 * adds by mistake never leaves the server. Where `check` is on (tests and development) each answer is also parsed
 * by its zod schema first, so an answer that does not match its declaration fails loudly instead of being coerced.
 */
import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';
import { ResponseSerializationError } from 'fastify-type-provider-zod';

/** The formats the serializer acts on (a Date becomes its ISO text); the others only describe a string. */
const SERIALIZED_FORMATS = new Set(['date-time', 'date', 'time']);
/** Constraints that say what is valid, not how to write it: zod checks them, the writer need not. */
const CHECKS_ONLY = new Set([
  '$schema',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
]);

/**
 * The JSON Schema the writer needs: what to write, without the checks (which would make it choose a union's
 * branch by validating each). `additionalProperties: false` goes too: the writer leaves out unnamed keys anyway.
 */
export function writingSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(writingSchema);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (CHECKS_ONLY.has(key)) continue;
    if (key === 'format' && !SERIALIZED_FORMATS.has(value as string)) continue;
    if (key === 'additionalProperties' && value === false) continue;
    out[key] =
      key === 'properties'
        ? Object.fromEntries(Object.entries(value as object).map(([name, s]) => [name, writingSchema(s)]))
        : writingSchema(value);
  }
  return out;
}

export function responseSerializerCompiler({ check }: { check: boolean }): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    if (!(schema instanceof z.ZodType)) throw new Error(`${method} ${url}: a response schema that is not zod`);
    const write = fastJsonStringify(
      writingSchema(z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' })) as object,
    );
    if (!check) return (data) => write(data);
    return (data) => {
      const parsed = schema.safeParse(data);
      if (!parsed.success) throw new ResponseSerializationError(method, url, { cause: parsed.error });
      return write(parsed.data);
    };
  };
}
