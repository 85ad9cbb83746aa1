import type { TErrorCode } from '@dsm/contracts';
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

/** One call as sent: its method and path, the body and the headers. */
export type TApiCall = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path with its query string, for example `/api/search?query=a%7Cb`. */
  path: string;
  /** Sent as JSON when present. */
  body?: unknown;
  /** Extra request headers, for example `Idempotency-Key`. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/** One call through a contract: the call and the schema of its answer. */
export type TApiRequest<TSchema extends z.ZodType> = TApiCall & {
  /** Parses the answer; an answer that does not fit is an error, not a half-rendered page. */
  schema: TSchema;
};

/** A successful answer as the server sent it: its status and its JSON, not yet parsed by any schema. */
export type TApiAnswer = { status: number; payload: unknown };

/**
 * The ApiError of a failed answer. The shared error shape is checked by a module of its own, loaded on
 * the first failure: its schema brings zod, which a page's first screen does without.
 */
async function failedAnswerError(status: number, payload: unknown): Promise<ApiError> {
  const errorBody = await import('./read-error-body')
    .then(({ readErrorBody }) => readErrorBody(payload))
    .catch(() => null);
  if (errorBody) return new ApiError(errorBody.message, status, errorBody.code, errorBody.issues ?? []);
  return new ApiError(`HTTP ${status}`, status, 'UNEXPECTED_RESPONSE');
}

/**
 * Sends a call to the API (taking the landing preload's answer when it sent the same one) and answers
 * its JSON unparsed. Throws an ApiError: with the server's message for 4xx/5xx answers in the shared
 * error shape, and with NETWORK or UNEXPECTED_RESPONSE otherwise. An abort is rethrown as is, so
 * react-query can tell it apart.
 */
export async function sendApiCall(call: TApiCall): Promise<TApiAnswer> {
  const hasBody = call.body !== undefined;
  const headers: Record<string, string> = { ...call.headers, accept: 'application/json' };
  if (hasBody) headers['content-type'] = 'application/json';
  const apiAuth = currentApiAuth();
  const token = apiAuth ? await apiAuth.getAccessToken() : null;
  if (token) headers.authorization = `Bearer ${token}`;
  const body = hasBody ? JSON.stringify(call.body) : null;
  let response: Response;
  try {
    const prefetched = takePrefetched({ method: call.method, path: call.path, body }, token);
    // A prefetch that failed on the way is simply asked again.
    response =
      (await prefetched?.catch(() => null)) ??
      (await fetch(call.path, { method: call.method, headers, body, signal: call.signal ?? null }));
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw error;
    throw new ApiError('The server cannot be reached.', 0, 'NETWORK');
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (response.status === 401) apiAuth?.onUnauthorized();
  if (!response.ok) throw await failedAnswerError(response.status, payload);
  return { status: response.status, payload };
}

/** Parses a successful answer with its schema; an answer that does not fit throws UNEXPECTED_RESPONSE. */
export function parseApiAnswer<TSchema extends z.ZodType>(schema: TSchema, answer: TApiAnswer): z.infer<TSchema> {
  const parsed = schema.safeParse(answer.payload);
  if (!parsed.success) {
    throw new ApiError('The server answered in an unexpected form.', answer.status, 'UNEXPECTED_RESPONSE');
  }
  return parsed.data;
}

/**
 * Calls the API and parses the answer with the contract's schema. Fails as `sendApiCall` does, and
 * with UNEXPECTED_RESPONSE for an answer that does not fit the schema.
 */
export async function apiFetch<TSchema extends z.ZodType>(request: TApiRequest<TSchema>): Promise<z.infer<TSchema>> {
  const { schema, ...call } = request;
  return parseApiAnswer(schema, await sendApiCall(call));
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
    const error = await failedAnswerError(response.status, await response.json().catch(() => undefined));
    // A download's failure names no issues.
    throw new ApiError(error.message, error.status, error.code);
  }
  return response.blob();
}
