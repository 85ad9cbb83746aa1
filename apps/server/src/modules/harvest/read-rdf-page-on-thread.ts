import { MessageChannel } from 'node:worker_threads';
import { createWorkerPool, threadsBesideMain } from '../../lib/worker-pool/worker-pool';
import type { TSourceItem } from './harvested-dataset';
import { loadJsonLdContext, type TRdfSyntax } from './parse-rdf';
import type { TRdfPageMessage, TRdfPageReply, TRdfPageTask } from './read-rdf-page-task';

/**
 * Pages of DCAT-AP catalogues are parsed and mapped on threads of their own: a page of 5,000 datasets is 65,000
 * triples in one store, and parsing and mapping it on the main thread, even in slices, held the event loop every
 * request shares for about a hundred milliseconds at a time, mostly in garbage collection of that heap. At most
 * two pages (one thread less than the machine has cores, at least one) are read at once; further runs wait in line.
 */
const pool = createWorkerPool({
  entry: new URL('./read-rdf-page-task.ts', import.meta.url),
  size: threadsBesideMain(2),
  name: 'harvest page reading',
});

/** Records per message from the thread: a chunk crosses to the main thread in well under a millisecond. */
const CHUNK_SIZE = 100;

export type TRdfPage = {
  /** The page as read, gzipped or not; moved to the thread, so no longer usable by the caller. */
  bytes: Uint8Array;
  syntax: TRdfSyntax;
  /** Resolves the page's relative IRIs. */
  baseIri: string;
  /** Datasets of the page already processed by an interrupted run: skipped without mapping. */
  skip: number;
};

/** What the page held besides its records. */
export type TRdfPageEnd = {
  /** The page's datasets, skipped ones included. */
  datasets: number;
  /** The next page a hydra-paged catalogue links to, if any. */
  next: string | null;
};

/**
 * The records of one RDF page, parsed and mapped on a harvest thread and handed over in chunks of plain records;
 * the thread stays at most two chunks ahead of the caller. Remote JSON-LD contexts the page names are loaded here,
 * through the harvest's address policy. Returns what the page held besides its records; throws the page's syntax
 * error. Stopping early (break, return, throw) stops the thread's work on the page.
 */
export async function* readRdfPageOnThread(page: TRdfPage): AsyncGenerator<TSourceItem, TRdfPageEnd> {
  const { port1: port, port2 } = new MessageChannel();
  const chunks: TSourceItem[][] = [];
  let end: TRdfPageEnd | null = null;
  let failure: Error | null = null;
  let wakeReader: (() => void) | null = null;
  const wake = () => {
    const resume = wakeReader;
    wakeReader = null;
    resume?.();
  };
  const reply = (message: TRdfPageReply) => port.postMessage(message);
  port.on('message', (message: TRdfPageMessage) => {
    if (message.kind === 'context') {
      loadJsonLdContext(message.url).then(
        (document) => reply({ kind: 'context', requestId: message.requestId, document }),
        (error: unknown) =>
          reply({
            kind: 'context',
            requestId: message.requestId,
            error: error instanceof Error ? error.message : String(error),
          }),
      );
      return;
    }
    if (message.kind === 'items') chunks.push(message.items);
    else if (message.kind === 'end') end = { datasets: message.datasets, next: message.next };
    else failure ??= new Error(message.message);
    wake();
  });

  // A view on part of a larger buffer is copied first: only a whole buffer can move.
  const bytes =
    page.bytes.byteOffset === 0 && page.bytes.byteLength === page.bytes.buffer.byteLength
      ? page.bytes
      : page.bytes.slice();
  const task: TRdfPageTask = {
    bytes,
    syntax: page.syntax,
    baseIri: page.baseIri,
    skip: page.skip,
    chunkSize: CHUNK_SIZE,
    port: port2,
  };
  // The thread's own failure (it died, the pool stopped); a page's errors come on the port.
  const running = pool.run(task, [bytes.buffer as ArrayBuffer, port2]).catch((error: unknown) => {
    failure ??= error instanceof Error ? error : new Error(String(error));
    wake();
  });

  try {
    for (;;) {
      const chunk = chunks.shift();
      if (chunk) {
        reply({ kind: 'more' });
        yield* chunk;
        continue;
      }
      if (failure) throw failure;
      if (end) return end;
      await new Promise<void>((resolve) => {
        wakeReader = resolve;
      });
    }
  } finally {
    const isStoppedEarly = !end && !failure;
    if (isStoppedEarly) reply({ kind: 'stop' });
    // A page read to its end is done once its task is (the thread answers right after the page's last message);
    // the open port keeps the process alive meanwhile, since the pool's threads do not. A page stopped early is
    // not waited for: the thread sees the port close and ends the task on its own.
    if (!isStoppedEarly) await running;
    port.close();
  }
}

/** Pages the harvest threads have read: tells tests that pages were read off the main thread. */
export const pagesReadOnThreads = (): number => pool.completed;
