import { z } from 'zod';
import { defineEndpoint } from './endpoint';

export const ZHealthResponse = z.object({ status: z.enum(['ok', 'unavailable']) });
export type THealthResponse = z.infer<typeof ZHealthResponse>;

export const readyEndpoint = { method: 'GET', path: '/readyz' } as const;

export const healthEndpoint = defineEndpoint({
  method: 'GET',
  path: '/healthz',
  answer: ZHealthResponse,
  summary: 'The process is up',
  tags: ['health'],
  errors: [],
});
