import {
  type TEndpointDefinition,
  type TEndpointPart,
  type TEndpointSuccess,
  type TErrorStatus,
  ZErrorResponse,
} from '@dsm/contracts';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** The Fastify instance a route plugin written with `FastifyPluginAsyncZod` receives. */
export type TZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The Fastify schema an endpoint's declaration stands for; the type provider infers the request and reply from it. */
export type TEndpointSchema<TEndpoint extends TEndpointDefinition> = {
  tags: string[];
  summary: string;
  description?: string;
  params: TEndpointPart<TEndpoint, 'params'>;
  querystring: TEndpointPart<TEndpoint, 'query'>;
  body: TEndpointPart<TEndpoint, 'body'>;
  headers: TEndpointPart<TEndpoint, 'headers'>;
  response: { [S in TEndpointSuccess<TEndpoint>]: TEndpoint['answer'] } & {
    [S in TEndpoint['errors'][number]]: typeof ZErrorResponse;
  };
};

/**
 * How the server answers an endpoint: its handler and the policy hooks (who may call, rate limits) that
 * run before it, with the other route options Fastify takes. Method, URL and schema come from the declaration.
 */
export type TEndpointRoute<TEndpoint extends TEndpointDefinition> = Omit<
  TEndpointRouteOptions<TEndpoint>,
  'method' | 'url' | 'schema'
>;

/** Fastify's options of a route whose schema is an endpoint's declaration. */
type TEndpointRouteOptions<TEndpoint extends TEndpointDefinition> = RouteOptions<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  TEndpointSchema<TEndpoint>,
  ZodTypeProvider
>;

/** The Fastify schema of an endpoint: what the router validates and what the API document shows. */
export function endpointSchema<const TEndpoint extends TEndpointDefinition>(
  endpoint: TEndpoint,
): TEndpointSchema<TEndpoint> {
  const response: Record<number, unknown> = { [endpoint.status ?? 200]: endpoint.answer };
  for (const status of endpoint.alsoStatus ?? []) response[status] = endpoint.answer;
  for (const status of endpoint.errors as readonly TErrorStatus[]) response[status] = ZErrorResponse;
  const schema = {
    tags: [...endpoint.tags],
    summary: endpoint.summary,
    ...(endpoint.description === undefined ? {} : { description: endpoint.description }),
    ...(endpoint.headers === undefined ? {} : { headers: endpoint.headers }),
    ...(endpoint.params === undefined ? {} : { params: endpoint.params }),
    ...(endpoint.query === undefined ? {} : { querystring: endpoint.query }),
    ...(endpoint.body === undefined ? {} : { body: endpoint.body }),
    ...(endpoint.produces === undefined ? {} : { produces: [...endpoint.produces] }),
    response,
  };
  return schema as unknown as TEndpointSchema<TEndpoint>;
}

/**
 * Registers the route of a declared endpoint: the request's params, query and body are validated and typed
 * from the declaration, the answer is checked against it, and every declared error status answers with the
 * shared error body. The handler and the policy hooks are the route's own.
 */
export function registerEndpoint<const TEndpoint extends TEndpointDefinition>(
  app: TZodApp,
  endpoint: TEndpoint,
  route: TEndpointRoute<TEndpoint>,
): void {
  app.route({
    ...route,
    method: endpoint.method,
    url: endpoint.path,
    schema: endpointSchema(endpoint),
  } as TEndpointRouteOptions<TEndpoint>);
}
