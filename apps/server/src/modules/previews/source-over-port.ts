import type { MessagePort } from 'node:worker_threads';
import { PreviewFailure, type TPreviewFailureReason } from './preview-failure';
import type { TSource } from './read-source';

/** What the reading thread asks of the main thread: the next chunk, or to stop reading. */
type TAsk = 'next' | 'close';

/** What the main thread answers to 'next'. */
type TAnswer =
  | { chunk: Uint8Array }
  | { isDone: true; hitLimit: boolean }
  | { failure: { reason: TPreviewFailureReason; message: string } };

/**
 * A chunk whose buffer may move to the thread: fetch gives each chunk a buffer of its own, which moves as it is;
 * a view on part of a larger buffer (the last chunk cut at the byte limit) is copied first.
 */
const ownChunk = (chunk: Uint8Array): Uint8Array =>
  chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength ? chunk : new Uint8Array(chunk);

/**
 * On the main thread: hands an open source's chunks to a reading thread over `port`, one chunk each time the
 * thread asks for one, so reading stops (and the connection closes) as soon as the thread has what it shows. The
 * fetch, its address policy and its time limit stay here; a failure of the source travels as a PreviewFailure.
 * Resolves once the thread said it stopped or the source ended.
 */
export function serveSourceOverPort(source: TSource, port: MessagePort): Promise<void> {
  const iterator = source.chunks[Symbol.asyncIterator]();
  return new Promise<void>((resolve) => {
    const end = () => {
      source.close();
      port.close();
      resolve();
    };
    port.on('message', async (ask: TAsk) => {
      if (ask === 'close') return end();
      let answer: TAnswer;
      try {
        const next = await iterator.next();
        answer = next.done ? { isDone: true, hitLimit: source.hitLimit } : { chunk: ownChunk(next.value) };
      } catch (error) {
        const failure =
          error instanceof PreviewFailure
            ? error
            : new PreviewFailure('source-offline', 'The endpoint could not be reached');
        answer = { failure: { reason: failure.reason, message: failure.message } };
      }
      port.postMessage(answer, 'chunk' in answer ? [answer.chunk.buffer as ArrayBuffer] : []);
    });
    port.on('close', end);
  });
}

/** On the reading thread: the source the main thread serves over `port` (serveSourceOverPort), as a TSource. */
export function sourceOverPort(port: MessagePort, contentLength: number | null): TSource {
  let hitLimit = false;
  let isClosed = false;
  const answers: ((answer: TAnswer) => void)[] = [];
  port.on('message', (answer: TAnswer) => answers.shift()?.(answer));
  const ask = () =>
    new Promise<TAnswer>((resolve) => {
      answers.push(resolve);
      port.postMessage('next' satisfies TAsk);
    });
  const close = () => {
    if (isClosed) return;
    isClosed = true;
    port.postMessage('close' satisfies TAsk);
    port.close();
  };
  async function* chunks(): AsyncGenerator<Uint8Array> {
    try {
      while (!isClosed) {
        const answer = await ask();
        if ('failure' in answer) throw new PreviewFailure(answer.failure.reason, answer.failure.message);
        if ('isDone' in answer) {
          hitLimit = answer.hitLimit;
          return;
        }
        yield answer.chunk;
      }
    } finally {
      close();
    }
  }
  return {
    contentLength,
    chunks: chunks(),
    get hitLimit() {
      return hitLimit;
    },
    close,
  };
}
