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
import { ErrorBodySchema, type Endpoint, type EndpointDeclaration } from '#shared/contract/endpoint.ts';

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

export type EndpointHandler<D extends EndpointDeclaration> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  RouteSchema<D>,
  ZodTypeProvider,
  FastifyBaseLogger
>;

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
    handler: handler as RouteHandlerMethod,
  });
}
