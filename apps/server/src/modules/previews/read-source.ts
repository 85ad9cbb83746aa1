import { OutboundAddressRefused, type TOutboundPolicy } from '../../lib/outbound/outbound-policy';
import { PreviewFailure } from './preview-failure';

export type TReadSourceOptions = {
  policy: TOutboundPolicy;
  url: string;
  /** The most bytes read; the chunks end there and `hitLimit` turns true. */
  maxBytes: number;
  /** Limit from connecting to the last byte read, in milliseconds. */
  timeoutMs: number;
};

/** An open source: its chunks up to the byte limit, read lazily, and a way to stop reading early. */
export type TSource = {
  /** The announced Content-Length, or null. */
  contentLength: number | null;
  chunks: AsyncIterable<Uint8Array>;
  /** True once the chunks stopped at the byte limit with more data left. */
  readonly hitLimit: boolean;
  /** Stops reading and closes the connection; safe to call more than once. */
  close(): void;
};

const isRefusal = (error: unknown): boolean => {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if (cause instanceof OutboundAddressRefused) return true;
  }
  return false;
};

/**
 * Opens a source through the outbound address policy: only http(s), only public addresses unless allowed, checked
 * at every connection and redirect. Failures are PreviewFailures whose words are the server's own.
 */
export async function openSource(options: TReadSourceOptions): Promise<TSource> {
  const problem = await options.policy.problemOf(options.url);
  if (problem) throw new PreviewFailure('source-offline', `The server does not read this endpoint: its ${problem}`);
  const controller = new AbortController();
  let isTimedOut = false;
  const timer = setTimeout(() => {
    isTimedOut = true;
    controller.abort();
  }, options.timeoutMs);
  const fail = (error: unknown): never => {
    clearTimeout(timer);
    if (error instanceof PreviewFailure) throw error;
    if (isTimedOut) throw new PreviewFailure('timeout', `The endpoint did not answer within ${options.timeoutMs} ms`);
    if (isRefusal(error)) {
      throw new PreviewFailure('source-offline', 'The server does not read this endpoint: its address is not public');
    }
    throw new PreviewFailure('source-offline', 'The endpoint could not be reached');
  };

  let response: Response;
  try {
    response = await options.policy.fetch(options.url, {
      signal: controller.signal,
      redirect: 'follow',
      headers: { accept: '*/*', 'user-agent': 'dsm-preview/1.0' },
    });
  } catch (error) {
    return fail(error);
  }
  if (!response.ok || !response.body) {
    controller.abort();
    clearTimeout(timer);
    throw new PreviewFailure('source-offline', `The endpoint answered with HTTP status ${response.status}`);
  }
  const announced = Number(response.headers.get('content-length'));
  const reader = response.body.getReader();
  let hitLimit = false;
  let isClosed = false;
  const close = () => {
    if (isClosed) return;
    isClosed = true;
    clearTimeout(timer);
    reader.cancel().catch(() => {});
    controller.abort();
  };

  async function* chunks(): AsyncGenerator<Uint8Array> {
    let read = 0;
    try {
      while (true) {
        let next: Awaited<ReturnType<typeof reader.read>>;
        try {
          next = await reader.read();
        } catch (error) {
          if (isClosed) return;
          return fail(error);
        }
        if (next.done) return;
        const room = options.maxBytes - read;
        if (next.value.byteLength > room) {
          hitLimit = true;
          if (room > 0) yield next.value.subarray(0, room);
          return;
        }
        read += next.value.byteLength;
        yield next.value;
      }
    } finally {
      close();
    }
  }

  return {
    contentLength:
      Number.isFinite(announced) && announced >= 0 && response.headers.has('content-length') ? announced : null,
    chunks: chunks(),
    get hitLimit() {
      return hitLimit;
    },
    close,
  };
}

/** Reads a whole source into one buffer; too-large when it is over the byte limit. */
export async function readWhole(source: TSource, maxBytes: number): Promise<Uint8Array> {
  if (source.contentLength !== null && source.contentLength > maxBytes) {
    source.close();
    throw tooLarge(maxBytes);
  }
  const parts: Uint8Array[] = [];
  for await (const chunk of source.chunks) parts.push(chunk);
  if (source.hitLimit) throw tooLarge(maxBytes);
  return Buffer.concat(parts);
}

const tooLarge = (maxBytes: number) =>
  new PreviewFailure(
    'too-large',
    `The file is larger than the ${Math.round(maxBytes / 1024)} KB a preview reads; this format must be read whole`,
  );
