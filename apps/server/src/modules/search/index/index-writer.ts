import Database from 'better-sqlite3';
import type { TDatabaseHandle } from '../../../db/database';
import { applyOutboxBatch, followOutboxFrom, registerOutboxConsumer, type TAppliedBatch } from './apply-outbox-batch';
import { buildIndexFile, type TBuiltIndex } from './build-index-file';
import type { TWrittenDocuments } from './index-documents';
import { configureConnection } from './index-schema';
import { mergeIndexStep, type TMergeStep } from './merge-index-segments';
import { type TKeptSearchCheck, touchedSearches } from './touched-searches';
import { WorkerClient } from './worker-rpc';

/**
 * The kept searches a write changed: every one when it changed or removed an offer the index held (what an answer
 * held of the offer before is gone), those matching its new offers otherwise, none when it wrote nothing.
 */
function touchedBy(
  writer: Database.Database,
  written: TWrittenDocuments,
  checks: readonly TKeptSearchCheck[],
): string[] | null {
  if (written.isRewrite) return null;
  if (written.firstNew === null) return [];
  return touchedSearches(writer, checks, written.newTexts ?? []);
}

/**
 * Outbox rows applied in one transaction. Each batch makes the server forget the kept answers its offers touch and
 * the search threads read the changed offers' facets: under a harvest of about 1,000 records a second, batches of
 * 2,000 (one a poll) gave 18 % more searches a second than batches of 500 (two a poll) at a lower CPU per search
 * (docs/performance.md, round 7).
 */
const APPLY_BATCH = 2_000;

/** What writes the index: full builds, and the outbox applied to the file in use. */
export interface IIndexWriter {
  /** Builds a new file from a snapshot of the catalogue; the consumer's cursor holds the rows it needs meanwhile. */
  build(generation: string): Promise<TBuiltIndex>;
  /** Writes to this file from now on. */
  open(file: string): Promise<void>;
  /**
   * Applies one batch of queued changes; answers how many rows it took, the offers they named and, of `checks`, the
   * kept searches whose answers it changed.
   */
  apply(checks?: readonly TKeptSearchCheck[]): Promise<TAppliedBatch>;
  /** Follows the outbox from a build's position on (the file built is the one in use now). */
  follow(horizon: string): Promise<void>;
  /**
   * One step of merging the index's lists, once at least `minChanges` text writes have fragmented them
   * (merge-index-segments.ts).
   */
  merge(minChanges: number): Promise<TMergeStep>;
  close(): Promise<void>;
}

export type TIndexWriterMessage =
  | { build: string }
  | { open: string }
  | { apply: true; checks?: readonly TKeptSearchCheck[] }
  | { follow: string }
  | { merge: number };

/** Where a writer writes and whose outbox cursor it moves. */
export type TIndexWriterOptions = {
  dir: string;
  /** The index's name in `search_outbox_cursors`. */
  consumer: string;
  /** A consumer not seen for longer is dropped (SEARCH_CONSUMER_EXPIRY_SECONDS). */
  consumerExpirySeconds: number;
  /** The writer thread's nice value (SEARCH_WRITER_NICE): searches go first while the cores are busy; 0 keeps it. */
  nice?: number;
  log?: (line: string) => void;
};

/** The writer on the calling thread: analysis and writes block it while they run (tests, small catalogues). */
export class InProcessIndexWriter implements IIndexWriter {
  private writer: Database.Database | null = null;
  private readonly appliedAhead = new Map<string, string>();

  constructor(private readonly options: TIndexWriterOptions & { database: TDatabaseHandle }) {}

  async build(generation: string): Promise<TBuiltIndex> {
    await registerOutboxConsumer(this.options.database.db, this.options.consumer);
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
    // What was applied ahead of the cursor to the file before is in the new one's snapshot.
    this.appliedAhead.clear();
  }

  private openWriter(): Database.Database {
    if (!this.writer) throw new Error('The search index has no file open for writing');
    return this.writer;
  }

  async apply(checks?: readonly TKeptSearchCheck[]): Promise<TAppliedBatch> {
    const writer = this.openWriter();
    const applied = await applyOutboxBatch(this.options.database.db, writer, {
      consumer: this.options.consumer,
      batchSize: APPLY_BATCH,
      expirySeconds: this.options.consumerExpirySeconds,
      appliedAhead: this.appliedAhead,
    });
    if (checks && applied.written) applied.touched = touchedBy(writer, applied.written, checks);
    // The texts stay on the writer's thread: only what the kept answers need crosses.
    if (applied.written) delete applied.written.newTexts;
    return applied;
  }

  follow(horizon: string): Promise<void> {
    return followOutboxFrom(this.options.database.db, this.options.consumer, horizon);
  }

  async merge(minChanges: number): Promise<TMergeStep> {
    return mergeIndexStep(this.openWriter(), minChanges);
  }

  /** Answers one message of a thread's owner. */
  handle(message: TIndexWriterMessage): Promise<unknown> {
    if ('build' in message) return this.build(message.build);
    if ('open' in message) return this.open(message.open);
    if ('follow' in message) return this.follow(message.follow);
    if ('merge' in message) return this.merge(message.merge);
    return this.apply(message.checks);
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

  constructor(private readonly options: TIndexWriterOptions & { databaseUrl: string }) {
    this.client = this.start();
  }

  /** The writer's thread; one that crashes is replaced by a new one writing to the file in use. */
  private start(): WorkerClient {
    return new WorkerClient(
      new URL('./index-writer-worker.ts', import.meta.url),
      {
        dir: this.options.dir,
        databaseUrl: this.options.databaseUrl,
        consumer: this.options.consumer,
        consumerExpirySeconds: this.options.consumerExpirySeconds,
        nice: this.options.nice ?? 0,
      },
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

  apply(checks?: readonly TKeptSearchCheck[]): Promise<TAppliedBatch> {
    return this.client.call({ apply: true, checks } satisfies TIndexWriterMessage);
  }

  async follow(horizon: string): Promise<void> {
    await this.client.call({ follow: horizon } satisfies TIndexWriterMessage);
  }

  merge(minChanges: number): Promise<TMergeStep> {
    return this.client.call({ merge: minChanges } satisfies TIndexWriterMessage);
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
