import type { z } from 'zod';

/** The HTTP methods the API uses. */
export type THttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The statuses a successful call answers with. */
export type TSuccessStatus = 200 | 201 | 202 | 204;

/** The statuses a failed call answers with; each one's body is `ZErrorResponse`. */
export type TErrorStatus =
  | 400
  | 401
  | 403
  | 404
  | 405
  | 406
  | 409
  | 410
  | 412
  | 413
  | 415
  | 416
  | 422
  | 428
  | 429
  | 500
  | 501
  | 502
  | 503
  | 504;

/**
 * One endpoint, declared whole: the server registers its route from it (validation, answer, OpenAPI) and
 * the web calls it through it, so neither restates a method, a path or a payload.
 */
export type TEndpointDefinition = {
  /** The HTTP method. */
  method: THttpMethod;
  /** The path in the router's syntax: each `:name` segment is a field of `params`. */
  path: string;
  /** The path parameters, one field per `:name` segment. */
  params?: z.ZodType;
  /** The query string's fields. */
  query?: z.ZodType;
  /** The JSON body. */
  body?: z.ZodType;
  /** Request headers the endpoint reads (lower-case names). */
  headers?: z.ZodType;
  /** The successful answer (`z.null()` for an empty one). */
  answer: z.ZodType;
  /** The status of the successful answer; 200 when left out. */
  status?: TSuccessStatus;
  /** Other statuses a success may answer with, the same answer (a replayed request's 200 beside a 201). */
  alsoStatus?: readonly TSuccessStatus[];
  /** One line for the API document. */
  summary: string;
  /** More for the API document: rules a caller must know. */
  description?: string;
  /** The API document's groups the endpoint appears in. */
  tags: readonly string[];
  /** The statuses a failure can answer with, each with the shared error body. */
  errors: readonly TErrorStatus[];
  /** Content types of the answer when it is not JSON (a file). */
  produces?: readonly string[];
};

/** The statuses an endpoint's successful answer comes with. */
export type TEndpointSuccess<TEndpoint extends TEndpointDefinition> =
  | (TEndpoint extends { status: infer TStatus extends TSuccessStatus } ? TStatus : 200)
  | (TEndpoint extends { alsoStatus: readonly (infer TOther extends TSuccessStatus)[] } ? TOther : never);

/** An endpoint's schema of `params`, `query`, `body` or `headers`, `undefined` when it has none. */
export type TEndpointPart<
  TEndpoint extends TEndpointDefinition,
  TPart extends 'params' | 'query' | 'body' | 'headers',
> = TEndpoint extends { [K in TPart]: infer TSchema extends z.ZodType } ? TSchema : undefined;

/** What an endpoint answers with when it succeeds. */
export type TEndpointAnswer<TEndpoint extends TEndpointDefinition> = z.output<TEndpoint['answer']>;

/**
 * Declares an endpoint. Returns the declaration as given, its literal types kept, so the server's
 * `registerEndpoint` and the web's `callEndpoint` infer params, query, body and answer from it.
 */
export function defineEndpoint<const TEndpoint extends TEndpointDefinition>(endpoint: TEndpoint): TEndpoint {
  return endpoint;
}

/** A route as a request line names it: the method, one space and the path (`'GET /api/orders/:id'`). */
export type TRoute = `${THttpMethod} /${string}`;

/** The method of a route. */
type TRouteMethod<TR extends TRoute> = TR extends `${infer TMethod extends THttpMethod} ${string}` ? TMethod : never;

/** The path of a route. */
type TRoutePath<TR extends TRoute> = TR extends `${THttpMethod} ${infer TPath}` ? TPath : never;

/** What an endpoint of a group declares itself: all but the method and path (its route) and the tags (its group's). */
export type TGroupEndpoint = Omit<TEndpointDefinition, 'method' | 'path' | 'tags'>;

/**
 * Declares the endpoints of one group of the API document: each is named by its route and gets the group's
 * tag, so a module's declarations restate neither.
 */
export function endpointGroup<const TTag extends string>(tag: TTag) {
  return <const TR extends TRoute, const TEndpoint extends TGroupEndpoint>(
    route: TR,
    endpoint: TEndpoint,
  ): TEndpoint & { method: TRouteMethod<TR>; path: TRoutePath<TR>; tags: readonly [TTag] } => {
    const space = route.indexOf(' ');
    return defineEndpoint({
      ...endpoint,
      method: route.slice(0, space) as TRouteMethod<TR>,
      path: route.slice(space + 1) as TRoutePath<TR>,
      tags: [tag] as const,
    });
  };
}
