import { setImmediate } from 'node:timers/promises';

/**
 * Reads up to `size` items ahead of the consumer: while the consumer awaits something else (the database),
 * the source keeps being read and mapped instead of waiting for the next `next()`. Items come out in order;
 * when the source fails, the items read before the failure come out first, then the error is thrown. At
 * most `size` items are held. Stopping early (break, return, throw) stops reading the source.
 */
/**
 * Items read between two turns of the event loop. A source whose bytes are already buffered (a stream's chunk of
 * sixty-odd data.json records) is read and mapped in promise continuations alone, which hold the loop, shared by
 * every request, until the chunk is done: 30 ms and more under load.
 */
const ITEMS_PER_TURN = 25;

export async function* readAhead<T>(source: AsyncIterable<T>, size: number): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  const buffer: T[] = [];
  let done = false;
  let failure: { error: unknown } | null = null;
  let isStopped = false;
  /** The side waiting: the consumer for an item or the end, the producer for room in the buffer. */
  let consumerWaiting: (() => void) | null = null;
  let producerWaiting: (() => void) | null = null;
  const wakeConsumer = () => {
    const resume = consumerWaiting;
    consumerWaiting = null;
    resume?.();
  };
  const wakeProducer = () => {
    const resume = producerWaiting;
    producerWaiting = null;
    resume?.();
  };

  let read = 0;
  const produce = async () => {
    try {
      while (!isStopped) {
        if (buffer.length >= size) {
          await new Promise<void>((resolve) => {
            producerWaiting = resolve;
          });
          continue;
        }
        const next = await iterator.next();
        if (next.done) break;
        buffer.push(next.value);
        wakeConsumer();
        if (++read % ITEMS_PER_TURN === 0) await setImmediate();
      }
    } catch (error) {
      failure = { error };
    } finally {
      done = true;
      wakeConsumer();
    }
  };
  const producing = produce();

  try {
    for (;;) {
      if (buffer.length > 0) {
        const item = buffer.shift() as T;
        wakeProducer();
        yield item;
        continue;
      }
      if (done) {
        if (failure) throw (failure as { error: unknown }).error;
        return;
      }
      await new Promise<void>((resolve) => {
        consumerWaiting = resolve;
      });
    }
  } finally {
    isStopped = true;
    wakeProducer();
    await producing;
    // Closes the source (a file or response stream) when the consumer stopped before its end.
    if (iterator.return) await iterator.return().catch(() => undefined);
  }
}
