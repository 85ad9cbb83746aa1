import type { TEndpointDefinition } from '@dsm/contracts';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from './call-endpoint';

/** An endpoint asked with nothing but the request's signal: no path parameters, no query, no body. */
export type TPlainEndpoint<TAnswer> = TEndpointDefinition & {
  params?: undefined;
  query?: undefined;
  body?: undefined;
  answer: z.ZodType<TAnswer>;
};

/** The answer of an endpoint that takes nothing, cached under `queryKey`; asked for only while `enabled`. */
export function useEndpointQuery<TAnswer>(queryKey: QueryKey, endpoint: TPlainEndpoint<TAnswer>, enabled = true) {
  return useQuery({
    queryKey,
    enabled,
    queryFn: ({ signal }) => callEndpoint(endpoint, { signal }),
  });
}
