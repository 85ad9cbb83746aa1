import { workerData } from 'node:worker_threads';
import { createDatabase } from '../../db/database';
import { InProcessIndexWriter, type TIndexWriterMessage } from './index-writer';
import { logToOwner, serveRequests } from './worker-rpc';

// The index writer's thread: its own small pool, the same writer as on the main thread.
const database = createDatabase({
  url: workerData.databaseUrl as string,
  maxConnections: 2,
  applicationName: 'dsm-search-index',
});
const writer = new InProcessIndexWriter({ dir: workerData.dir as string, database, log: logToOwner });

serveRequests((message: TIndexWriterMessage) => writer.handle(message));
