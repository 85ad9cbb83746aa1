import Database from 'better-sqlite3';
import type { TDatabaseHandle } from '../../../db/database';
import { applyOutboxBatch, forgetCoveredChanges, type TAppliedBatch } from './apply-outbox-batch';
import { buildIndexFile, type TBuiltIndex } from './build-index-file';
import { configureConnection } from './index-schema';
import { WorkerClient } from './worker-rpc';

/** Outbox rows applied in one transaction. */
const APPLY_BATCH = 500;

/** What writes the index: full builds, and the outbox applied to the file in use. */
export interface IIndexWriter {
  build(generation: string): Promise<TBuiltIndex>;
  /** Writes to this file from now on. */
  open(file: string): Promise<void>;
  /** Applies one batch of queued changes; answers how many rows it took and the offers they named. */
  apply(): Promise<TAppliedBatch>;
  /** Deletes the outbox rows a build holds. */
  forget(covered: string[]): Promise<void>;
  close(): Promise<void>;
}

export type TIndexWriterMessage = { build: string } | { open: string } | { apply: true } | { forget: string[] };

/** The writer on the calling thread: analysis and writes block it while they run (tests, small catalogues). */
export class InProcessIndexWriter implements IIndexWriter {
  private writer: Database.Database | null = null;

  constructor(private readonly options: { dir: string; database: TDatabaseHandle; log?: (line: string) => void }) {}

  build(generation: string): Promise<TBuiltIndex> {
    return buildIndexFile({
      dir: this.options.dir,
      pool: this.options.database.pool,
      generation,
      log: this.options.log,
    });
  }

  async open(file: string): Promise<void> {
    this.writer?.close();
    this.writer = new Database(file);
    configureConnection(this.writer, { isWriter: true });
  }

  async apply(): Promise<TAppliedBatch> {
    if (!this.writer) throw new Error('The search index has no file open for writing');
    return applyOutboxBatch(this.options.database.db, this.writer, APPLY_BATCH);
  }

  forget(covered: string[]): Promise<void> {
    return forgetCoveredChanges(this.options.database.db, covered);
  }

  /** Answers one message of a thread's owner. */
  handle(message: TIndexWriterMessage): Promise<unknown> {
    if ('build' in message) return this.build(message.build);
    if ('open' in message) return this.open(message.open);
    if ('forget' in message) return this.forget(message.forget);
    return this.apply();
  }

  async close(): Promise<void> {
    this.writer?.close();
    this.writer = null;
  }
}

/**
 * The writer on a thread of its own with its own PostgreSQL connections: a build of a large catalogue
 * takes minutes of CPU, and applying a harvest's changes is steady work, neither of which may hold up
 * the requests the main thread answers.
 */
export class ThreadIndexWriter implements IIndexWriter {
  private client: WorkerClient;
  private file: string | null = null;

  constructor(private readonly options: { dir: string; databaseUrl: string; log?: (line: string) => void }) {
    this.client = this.start();
  }

  /** The writer's thread; one that crashes is replaced by a new one writing to the file in use. */
  private start(): WorkerClient {
    return new WorkerClient(
      new URL('./index-writer-worker.ts', import.meta.url),
      { dir: this.options.dir, databaseUrl: this.options.databaseUrl },
      this.options.log,
      () => {
        this.options.log?.('Search index: the writer thread stopped; starting it again');
        this.client = this.start();
        if (this.file) this.client.call({ open: this.file } satisfies TIndexWriterMessage).catch(() => {});
      },
    );
  }

  build(generation: string): Promise<TBuiltIndex> {
    return this.client.call({ build: generation } satisfies TIndexWriterMessage);
  }

  async open(file: string): Promise<void> {
    this.file = file;
    await this.client.call({ open: file } satisfies TIndexWriterMessage);
  }

  apply(): Promise<TAppliedBatch> {
    return this.client.call({ apply: true } satisfies TIndexWriterMessage);
  }

  async forget(covered: string[]): Promise<void> {
    await this.client.call({ forget: covered } satisfies TIndexWriterMessage);
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
