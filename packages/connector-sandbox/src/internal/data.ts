import { HttpError } from './http-errors';
import { fetchWithoutRedirects, RedirectRefused, type SandboxFetch } from './outbound';
import type { DataAddressModel } from './store';

/** Source data address types the sandbox's data plane reads. */
export const SOURCE_TYPES = ['HttpData', 'InlineData'];

export interface SourceData {
  contentType: string;
  body: ReadableStream<Uint8Array> | string;
}

export interface SourceRequest {
  /** The path after the public address, used when the source allows `proxyPath`. */
  path?: string;
  /** The query string (without `?`), used when the source allows `proxyQueryParams`. */
  query?: string;
  signal?: AbortSignal;
}

/**
 * Opens an asset's data. `HttpData` is fetched from its `baseUrl` (streamed); `InlineData` is a sandbox-only type whose
 * `content` property holds the data itself (a string, or any JSON value), handy for tests and demos.
 */
export async function readSource(
  fetch: SandboxFetch,
  address: DataAddressModel,
  request: SourceRequest = {},
): Promise<SourceData> {
  if (address.type === 'InlineData') {
    const content = address.content;
    const isText = typeof content === 'string';
    return {
      contentType:
        typeof address.contentType === 'string' ? address.contentType : isText ? 'text/plain' : 'application/json',
      body: isText ? content : JSON.stringify(content ?? null),
    };
  }
  if (address.type === 'HttpData') {
    const baseUrl = address.baseUrl;
    if (typeof baseUrl !== 'string') throw new HttpError(500, 'DataPlaneError', 'the asset has no baseUrl');
    let url = baseUrl;
    if (address.proxyPath === 'true' && request.path)
      url = `${url.replace(/\/+$/, '')}/${request.path.replace(/^\/+/, '')}`;
    if (address.proxyQueryParams === 'true' && request.query) url += (url.includes('?') ? '&' : '?') + request.query;
    const headers: Record<string, string> = {};
    if (typeof address.authKey === 'string' && typeof address.authCode === 'string')
      headers[address.authKey] = address.authCode;
    let response: Response;
    try {
      response = await fetchWithoutRedirects(fetch, url, { headers, signal: request.signal });
    } catch (error) {
      if (error instanceof RedirectRefused)
        throw new HttpError(502, 'DataPlaneError', `the asset's source ${error.message}`);
      throw new HttpError(502, 'DataPlaneError', `the asset's source could not be read: ${String(error)}`);
    }
    if (!response.ok || response.body === null) {
      await response.body?.cancel().catch(() => undefined);
      throw new HttpError(502, 'DataPlaneError', `the asset's source answered ${response.status}`);
    }
    return {
      contentType:
        response.headers.get('content-type') ??
        (typeof address.contentType === 'string' ? address.contentType : 'application/octet-stream'),
      body: response.body,
    };
  }
  throw new HttpError(500, 'DataPlaneError', `source type '${address.type}' is not supported`);
}

/** Delivers a push transfer's data to an `HttpData` destination. */
export async function pushData(
  fetch: SandboxFetch,
  source: SourceData,
  destination: DataAddressModel,
  signal: AbortSignal,
): Promise<void> {
  const baseUrl = destination.baseUrl;
  if (destination.type !== 'HttpData' || typeof baseUrl !== 'string') {
    throw new Error('a push transfer needs an HttpData destination with a baseUrl');
  }
  const headers: Record<string, string> = { 'content-type': source.contentType };
  if (typeof destination.authKey === 'string' && typeof destination.authCode === 'string') {
    headers[destination.authKey] = destination.authCode;
  }
  const body = typeof source.body === 'string' ? source.body : await new Response(source.body).arrayBuffer();
  const method = typeof destination.method === 'string' ? destination.method : 'POST';
  let response: Response;
  try {
    response = await fetchWithoutRedirects(fetch, baseUrl, { method, headers, body, signal });
  } catch (error) {
    if (error instanceof RedirectRefused) throw new Error(`the destination ${error.message}`);
    throw error;
  }
  await response.body?.cancel();
  if (!response.ok) throw new Error(`the destination answered ${response.status}`);
}
