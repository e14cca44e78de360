/**
 * Registers a route from its endpoint's declaration (src/shared/contract): the method, the path, the access rule,
 * the request's schemas and a response schema for each status it answers. The handler is typed from the same
 * declaration, so what it reads and what it sends cannot drift from what the client was told. Only what is the
 * server's own is added here: a rate limit, a body limit, hooks.
 */
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '#shared/auth/access.ts';
import { ErrorBodySchema, type Endpoint, type EndpointDeclaration } from '#shared/contract/endpoint.ts';
import type { UserRow } from '../services/sessions.ts';
import { viewerOf } from '../plugins/auth.ts';
import type { Viewer } from '../policies/viewer.ts';

export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

type Json<S> = S extends z.ZodType ? S : undefined;
type Responses<D extends EndpointDeclaration> = {
  [K in keyof D['responses']]: D['responses'][K] extends z.ZodType ? D['responses'][K] : z.ZodUnknown;
} & { '4xx': typeof ErrorBodySchema; '5xx': typeof ErrorBodySchema };

/** The Fastify schema a declaration stands for, as the zod type provider reads it. */
export interface RouteSchema<D extends EndpointDeclaration> {
  params: Json<D['params']>;
  querystring: Json<D['query']>;
  body: Json<D['body']>;
  response: Responses<D>;
}

type FastifyHandler<D extends EndpointDeclaration> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  RouteSchema<D>,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/**
 * Who called, as the endpoint's access rule let her in: `me` is her account (never null once a rule other than
 * 'public' passed, so a handler never checks by hand), `viewer` what the policies read.
 */
export interface Caller<A extends Access> {
  me: A extends 'public' ? UserRow | null : UserRow;
  viewer: A extends 'public' ? Viewer : NonNullable<Viewer>;
}

export type EndpointHandler<D extends EndpointDeclaration> = (
  this: ThisParameterType<FastifyHandler<D>>,
  request: Parameters<FastifyHandler<D>>[0],
  reply: Parameters<FastifyHandler<D>>[1],
  caller: Caller<D['access']>,
) => ReturnType<FastifyHandler<D>>;

/** What a route adds of its own to its declaration. */
export type RouteExtras = Omit<RouteShorthandOptions, 'schema' | 'config'> & {
  config?: Omit<FastifyContextConfig, 'access'>;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The declaration the route was registered from (every /api route has one). */
    endpoint?: EndpointDeclaration;
  }
}

/** The response schemas Fastify writes with: each JSON success, and the one error shape for every refusal. */
function responseSchemas(responses: EndpointDeclaration['responses']) {
  const schemas: Record<string, z.ZodType> = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema };
  for (const [status, answer] of Object.entries(responses)) if (answer instanceof z.ZodType) schemas[status] = answer;
  return schemas;
}

export function route<D extends EndpointDeclaration>(
  app: ZodApp,
  { declaration }: Endpoint<D>,
  extras: RouteExtras,
  handler: EndpointHandler<NoInfer<D>>,
): void {
  const { config, ...options } = extras;
  app.route({
    ...options,
    method: declaration.method,
    url: declaration.path,
    schema: {
      ...(declaration.params ? { params: declaration.params } : {}),
      ...(declaration.query ? { querystring: declaration.query } : {}),
      ...(declaration.body instanceof z.ZodType ? { body: declaration.body } : {}),
      response: responseSchemas(declaration.responses),
    },
    config: { ...config, access: declaration.access, endpoint: declaration },
    handler(request, reply) {
      const caller = { me: request.user, viewer: viewerOf(request) } as Caller<D['access']>;
      return (handler as EndpointHandler<EndpointDeclaration>).call(
        this,
        request as never,
        reply as never,
        caller as never,
      );
    },
  });
}
