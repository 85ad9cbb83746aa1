import { type TErrorResponse, ZErrorResponse } from '@dsm/contracts';

/**
 * The body of a failed answer when it has the API's shared error shape, null otherwise. A module of its
 * own, loaded by the API client (api.ts) on the first failure: its schema brings zod.
 */
export function readErrorBody(payload: unknown): TErrorResponse | null {
  const parsed = ZErrorResponse.safeParse(payload);
  return parsed.success ? parsed.data : null;
}
