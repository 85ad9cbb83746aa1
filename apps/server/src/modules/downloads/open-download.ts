import { ErrorCode } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { OutboundAddressRefused } from '../../lib/outbound/outbound-policy';
import { attachmentHeaderOf, downloadFileNameOf } from './download-file-name';
import type { TDownloadKeys } from './download-keys';
import { assertMayDownload } from './download-policy';
import { downloadSourceFetch } from './download-source-policy';
import { readDownloadToken } from './download-token';
import { recordDownload, type TDownloadMeter } from './record-download';
import { findDownloadableEndpoint } from './request-download-link';

export type TOpenDownloadOptions = {
  db: TDb;
  keys: TDownloadKeys;
  /** The token of the link (`/download/{token}`). */
  token: string;
  method: 'GET' | 'HEAD';
  /** The caller's Range and If-Range headers, passed on to the source. */
  range?: string | undefined;
  ifRange?: string | undefined;
  /** Limit until the source's response headers arrive (DOWNLOAD_SOURCE_TIMEOUT_MS). */
  timeoutMs: number;
  /** The moment the link is judged at; tests pass another. */
  now?: Date;
  /** Where a failed source is logged with its address, which the answer never names. */
  log: { warn(details: object, message: string): void };
  /** A different fetch for the source; the address policy's by default. */
  fetchSource?: typeof fetch;
};

/** A download whose source answered: what to send, and how to meter it once it ends. */
export type TOpenedDownload = {
  status: number;
  headers: Record<string, string>;
  /** The source's body, streamed as it arrives; null for HEAD. */
  body: ReadableStream<Uint8Array> | null;
  /** Stops reading the source (the caller went away). */
  abort(): void;
  /** The entitlement the download is metered against; null when none is used (free offer, the supplier). */
  meter: TDownloadMeter | null;
};

/** A byte range as RFC 9110 writes it; anything else is ignored, as the RFC asks, and the whole file is sent. */
const RANGE = /^bytes=\s*(\d*-\d*)(\s*,\s*\d*-\d*)*\s*$/;

/** Headers of the source's answer passed on as they are. */
const PASSED_HEADERS = ['content-length', 'content-range', 'accept-ranges', 'etag', 'last-modified'] as const;

class SourceTimeout extends Error {}

/** The source's failure in words for the buyer, with what to do next; the source's body and address never. */
function sourceFailure(error: unknown, timeoutMs: number): AppError {
  if (error instanceof SourceTimeout) {
    return new AppError(
      ErrorCode.GATEWAY_TIMEOUT,
      `The supplier's source did not answer within ${timeoutMs / 1000} s: try again later, and tell the supplier if it keeps failing`,
    );
  }
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (cause instanceof OutboundAddressRefused) {
    return new AppError(
      ErrorCode.BAD_GATEWAY,
      "The supplier's source is at an address the marketplace may not reach (not a public one): tell the supplier",
    );
  }
  const code = (cause as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new AppError(
      ErrorCode.BAD_GATEWAY,
      "The supplier's source cannot be found (its host name does not resolve): try again later, and tell the supplier if it keeps failing",
    );
  }
  if (code === 'ECONNREFUSED' || code === 'ECONNRESET') {
    return new AppError(
      ErrorCode.BAD_GATEWAY,
      "The supplier's source refused the connection: try again later, and tell the supplier if it keeps failing",
    );
  }
  return new AppError(
    ErrorCode.BAD_GATEWAY,
    "The supplier's source cannot be reached: try again later, and tell the supplier if it keeps failing",
  );
}

function statusFailure(status: number): AppError {
  const what =
    status === 404 || status === 410
      ? 'the file is not there any more: tell the supplier'
      : status === 401 || status === 403
        ? 'it refuses the marketplace: tell the supplier'
        : 'try again later, and tell the supplier if it keeps failing';
  return new AppError(
    ErrorCode.BAD_GATEWAY,
    `The supplier's source answered HTTP ${status} instead of the data; ${what}`,
  );
}

/**
 * Opens the download of a link: checks the token (403 for a changed, forged or expired one), the endpoint (404,
 * 409) and that the link's user may still download (403), then asks the supplier's source through the download
 * address policy, passing the caller's Range on. A source that fails, answers a failure or cannot be reached is a
 * 502 (504 after the time limit) saying what to do next, metered as a failed download; its body is never read.
 */
export async function openDownload(options: TOpenDownloadOptions): Promise<TOpenedDownload> {
  const { db } = options;
  const now = options.now ?? new Date();
  const grant = readDownloadToken(options.token, await options.keys(), now);
  const endpoint = await findDownloadableEndpoint(db, grant.offerId, grant.endpoint);
  const entitlement = await assertMayDownload({ db, userId: grant.userId, offerId: endpoint.offerId, now });
  const meter: TDownloadMeter | null = entitlement
    ? { entitlementId: entitlement.id, offerId: endpoint.offerId, userId: grant.userId }
    : null;
  if (!endpoint.accessUrl) {
    throw new AppError(ErrorCode.CONFLICT, `Endpoint ${grant.endpoint} of offer ${grant.offerId} has no access URL`);
  }

  const headers: Record<string, string> = {
    accept: '*/*',
    // The bytes are passed on as they come: a compressed answer would be unpacked by fetch under its packed length.
    'accept-encoding': 'identity',
    'user-agent': 'dsm-marketplace-download/1.0',
  };
  if (options.range && options.range.length <= 200 && RANGE.test(options.range)) {
    headers.range = options.range;
    if (options.ifRange && options.ifRange.length <= 200) headers['if-range'] = options.ifRange;
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new SourceTimeout()), options.timeoutMs);
  let response: Response;
  try {
    response = await (options.fetchSource ?? downloadSourceFetch)(endpoint.accessUrl, {
      method: options.method,
      headers,
      redirect: 'follow',
      signal: controller.signal,
    });
  } catch (error) {
    const reason = controller.signal.aborted ? controller.signal.reason : error;
    const failure = sourceFailure(reason, options.timeoutMs);
    options.log.warn(
      { err: error, offerId: endpoint.offerId, endpoint: grant.endpoint },
      'download source cannot be reached',
    );
    if (options.method === 'GET')
      await recordDownload(db, meter, { status: failure.statusCode, bytes: 0, isComplete: false });
    throw failure;
  } finally {
    clearTimeout(timer);
  }

  // A source that does not answer HEAD may still serve GET: the headers it would send are then unknown.
  const isHeadRefused = options.method === 'HEAD' && (response.status === 405 || response.status === 501);
  if (response.status !== 200 && response.status !== 206 && response.status !== 416 && !isHeadRefused) {
    // The body may be a page of the source's own: it is dropped unread.
    await response.body?.cancel().catch(() => undefined);
    options.log.warn(
      { status: response.status, offerId: endpoint.offerId, endpoint: grant.endpoint },
      'download source answered a failure',
    );
    const failure = statusFailure(response.status);
    if (options.method === 'GET')
      await recordDownload(db, meter, { status: failure.statusCode, bytes: 0, isComplete: false });
    throw failure;
  }

  if (response.status === 416) {
    await response.body?.cancel().catch(() => undefined);
    const range = response.headers.get('content-range');
    return {
      status: 416,
      headers: { 'cache-control': 'private, no-store', ...(range ? { 'content-range': range } : {}) },
      body: null,
      abort: () => controller.abort(),
      meter,
    };
  }

  const answer: Record<string, string> = {
    'content-type': response.headers.get('content-type') ?? endpoint.mediaType ?? 'application/octet-stream',
    'content-disposition': attachmentHeaderOf(downloadFileNameOf(endpoint)),
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
    // The data is the supplier's, served from the marketplace's origin: a browser that renders it runs nothing.
    'content-security-policy': "sandbox; default-src 'none'",
  };
  for (const name of PASSED_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) answer[name] = value;
  }
  if (response.headers.get('content-encoding') && response.headers.get('content-encoding') !== 'identity') {
    // Unpacked by fetch: the source's length and range are of the packed bytes.
    delete answer['content-length'];
    delete answer['content-range'];
  }
  if (isHeadRefused) {
    for (const name of PASSED_HEADERS) delete answer[name];
    answer['content-type'] = endpoint.mediaType ?? 'application/octet-stream';
  }
  return {
    status: isHeadRefused ? 200 : response.status,
    headers: answer,
    body: options.method === 'GET' ? response.body : null,
    abort: () => controller.abort(),
    meter,
  };
}
