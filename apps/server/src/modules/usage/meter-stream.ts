import type { ServerResponse } from 'node:http';
import { Readable, Transform } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';

/** How a metered answer ended. */
export type TStreamOutcome = {
  /** Bytes of the body that went out to the caller. */
  bytes: number;
  /** The whole body went out. */
  isComplete: boolean;
};

export type TMeterStreamOptions = {
  /** The body as the source serves it. */
  body: ReadableStream<Uint8Array>;
  /** The answer it is sent on: its closing decides the outcome. */
  response: ServerResponse;
  /** Called when the caller went away before the end: stops the source (its request, say). */
  onAbort?: () => void;
  /** Called once the answer closed, complete or not, with the bytes that went out. */
  onClose: (outcome: TStreamOutcome) => void;
};

/**
 * The body to send, counting the bytes that go out. When the answer closes, complete or aborted,
 * `onClose` learns how many went out; a caller who went away stops the source too. Downloads and
 * connector deliveries meter what they send with it.
 */
export function meterStream(options: TMeterStreamOptions): Readable {
  let sent = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sent += chunk.length;
      done(null, chunk);
    },
  });
  const source = Readable.fromWeb(options.body as NodeReadableStream<Uint8Array>);
  source.on('error', (error) => counter.destroy(error));
  source.pipe(counter);
  options.response.once('close', () => {
    const isComplete = options.response.writableFinished;
    if (!isComplete) {
      options.onAbort?.();
      source.destroy();
    }
    options.onClose({ bytes: sent, isComplete });
  });
  return counter;
}
