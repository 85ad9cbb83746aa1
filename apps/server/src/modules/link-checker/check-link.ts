import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { TEndpointFailure } from '@dsm/contracts';
import {
  createOutboundPolicy,
  isOwnOrigin,
  OutboundAddressRefused,
  type TResolvedAddress,
} from '../../lib/outbound/outbound-policy';
import type { THostThrottle } from './host-throttle';

/** What one check found out about an access URL. */
export type TLinkCheckResult = {
  status: 'online' | 'offline';
  /** The status of the last answer, after redirects; null when none came. */
  httpStatus: number | null;
  /** Content-Length of a full answer, or the total of a Content-Range; null when not announced. */
  byteSize: number | null;
  failure: TEndpointFailure | null;
};

export type { TResolvedAddress };

export type TCheckLinkOptions = {
  /** Host names or addresses that may resolve to private addresses (the demo's own host). */
  allowedHosts: readonly string[];
  /** Limit of each request, from connecting to the response headers, in milliseconds. */
  timeoutMs: number;
  /** Redirects followed per request before the link counts as broken. */
  maxRedirects: number;
  /** Spaces out requests per host; none in unit tests. */
  throttle?: THostThrottle;
  /** Resolves a host name to every address it has; defaults to the system resolver. */
  resolve?: (hostname: string) => Promise<TResolvedAddress[]>;
  /** Sent as User-Agent, so publishers can tell the checker apart. */
  userAgent?: string;
};

/** A check that ended without an HTTP answer; `failure` says why. */
class LinkCheckFailure extends Error {
  constructor(readonly failure: TEndpointFailure) {
    super(failure);
  }
}

type TAnswer = { status: number; headers: IncomingHttpHeaders };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * The address to connect to for a URL, after the outbound address policy (LINK_CHECK_ALLOWED_HOSTS): only http
 * and https, and a host not on the allowed list must resolve only to public addresses. The connection then goes to
 * this very address, so a second DNS answer cannot swap in another one.
 */
async function resolveTarget(url: URL, options: TCheckLinkOptions, deadline: number): Promise<TResolvedAddress> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new LinkCheckFailure('unsupported-url');
  const policy = createOutboundPolicy({
    purpose: 'link',
    allowSetting: 'LINK_CHECK_ALLOWED_HOSTS',
    allowedHosts: options.allowedHosts,
    ...(options.resolve ? { resolve: options.resolve } : {}),
  });
  let addresses: TResolvedAddress[];
  try {
    addresses = await withDeadline(policy.resolveTarget(url), deadline);
  } catch (error) {
    if (error instanceof LinkCheckFailure) throw error;
    throw new LinkCheckFailure(error instanceof OutboundAddressRefused ? 'private-address' : 'dns');
  }
  if (addresses.length === 0) throw new LinkCheckFailure('dns');
  return addresses[0]!;
}

function withDeadline<T>(promise: Promise<T>, deadline: number): Promise<T> {
  const remaining = deadline - Date.now();
  if (remaining <= 0) return Promise.reject(new LinkCheckFailure('timeout'));
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new LinkCheckFailure('timeout')), remaining);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function pinnedLookup(target: TResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    // Node asks for every address when it tries IPv4 and IPv6 in turn (autoSelectFamily).
    if (options.all) {
      (callback as unknown as (error: null, addresses: TResolvedAddress[]) => void)(null, [target]);
    } else {
      callback(null, target.address, target.family);
    }
  };
}

/** One request, answered with the status and headers only: the body is never read. */
function sendRequest(
  method: 'HEAD' | 'GET',
  url: URL,
  target: TResolvedAddress,
  options: TCheckLinkOptions,
  deadline: number,
): Promise<TAnswer> {
  const remaining = Math.min(options.timeoutMs, deadline - Date.now());
  if (remaining <= 0) return Promise.reject(new LinkCheckFailure('timeout'));
  const transport = url.protocol === 'https:' ? https : http;
  const headers: Record<string, string> = {
    'user-agent': options.userAgent ?? 'dsm-link-checker/1.0',
    accept: '*/*',
  };
  // One byte is enough to learn that the endpoint serves and, from Content-Range, its size.
  if (method === 'GET') headers.range = 'bytes=0-0';
  return new Promise<TAnswer>((resolve, reject) => {
    const request = transport.request(url, { method, headers, lookup: pinnedLookup(target), agent: false });
    const timer = setTimeout(() => request.destroy(new LinkCheckFailure('timeout')), remaining);
    request.on('response', (response) => {
      clearTimeout(timer);
      resolve({ status: response.statusCode ?? 0, headers: response.headers });
      response.destroy();
      request.destroy();
    });
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error instanceof LinkCheckFailure ? error : new LinkCheckFailure('connection'));
    });
    request.end();
  });
}

/** Sends a request and follows redirects, checking every hop's address again; the last answer. */
async function follow(
  method: 'HEAD' | 'GET',
  start: URL,
  options: TCheckLinkOptions,
  deadline: number,
): Promise<TAnswer> {
  let url = start;
  for (let hop = 0; ; hop++) {
    const target = await resolveTarget(url, options, deadline);
    // The spacing spares publishers; the product's own demo files need no sparing.
    if (!isOwnOrigin(url)) await options.throttle?.wait(url.host);
    const answer = await sendRequest(method, url, target, options, deadline);
    const location = answer.headers.location;
    if (!REDIRECTS.has(answer.status) || !location) return answer;
    if (hop >= options.maxRedirects) throw new LinkCheckFailure('too-many-redirects');
    try {
      url = new URL(location, url);
    } catch {
      throw new LinkCheckFailure('unsupported-url');
    }
  }
}

function announcedSize(answer: TAnswer): number | null {
  if (answer.status === 206) {
    const total = /\/(\d+)\s*$/.exec(answer.headers['content-range'] ?? '')?.[1];
    return total ? Number(total) : null;
  }
  const length = answer.headers['content-length'];
  if (answer.status >= 200 && answer.status < 300 && length && /^\d+$/.test(length)) return Number(length);
  return null;
}

/**
 * An endpoint is online when it answers with a success or redirect-free 3xx, or with 401: it is
 * there and asks for credentials, as paid endpoints do. Anything else, and no answer, is offline.
 */
const isServing = (status: number): boolean => (status >= 200 && status < 400) || status === 401;

/**
 * Checks one access URL the way a buyer's download would reach it: a HEAD first and, when that is
 * refused (some servers answer HEAD with 403, 404 or 405), a GET of the first byte. Redirects are
 * followed up to the limit; every hop must pass the address rules. Never throws.
 */
export async function checkLink(rawUrl: string, options: TCheckLinkOptions): Promise<TLinkCheckResult> {
  let url: URL;
  try {
    url = new URL(rawUrl.trim());
  } catch {
    return { status: 'offline', httpStatus: null, byteSize: null, failure: 'unsupported-url' };
  }
  // Each request has the full timeout; the deadline bounds a whole check with its redirects and fallback.
  const deadline = Date.now() + options.timeoutMs * 2;
  try {
    let answer = await follow('HEAD', url, options, deadline);
    if (!isServing(answer.status)) answer = await follow('GET', url, options, deadline);
    const isOnline = isServing(answer.status);
    return {
      status: isOnline ? 'online' : 'offline',
      httpStatus: answer.status,
      byteSize: isOnline ? announcedSize(answer) : null,
      failure: isOnline ? null : 'http-error',
    };
  } catch (error) {
    const failure = error instanceof LinkCheckFailure ? error.failure : 'connection';
    return { status: 'offline', httpStatus: null, byteSize: null, failure };
  }
}
