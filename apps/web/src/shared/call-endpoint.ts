import type { TEndpointAnswer, TEndpointDefinition, TEndpointPart } from '@dsm/contracts';
import type { z } from 'zod';
import { parseApiAnswer, sendApiCall } from './api';

/** What the caller passes for one part of a call: the schema's input, or nothing when the endpoint has no such part. */
type TPartInput<TEndpoint extends TEndpointDefinition, TPart extends 'params' | 'query' | 'body'> =
  TEndpointPart<TEndpoint, TPart> extends z.ZodType ? z.input<TEndpointPart<TEndpoint, TPart>> : undefined;

/** A part is required when the endpoint has it and its input has a required field; absent when it has none. */
type TPartField<TKey extends string, TInput> = [TInput] extends [undefined]
  ? { [K in TKey]?: undefined }
  : Record<string, never> extends TInput
    ? { [K in TKey]?: TInput }
    : { [K in TKey]: TInput };

/** What a call of an endpoint takes: its path parameters, query and body as its contract declares them. */
export type TEndpointCall<TEndpoint extends TEndpointDefinition> = TPartField<
  'params',
  TPartInput<TEndpoint, 'params'>
> &
  TPartField<'query', TPartInput<TEndpoint, 'query'>> &
  TPartField<'body', TPartInput<TEndpoint, 'body'>> & {
    /** Extra request headers, for example `Idempotency-Key`. */
    headers?: Record<string, string>;
    signal?: AbortSignal;
  };

/**
 * The path of a call: each `:name` segment filled from `params`, and the query's fields (left out when
 * undefined; an array repeats its key), each percent-encoded.
 */
export function endpointPath(
  path: string,
  params: Record<string, unknown> | undefined,
  query: Record<string, unknown> | undefined,
): string {
  const filled = path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`The path ${path} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(item))}`);
    }
  }
  return pairs.length === 0 ? filled : `${filled}?${pairs.join('&')}`;
}

/** A call of an endpoint with its parts unpacked: what `callEndpoint` and `queryEndpointEarly` send. */
export type TEndpointCallParts = {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/** Sends a call of the endpoint at `method` and `path` and answers its JSON unparsed; fails as `sendApiCall` does. */
export function sendEndpointCall(method: TEndpointDefinition['method'], path: string, call: TEndpointCallParts) {
  const { params, query, body, headers, signal } = call;
  return sendApiCall({
    method,
    path: endpointPath(path, params, query),
    ...(body === undefined ? {} : { body }),
    ...(headers === undefined ? {} : { headers }),
    ...(signal === undefined ? {} : { signal }),
  });
}

/**
 * Calls a declared endpoint: its method and path come from the contract, the params, query and body are typed
 * by it, and the answer is parsed with its answer schema (an empty answer, 204, resolves to null). Fails as
 * `apiFetch` does.
 */
export function callEndpoint<const TEndpoint extends TEndpointDefinition>(
  endpoint: TEndpoint,
  ...[call]: Record<string, never> extends TEndpointCall<TEndpoint>
    ? [call?: TEndpointCall<TEndpoint>]
    : [call: TEndpointCall<TEndpoint>]
): Promise<TEndpointAnswer<TEndpoint>> {
  return sendEndpointCall(endpoint.method, endpoint.path, (call ?? {}) as TEndpointCallParts).then((answer) =>
    endpoint.status === 204
      ? (null as TEndpointAnswer<TEndpoint>)
      : parseApiAnswer(endpoint.answer as z.ZodType<TEndpointAnswer<TEndpoint>>, answer),
  );
}
