import { z } from 'zod';
import { endpointGroup } from './endpoint';

const healthApi = endpointGroup('health');

export const ZHealthResponse = z.object({ status: z.enum(['ok', 'unavailable']) });
export type THealthResponse = z.infer<typeof ZHealthResponse>;

export const readyEndpoint = { method: 'GET', path: '/readyz' } as const;

export const healthEndpoint = healthApi('GET /healthz', {
  answer: ZHealthResponse,
  summary: 'The process is up',
  errors: [],
});
