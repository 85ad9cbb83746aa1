import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { CONNECTION_HEADERS, ErrorCode } from '@dsm/contracts';
import { AppError } from '../../lib/app-error';
import { OutboundAddressRefused, type TOutboundPolicy } from '../../lib/outbound/outbound-policy';

/**
 * Headers of one connection (RFC 9110 7.6.1) and those the gateway decides itself: none of them is
 * passed on in either direction.
 */
const HOP_BY_HOP = new Set<string>([...CONNECTION_HEADERS, 'host', 'content-length', 'expect']);

/** Headers of the buyer's request that stay at the marketplace: the buyer's key and their session. */
const BUYER_ONLY = new Set(['x-api-key', 'authorization', 'cookie', 'accept-encoding']);

/** Headers of the supplier's answer that stay at the gateway: its cookies would be the marketplace's. */
const SUPPLIER_ONLY = new Set(['set-cookie', 'set-cookie2']);

/**
 * The supplier's caching instructions. An answer is for the one buyer whose key paid for it: a shared cache in front
 * of the gateway that kept a `public` answer would hand it to callers without a key, unmetered. So they are dropped
 * and every answer is `private, no-store` (validators such as ETag pass: they let no shared cache store anything).
 */
const CACHING = new Set(['cache-control', 'expires', 'pragma', 'surrogate-control', 'cdn-cache-control', 'age']);

/** What every forwarded answer says to caches, whatever the supplier sent. */
export const GATEWAY_CACHE_CONTROL = 'private, no-store';

export type TForwardCallOptions = {
  policy: TOutboundPolicy;
  /** The endpoint's access URL the call is forwarded under. */
  baseUrl: string;
  /** Where the gateway answers this offer (`{PUBLIC_URL}/gateway/{offerId}`), for redirects of the API. */
  gatewayUrl: string;
  method: string;
  /** The path after `/gateway/{offerId}`, as sent (percent-escapes kept), '' or starting with '/'. */
  remainder: string;
  /** The query string as sent, '' or starting with '?'. */
  query: string;
  headers: IncomingHttpHeaders;
  /** The request body as it arrives; null for none. */
  body: Readable | null;
  credential: { headerName: string; secret: string } | null;
  /** Limit from sending to the response headers. */
  timeoutMs: number;
  /** Aborted when the buyer goes away. */
  signal: AbortSignal;
};

export type TForwardedResponse = {
  status: number;
  headers: [string, string][];
  /** The response body, decoded; null for none. */
  body: ReadableStream<Uint8Array> | null;
};

/** Whether a path has a `.` or `..` segment, also when escaped: it could leave the base URL's path. */
function hasDotSegment(path: string): boolean {
  return path.split('/').some((segment) => {
    let decoded = segment;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return false;
    }
    return decoded === '.' || decoded === '..' || decoded.includes('/') || decoded.includes('\\');
  });
}

/** The supplier URL of a call: the base URL's path with the remainder appended, the two queries joined. */
export function targetUrlOf(baseUrl: string, remainder: string, query: string): URL {
  if (hasDotSegment(remainder)) {
    throw new AppError(
      ErrorCode.VALIDATION_FAILED,
      'The path must not contain "." or ".." segments or escaped slashes',
    );
  }
  const base = new URL(baseUrl);
  const path = `${base.pathname.replace(/\/+$/, '')}${remainder}` || '/';
  const search = [base.search.slice(1), query.slice(1)].filter((part) => part !== '').join('&');
  return new URL(`${base.origin}${path}${search ? `?${search}` : ''}`);
}

function requestHeadersOf(options: TForwardCallOptions): Headers {
  const named = new Set(
    String(options.headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
  const headers = new Headers();
  for (const [name, value] of Object.entries(options.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || BUYER_ONLY.has(name) || named.has(name)) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  if (options.credential) headers.set(options.credential.headerName, options.credential.secret);
  return headers;
}

function responseHeadersOf(response: Response, options: TForwardCallOptions, base: URL): [string, string][] {
  const named = new Set(
    (response.headers.get('connection') ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
  // fetch decodes a compressed body; its length and encoding no longer describe what is sent on.
  const isDecoded = response.headers.has('content-encoding');
  const headers: [string, string][] = [];
  for (const [name, value] of response.headers) {
    if (CACHING.has(name)) continue;
    if (HOP_BY_HOP.has(name) || SUPPLIER_ONLY.has(name) || named.has(name)) {
      if (name !== 'content-length' || isDecoded) continue;
    }
    if (isDecoded && name === 'content-encoding') continue;
    if (name === 'location') {
      headers.push([name, gatewayLocationOf(value, base, options.gatewayUrl)]);
      continue;
    }
    headers.push([name, value]);
  }
  headers.push(['cache-control', GATEWAY_CACHE_CONTROL]);
  return headers;
}

/** A redirect under the base URL points the buyer at the same place under the gateway instead. */
function gatewayLocationOf(location: string, base: URL, gatewayUrl: string): string {
  let target: URL;
  try {
    target = new URL(location, base);
  } catch {
    return location;
  }
  const basePath = base.pathname.replace(/\/+$/, '');
  if (target.origin !== base.origin || !(target.pathname === basePath || target.pathname.startsWith(`${basePath}/`))) {
    return location;
  }
  return `${gatewayUrl}${target.pathname.slice(basePath.length)}${target.search}`;
}

const codeOf = (error: unknown): unknown =>
  (error as { cause?: { code?: unknown } } | null)?.cause?.code ?? (error as { code?: unknown } | null)?.code;

/**
 * Forwards one call to the supplier's API through the address policy, streaming the request body up
 * and handing the response body back as a stream; nothing is held whole in memory. The buyer's key,
 * cookies and the hop-by-hop headers stay behind, the supplier's credential is added, and redirects are
 * handed to the buyer rather than followed. A refused address or connection is a 502, no answer in time
 * a 504, each naming the problem and never quoting the supplier.
 */
export async function forwardCall(options: TForwardCallOptions): Promise<TForwardedResponse> {
  const target = targetUrlOf(options.baseUrl, options.remainder, options.query);
  const base = new URL(options.baseUrl);
  const hasBody = options.body !== null && options.method !== 'GET' && options.method !== 'HEAD';
  const controller = new AbortController();
  const abort = () => controller.abort(options.signal.reason);
  options.signal.addEventListener('abort', abort, { once: true });
  let isTimedOut = false;
  const timer = setTimeout(() => {
    isTimedOut = true;
    controller.abort();
  }, options.timeoutMs);
  try {
    const response = await options.policy.fetch(target, {
      method: options.method,
      headers: requestHeadersOf(options),
      body: hasBody ? (options.body as unknown as RequestInit['body']) : undefined,
      redirect: 'manual',
      signal: controller.signal,
      ...(hasBody ? { duplex: 'half' } : {}),
    } as RequestInit);
    return { status: response.status, headers: responseHeadersOf(response, options, base), body: response.body };
  } catch (error) {
    if (isTimedOut) {
      throw new AppError(ErrorCode.GATEWAY_TIMEOUT, `The supplier's API did not answer within ${options.timeoutMs} ms`);
    }
    if (options.signal.aborted) throw error;
    const cause = (error as { cause?: unknown } | null)?.cause;
    if (error instanceof OutboundAddressRefused || cause instanceof OutboundAddressRefused) {
      throw new AppError(ErrorCode.BAD_GATEWAY, "The supplier's API is not at a public address the gateway may reach");
    }
    const code = codeOf(error);
    throw new AppError(
      ErrorCode.BAD_GATEWAY,
      `The supplier's API could not be reached${typeof code === 'string' ? ` (${code})` : ''}`,
    );
  } finally {
    clearTimeout(timer);
    options.signal.removeEventListener('abort', abort);
  }
}
