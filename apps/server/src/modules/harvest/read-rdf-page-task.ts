import type { MessagePort } from 'node:worker_threads';
import { gunzipSync } from 'node:zlib';
import { serveTasks } from '../../lib/worker-pool/serve-tasks';
import type { TSourceItem } from './harvested-dataset';
import { datasetSubjects, mapDcatDataset, nextPageOf } from './map-dcat-graph';
import { parseRdf, type TRdfSyntax } from './parse-rdf';
import { storable } from './storable-text';
import { contentHash } from './to-offer-record';

/** A page of a DCAT-AP catalogue to parse and map on a thread of the harvest pool (read-rdf-page-on-thread.ts). */
export type TRdfPageTask = {
  /** The page as read, gzipped or not; moved to the thread. */
  bytes: Uint8Array;
  syntax: TRdfSyntax;
  baseIri: string;
  /** Datasets of the page already processed by an interrupted run: skipped without mapping. */
  skip: number;
  /** Records per message to the main thread. */
  chunkSize: number;
  /** The page's own channel to the main thread: records go out on it, credits and JSON-LD contexts come back. */
  port: MessagePort;
};

/** What the thread sends on the page's port. */
export type TRdfPageMessage =
  | { kind: 'items'; items: TSourceItem[] }
  | { kind: 'context'; requestId: number; url: string }
  | { kind: 'end'; datasets: number; next: string | null }
  | { kind: 'error'; message: string };

/** What the main thread answers on the page's port. */
export type TRdfPageReply =
  | { kind: 'more' }
  | { kind: 'stop' }
  | { kind: 'context'; requestId: number; document?: unknown; error?: string };

/**
 * Chunks the thread may send before the main thread has taken one: the next chunk is mapped while the main
 * thread writes the current one, and no more than this many wait on the main thread, whatever the page's size.
 */
export const CHUNKS_AHEAD = 2;

const GZIP_MAGIC = [0x1f, 0x8b];

async function readPage(task: TRdfPageTask): Promise<void> {
  const { port } = task;
  let credits = CHUNKS_AHEAD;
  let isStopped = false;
  let wakeSender: (() => void) | null = null;
  const wake = () => {
    const resume = wakeSender;
    wakeSender = null;
    resume?.();
  };
  let nextRequestId = 0;
  const pendingContexts = new Map<number, { resolve: (document: unknown) => void; reject: (error: Error) => void }>();
  port.on('message', (reply: TRdfPageReply) => {
    if (reply.kind === 'more') credits++;
    else if (reply.kind === 'stop') isStopped = true;
    else {
      const pending = pendingContexts.get(reply.requestId);
      pendingContexts.delete(reply.requestId);
      if (reply.error !== undefined) pending?.reject(new Error(reply.error));
      else pending?.resolve(reply.document);
    }
    wake();
  });
  port.on('close', () => {
    isStopped = true;
    for (const pending of pendingContexts.values()) pending.reject(new Error('the harvest run stopped'));
    pendingContexts.clear();
    wake();
  });
  // Remote JSON-LD contexts are fetched by the main thread, where the harvest's address policy is configured.
  const loadContext = (url: string) =>
    new Promise<unknown>((resolve, reject) => {
      const requestId = nextRequestId++;
      pendingContexts.set(requestId, { resolve, reject });
      port.postMessage({ kind: 'context', requestId, url } satisfies TRdfPageMessage);
    });
  const send = async (items: TSourceItem[]) => {
    while (credits === 0 && !isStopped) await new Promise<void>((resolve) => (wakeSender = resolve));
    if (isStopped) return;
    credits--;
    port.postMessage({ kind: 'items', items } satisfies TRdfPageMessage);
  };

  try {
    const bytes =
      task.bytes[0] === GZIP_MAGIC[0] && task.bytes[1] === GZIP_MAGIC[1] ? gunzipSync(task.bytes) : task.bytes;
    const store = await parseRdf(Buffer.from(bytes).toString('utf8'), task.syntax, task.baseIri, loadContext);
    const subjects = datasetSubjects(store);
    let chunk: TSourceItem[] = [];
    for (const subject of subjects.slice(task.skip)) {
      if (isStopped) return;
      try {
        // Cleaned and fingerprinted here rather than on the main thread: walking and serialising every record
        // there was most of its garbage, collected in pauses every request waited for.
        const dataset = storable(mapDcatDataset(store, subject));
        chunk.push({ dataset, hash: contentHash(dataset) });
      } catch (error) {
        chunk.push({ failure: error instanceof Error ? error.message : String(error), identifier: subject.value });
      }
      if (chunk.length >= task.chunkSize) {
        await send(chunk);
        chunk = [];
      }
    }
    if (chunk.length > 0) await send(chunk);
    if (!isStopped)
      port.postMessage({ kind: 'end', datasets: subjects.length, next: nextPageOf(store) } satisfies TRdfPageMessage);
  } catch (error) {
    port.postMessage({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
  } finally {
    port.close();
  }
}

// Run as a thread of the harvest pool (read-rdf-page-on-thread.ts).
serveTasks(async (task: TRdfPageTask): Promise<null> => {
  await readPage(task);
  return null;
});
