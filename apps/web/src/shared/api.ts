import { type TErrorCode, ZErrorResponse } from '@dsm/contracts';
import type { z } from 'zod';
import { currentApiAuth } from './api-auth';
import { takePrefetched } from './prefetched';

/**
 * Why a call failed: one of the API's error codes, or a failure the server never answered:
 * NETWORK (no answer at all) and UNEXPECTED_RESPONSE (an answer that fits no contract).
 */
export type TApiErrorCode = TErrorCode | 'NETWORK' | 'UNEXPECTED_RESPONSE';

/** A failed API call, carrying the server's message when it sent one. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    /** HTTP status; 0 when the server did not answer. */
    readonly status: number,
    readonly code: TApiErrorCode,
    /** The server's issues, each naming where the problem is (`body.purchasedItems.0.productId`). */
    readonly issues: readonly { path: string; message: string }[] = [],
  ) {
    super(message);
  }
}

export { configureApiAuth, type TApiAuth } from './api-auth';

/** One call through a contract: its method and path, the schema of its answer, and the body. */
export type TApiRequest<TSchema extends z.ZodType> = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path with its query string, for example `/api/search?query=a%7Cb`. */
  path: string;
  /** Parses the answer; an answer that does not fit is an error, not a half-rendered page. */
  schema: TSchema;
  /** Sent as JSON when present. */
  body?: unknown;
  /** Extra request headers, for example `Idempotency-Key`. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/**
 * Calls the API and parses the answer with the contract's schema. Throws an ApiError: with the
 * server's message for 4xx/5xx answers in the shared error shape, and with NETWORK or
 * UNEXPECTED_RESPONSE otherwise. An abort is rethrown as is, so react-query can tell it apart.
 */
export async function apiFetch<TSchema extends z.ZodType>(request: TApiRequest<TSchema>): Promise<z.infer<TSchema>> {
  const hasBody = request.body !== undefined;
  const headers: Record<string, string> = { ...request.headers, accept: 'application/json' };
  if (hasBody) headers['content-type'] = 'application/json';
  const apiAuth = currentApiAuth();
  const token = apiAuth ? await apiAuth.getAccessToken() : null;
  if (token) headers.authorization = `Bearer ${token}`;
  const body = hasBody ? JSON.stringify(request.body) : null;
  let response: Response;
  try {
    const prefetched = takePrefetched({ method: request.method, path: request.path, body }, token);
    // A prefetch that failed on the way is simply asked again.
    response =
      (await prefetched?.catch(() => null)) ??
      (await fetch(request.path, { method: request.method, headers, body, signal: request.signal ?? null }));
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw error;
    throw new ApiError('The server cannot be reached.', 0, 'NETWORK');
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (response.status === 401) apiAuth?.onUnauthorized();
  if (!response.ok) {
    const parsed = ZErrorResponse.safeParse(payload);
    if (parsed.success) {
      throw new ApiError(parsed.data.message, response.status, parsed.data.code, parsed.data.issues ?? []);
    }
    throw new ApiError(`HTTP ${response.status}`, response.status, 'UNEXPECTED_RESPONSE');
  }
  const parsed = request.schema.safeParse(payload);
  if (!parsed.success) {
    throw new ApiError('The server answered in an unexpected form.', response.status, 'UNEXPECTED_RESPONSE');
  }
  return parsed.data;
}

/**
 * Downloads a file the API serves (an invoice PDF) with the bearer token, which a plain link cannot
 * send. Throws an ApiError like apiFetch when the server refuses.
 */
export async function apiFetchBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const apiAuth = currentApiAuth();
  const token = apiAuth ? await apiAuth.getAccessToken() : null;
  let response: Response;
  try {
    response = await fetch(path, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: signal ?? null,
    });
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw error;
    throw new ApiError('The server cannot be reached.', 0, 'NETWORK');
  }
  if (response.status === 401) apiAuth?.onUnauthorized();
  if (!response.ok) {
    const parsed = ZErrorResponse.safeParse(await response.json().catch(() => undefined));
    if (parsed.success) throw new ApiError(parsed.data.message, response.status, parsed.data.code);
    throw new ApiError(`HTTP ${response.status}`, response.status, 'UNEXPECTED_RESPONSE');
  }
  return response.blob();
}
