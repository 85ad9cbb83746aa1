import {
  AddressNotSetError,
  BadRequestError,
  ConnectorError,
  DuplicateError,
  InvalidInputError,
  NotFoundError,
  UnknownError,
  UnreachableError,
} from '../errors';
import type { CallOptions, ConnectorAddresses, ConnectorAddressName, PublicDataResponse } from '../types';
import { isByteString, isWellFormed } from './well-formed';

/** A bearer token, or a function that yields the current one (undefined: none). */
export type BearerTokenSource = string | (() => string | undefined | Promise<string | undefined>);

export interface TransportConfig {
  addresses: ConnectorAddresses;
  apiKey: string;
  bearerToken: BearerTokenSource | undefined;
  timeoutMs: number;
  fetch: typeof fetch;
}

/**
 * Which credentials a call carries. Management calls carry the API key and, when set, the signed-in user's
 * bearer token; the default and federated catalog addresses carry the API key; the public data plane carries only
 * the caller's headers, so this connector's key never reaches a provider.
 */
type Credentials = 'management' | 'apiKey' | 'none';

export interface RequestSpec {
  address: ConnectorAddressName;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** undefined sends no body at all (the "null body" of empty queries). */
  body?: unknown;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  credentials: Credentials;
  call: CallOptions | undefined;
}

export class Transport {
  constructor(readonly config: TransportConfig) {}

  /** Sends the request and returns the parsed JSON body, which must not be empty. */
  async json(spec: RequestSpec): Promise<unknown> {
    return this.exchange(spec, async (response) => {
      if (response.status === 204) throw new UnreachableError({ status: 204 });
      const text = await response.text();
      if (text.trim() === '') throw new UnreachableError({ status: response.status });
      try {
        return JSON.parse(text);
      } catch (error) {
        throw new UnknownError(`something went wrong: ${describe(error)}`, {
          status: response.status,
          serverText: text,
          cause: error,
        });
      }
    });
  }

  /** Sends the request and ignores the answer's body (204 or any 2xx). */
  async void(spec: RequestSpec): Promise<void> {
    return this.exchange(spec, async (response) => {
      await response.body?.cancel();
    });
  }

  /** Sends the request and reads the answer within the call's deadline, failures as the error catalogue's. */
  private async exchange<T>(spec: RequestSpec, read: (response: Response) => Promise<T>): Promise<T> {
    const deadline = this.deadline(spec.call);
    try {
      return await read(await this.send(spec, deadline.signal));
    } catch (error) {
      throw wrap(error);
    } finally {
      deadline.clear();
    }
  }

  /** Sends the request and hands back the body as a stream holding at least one byte. */
  async stream(spec: RequestSpec): Promise<PublicDataResponse> {
    const deadline = this.deadline(spec.call);
    try {
      const response = await this.send(spec, deadline.signal);
      if (response.status === 204 || response.body === null) {
        await response.body?.cancel();
        throw new UnreachableError({ status: response.status });
      }
      const reader = response.body.getReader();
      const first = await readFirstChunk(reader);
      if (first === undefined) throw new UnreachableError({ status: response.status });
      // The timeout guards the wait for data; a long download must not be cut off by it.
      deadline.clearTimer();
      return { status: response.status, headers: response.headers, body: prepend(first, reader) };
    } catch (error) {
      deadline.clear();
      throw wrap(error);
    }
  }

  url(address: ConnectorAddressName, path: string, query?: Record<string, string>): string {
    const base = this.config.addresses[address];
    if (base === undefined || base === '') throw new AddressNotSetError(address);
    if (!isWellFormed(path)) throw new InvalidInputError('the path holds a lone surrogate');
    let url = base.replace(/\/+$/, '') + path;
    if (query !== undefined && Object.keys(query).length > 0) {
      // URLSearchParams would quietly turn a lone surrogate into U+FFFD and ask for something else.
      if (!Object.entries(query).every(([key, value]) => isWellFormed(key) && isWellFormed(value))) {
        throw new InvalidInputError('a query parameter holds a lone surrogate');
      }
      url += (url.includes('?') ? '&' : '?') + new URLSearchParams(query).toString();
    }
    return url;
  }

  private async send(spec: RequestSpec, signal: AbortSignal): Promise<Response> {
    const url = this.url(spec.address, spec.path, spec.query);
    const headers = await this.headers(spec);
    let response: Response;
    try {
      response = await this.config.fetch(url, {
        method: spec.method,
        headers,
        body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
        signal,
      });
    } catch (error) {
      throw new UnknownError(`something went wrong: ${describe(error)}`, { cause: error });
    }
    if (response.ok) return response;
    const text = await response.text();
    throw statusError(response.status, text, response.statusText);
  }

  private async headers(spec: RequestSpec): Promise<Record<string, string>> {
    const headers: Record<string, string> = {};
    if (spec.credentials !== 'none') {
      headers.accept = 'application/json';
      // The header is sent even without a key, as an empty string, so connectors see a consistent request.
      headers['x-api-key'] = this.config.apiKey;
    }
    if (spec.credentials === 'management') {
      const token = await resolveToken(this.config.bearerToken);
      if (token !== undefined && token !== '') headers.authorization = `Bearer ${token}`;
    }
    if (spec.body !== undefined) headers['content-type'] = 'application/json';
    const all = { ...headers, ...spec.headers };
    for (const [name, value] of Object.entries(all)) {
      if (!isByteString(value)) throw new InvalidInputError(`the header '${name}' holds a character beyond Latin-1`);
    }
    return all;
  }

  private deadline(call: CallOptions | undefined) {
    const controller = new AbortController();
    const timeoutMs = call?.timeoutMs ?? this.config.timeoutMs;
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (Number.isFinite(timeoutMs) && timeoutMs > 0) {
      timer = setTimeout(() => {
        const reason = new Error(`timed out after ${timeoutMs} ms`);
        reason.name = 'TimeoutError';
        controller.abort(reason);
      }, timeoutMs);
    }
    const outer = call?.signal;
    const onAbort = () => controller.abort(outer?.reason);
    if (outer?.aborted) controller.abort(outer.reason);
    else outer?.addEventListener('abort', onAbort, { once: true });
    const clearTimer = () => clearTimeout(timer);
    return {
      signal: controller.signal,
      clearTimer,
      clear: () => {
        clearTimer();
        outer?.removeEventListener('abort', onAbort);
      },
    };
  }
}

/** Maps a failure status to the error catalogue. */
export function statusError(status: number, text: string, statusText = ''): ConnectorError {
  switch (status) {
    case 400:
      return new BadRequestError(text);
    case 404:
      return new NotFoundError(text);
    case 409:
      return new DuplicateError(text);
    default:
      return new UnknownError(text !== '' ? text : `${status} ${statusText}`.trim(), { status, serverText: text });
  }
}

function wrap(error: unknown): ConnectorError {
  if (error instanceof ConnectorError) return error;
  return new UnknownError(`something went wrong: ${describe(error)}`, { cause: error });
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause;
  let detail: string | undefined;
  if (cause instanceof Error) detail = cause.message || (cause as { code?: string }).code;
  else if (typeof cause === 'object' && cause !== null && 'code' in cause) detail = String(cause.code);
  return detail !== undefined && detail !== '' && detail !== error.message
    ? `${error.message} (${detail})`
    : error.message;
}

async function resolveToken(source: BearerTokenSource | undefined): Promise<string | undefined> {
  if (typeof source === 'function') return source();
  return source;
}

async function readFirstChunk(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<Uint8Array | undefined> {
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return undefined;
    if (value.byteLength > 0) return value;
  }
}

function prepend(first: Uint8Array, reader: ReadableStreamDefaultReader<Uint8Array>): ReadableStream<Uint8Array> {
  let sentFirst = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!sentFirst) {
        sentFirst = true;
        controller.enqueue(first);
        return;
      }
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        controller.error(wrap(error));
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}
