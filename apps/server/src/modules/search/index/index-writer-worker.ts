import { workerData } from 'node:worker_threads';
import { createDatabase } from '../../../db/database';
import { lowerThreadPriority } from '../../../lib/lower-thread-priority';
import { InProcessIndexWriter, type TIndexWriterMessage } from './index-writer';
import { logToOwner, serveRequests } from './worker-rpc';

// The index writer's thread: its own small pool, the same writer as on the main thread. Its idle
// connections close after a second: the main thread's outage watch does not reach this pool, and a
// PostgreSQL in smart shutdown would wait for them (30 s by default) before it stops.
// Applying a harvest's changes can wait a moment; the searches of the threads beside it cannot.
if ((workerData.nice as number) > 0) lowerThreadPriority(workerData.nice as number);
const database = createDatabase({
  url: workerData.databaseUrl as string,
  maxConnections: 2,
  applicationName: 'dsm-search-index',
  idleTimeoutMs: 1_000,
});
const writer = new InProcessIndexWriter({
  dir: workerData.dir as string,
  consumer: workerData.consumer as string,
  consumerExpirySeconds: workerData.consumerExpirySeconds as number,
  database,
  log: logToOwner,
});

serveRequests((message: TIndexWriterMessage) => writer.handle(message));
