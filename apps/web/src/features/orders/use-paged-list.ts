import { pagedPath, type THttpMethod } from '@dsm/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '../../shared/api';

/**
 * One page (counted from 0) of a list of orders, sales or invoices; the page before stays shown while the next
 * loads. Every page is cached under `key`, so a change reloads them all.
 */
export function usePagedList<TAnswer>(
  key: string,
  endpoint: { method: THttpMethod; path: string; answer: z.ZodType<TAnswer> },
  index: number,
  pageSize: number,
) {
  return useQuery({
    queryKey: [key, index],
    queryFn: ({ signal }) =>
      apiFetch({
        method: endpoint.method,
        path: pagedPath(endpoint.path, index, pageSize),
        schema: endpoint.answer,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
