import { z } from 'zod';

export const ZHealthResponse = z.object({ status: z.enum(['ok', 'unavailable']) });
export type THealthResponse = z.infer<typeof ZHealthResponse>;

export const healthEndpoint = { method: 'GET', path: '/healthz' } as const;
export const readyEndpoint = { method: 'GET', path: '/readyz' } as const;
