import { ZErrorResponse } from '@dsm/contracts';
import type { z } from 'zod';

/** A failed API call, with the server's message when it sent one. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null,
  ) {
    super(message);
  }
}

type TApiRequest<TSchema extends z.ZodType> = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** Parses the answer; a response that does not fit is an error, not a half-rendered page. */
  schema: TSchema;
  body?: unknown;
  signal?: AbortSignal;
};

/** Calls the API through a contract: sends JSON, parses the answer with the contract's schema. */
export async function apiFetch<TSchema extends z.ZodType>(request: TApiRequest<TSchema>): Promise<z.infer<TSchema>> {
  let response: Response;
  try {
    response = await fetch(request.path, {
      method: request.method,
      headers:
        request.body === undefined
          ? { accept: 'application/json' }
          : { 'content-type': 'application/json', accept: 'application/json' },
      body: request.body === undefined ? null : JSON.stringify(request.body),
      signal: request.signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('The server cannot be reached.', 0, null);
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = ZErrorResponse.safeParse(payload);
    throw new ApiError(
      parsed.success ? parsed.data.message : `HTTP ${response.status}`,
      response.status,
      parsed.success ? parsed.data.code : null,
    );
  }
  const parsed = request.schema.safeParse(payload);
  if (!parsed.success) throw new ApiError('The server answered in an unexpected form.', response.status, null);
  return parsed.data;
}
