import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TSuggestion } from '@dsm/contracts';
import Database from 'better-sqlite3';
import type { TDatabaseHandle } from '../../../db/database';
import { cachedQueryIndex } from './cached-query-index';
import { INDEX_SCHEMA_VERSION, openReader, readMeta } from './index-schema';
import { type IIndexWriter, InProcessIndexWriter, ThreadIndexWriter } from './index-writer';
import { KeptAnswers } from './kept-answers';
import { countWaitingChanges, leaveOutbox, readOutboxConsumer, touchOutboxConsumer } from './outbox-consumer';
import { PopularSearches } from './popular-searches';
import { matchEveryWord } from './query-index';
import { rankExtensionFile } from './rank-extension';
import type { ISearchIndex, TIndexSearch, TIndexSearchResult } from './search-index';
import type { TWarmReport } from './search-worker';
import { SearchWorkers } from './search-workers';
import { suggestFromIndex } from './suggest-from-index';

export type TSqliteSearchIndexOptions = {
  /** The folder of the index files. */
  dir: string;
  database: TDatabaseHandle;
  /**
   * Search threads; with any, the index is also written on a thread of its own. 0 searches and writes on
   * the calling thread (tests, tools).
   */
  workers: number;
  /** How often queued catalogue changes are looked for, in ms. */
  pollMs?: number;
  /**
   * Queued changes `catchUp` waits for (default 100); with more waiting (a harvest) it returns at once and
   * the changes follow within the poll interval.
   */
  catchUpLimit?: number;
  /**
   * A process following the outbox that was not seen for longer is dropped, so that it no longer holds rows back
   * (default an hour); it builds its index again when it comes back.
   */
  consumerExpirySeconds?: number;
  /**
   * How long the search threads may warm the index before `open` resolves, in seconds (default 20): each reads
   * its share of the file, the facets and the searches asked most before the restart, then answers; what the
   * budget leaves runs between searches. 0: `open` resolves at once and the threads warm while answering.
   */
  warmSeconds?: number;
  /**
   * Text writes (offers added, changed, removed) after which the index merges its lists, once no change has come for
   * `settleSeconds` (defaults 20,000 and 60): see merge-index-segments.ts.
   */
  mergeAfterChanges?: number;
  settleSeconds?: number;
  /** The writer thread's nice value (0 to 19, default 10): while the cores are busy, searches go first. */
  writerNice?: number;
  /** Every search first applies all queued changes (tests and tools, whose writes skip the API). */
  isRefreshedBeforeSearch?: boolean;
  log?: (line: string) => void;
};

const CATCH_UP_LIMIT = 100;
const CONSUMER_EXPIRY_SECONDS = 3_600;
/** How often an index with nothing to apply marks itself seen at most, in ms (and at least 4 times per expiry). */
const TOUCH_MS = 60_000;
/** How often the searches asked most are written to the index folder, in ms. */
const SAVE_POPULAR_MS = 60_000;
const WARM_SECONDS = 20;
const MERGE_AFTER_CHANGES = 20_000;
const SETTLE_SECONDS = 60;
const WRITER_NICE = 10;

/** What the warm start did: its time, and each search thread's report. */
export type TWarmStart = { ms: number; threads: TWarmReport[] };

/**
 * The search index in SQLite FTS5 files in one folder: `CURRENT` names the file in use; a rebuild writes a
 * new file and switches to it. The index records the catalogue's generation (`search_index_generation`)
 * and its schema version; an index of another is built again when opened.
 */
export class SqliteSearchIndex implements ISearchIndex {
  private reader: Database.Database | null = null;
  private workers: SearchWorkers | null = null;
  private draining: Promise<void> | null = null;
  private rebuilding: Promise<void> | null = null;
  private poller: NodeJS.Timeout | null = null;
  private closed = false;
  /** True while a rebuild reads the catalogue: changes wait in the outbox for the new file. */
  private isPaused = false;
  private readonly popular: PopularSearches;
  private readonly changeListeners: ((offerIds: readonly string[] | null) => void)[] = [];
  /** The search threads' answers, kept for all of them (kept-answers.ts). */
  private readonly keptAnswers = new KeptAnswers();
  private popularSavedAt = Date.now();
  /** When the last change was applied: the lists are merged once the changes have settled. */
  private appliedAt = Date.now();
  private merging: Promise<void> | null = null;
  private touchedAt = Date.now();
  /** The search threads' warm start before `open` resolved; null when they warm while answering (or there are none). */
  warmStart: TWarmStart | null = null;

  private constructor(
    private readonly options: TSqliteSearchIndexOptions,
    private readonly consumer: string,
    private readonly writer: IIndexWriter,
    private file: string,
    private generation: string,
  ) {
    this.popular = new PopularSearches(options.dir);
  }

  get outboxConsumer(): string {
    return this.consumer;
  }

  /** Opens the index in `dir`, building it first when it is missing, of another schema or another catalogue. */
  static async open(options: TSqliteSearchIndexOptions): Promise<SqliteSearchIndex> {
    mkdirSync(options.dir, { recursive: true });
    // Compiled at the start (once per machine and source), not by the first search connection to open.
    const rank = rankExtensionFile();
    if (rank.file === null)
      options.log?.(`Search index: ranking with FTS5's bm25(), as dsm_bm25() could not be compiled: ${rank.error}`);
    const consumer = readOutboxConsumer(options.dir);
    const writerOptions = {
      dir: options.dir,
      consumer,
      consumerExpirySeconds: options.consumerExpirySeconds ?? CONSUMER_EXPIRY_SECONDS,
      nice: options.writerNice ?? WRITER_NICE,
      log: options.log,
    };
    const writer: IIndexWriter =
      options.workers > 0
        ? new ThreadIndexWriter({
            ...writerOptions,
            databaseUrl: options.database.pool.options.connectionString as string,
          })
        : new InProcessIndexWriter({ ...writerOptions, database: options.database });
    try {
      const generation = await catalogueGeneration(options.database);
      let file = currentFile(options.dir);
      // Without its cursor the index may have missed changes whose rows are deleted: it is built again.
      const isFollowing = (await countWaitingChanges(options.database.db, consumer, 0)) !== null;
      if (!file || !isUsable(file, generation) || !isFollowing) {
        const built = await writer.build(generation);
        file = built.file;
        switchCurrent(options.dir, file);
        await writer.follow(built.horizon);
      }
      await writer.open(file);
      removeStaleFiles(options.dir, file);
      writeFileSync(path.join(options.dir, 'LOCK'), `${process.pid}\n`);
      const index = new SqliteSearchIndex(options, consumer, writer, file, generation);
      if (options.workers > 0) index.workers = new SearchWorkers(options.workers, file, () => index.popular.top());
      else index.reader = openReader(file);
      await index.drain();
      // After the changes queued meanwhile: applying them would drop the answers the warm start keeps.
      if (index.workers) await index.warm();
      index.startPolling();
      return index;
    } catch (error) {
      await writer.close();
      throw error;
    }
  }

  /**
   * The search threads' warm start (`warmSeconds`): before the index answers, so that a load balancer sends the
   * first users to a process whose first search answers like any other, and bounded, so that a start never waits
   * long for it.
   */
  private async warm(): Promise<void> {
    const workers = this.workers as SearchWorkers;
    const budgetMs = (this.options.warmSeconds ?? WARM_SECONDS) * 1000;
    if (budgetMs <= 0) {
      void workers.warm(0).catch(() => {});
      return;
    }
    const started = performance.now();
    try {
      const threads = await workers.warm(budgetMs);
      this.warmStart = { ms: performance.now() - started, threads };
      this.options.log?.(describeWarmStart(this.warmStart));
    } catch (error) {
      // A thread that stopped meanwhile is replaced, and warms while answering: the index answers all the same.
      this.options.log?.(`Search index: the warm start failed: ${String(error)}`);
    }
  }

  async search(search: TIndexSearch): Promise<TIndexSearchResult> {
    if (this.options.isRefreshedBeforeSearch) await this.drain();
    this.popular.count(search);
    const workers = this.workers;
    if (workers) return this.keptAnswers.answer(search, () => workers.search(search));
    return cachedQueryIndex(this.reader as Database.Database, search);
  }

  async matchEveryWord(searches: TIndexSearch[]): Promise<string[][]> {
    if (this.options.isRefreshedBeforeSearch) await this.drain();
    if (this.workers) return this.workers.matchEveryWord(searches);
    return matchEveryWord(this.reader as Database.Database, searches);
  }

  async suggest(prefix: string): Promise<TSuggestion[]> {
    if (this.workers) return this.workers.suggest(prefix);
    return suggestFromIndex(this.reader as Database.Database, prefix);
  }

  async catchUp(): Promise<void> {
    const limit = this.options.catchUpLimit ?? CATCH_UP_LIMIT;
    const waiting = await countWaitingChanges(this.options.database.db, this.consumer, limit);
    if (waiting === null) {
      this.rebuildDropped();
      return;
    }
    if (waiting === 0) return;
    if (waiting <= limit) await this.drain();
    else void this.drain().catch(() => {});
  }

  refresh(): Promise<void> {
    return this.drain();
  }

  /** Applies queued changes until none is left; concurrent callers share one run. */
  private drain(): Promise<void> {
    // Cleared in a callback, which always runs after the assignment, even when the run ends at once.
    this.draining ??= this.applyQueued().finally(() => {
      this.draining = null;
    });
    return this.draining;
  }

  onChangesApplied(listener: (offerIds: readonly string[] | null) => void): void {
    this.changeListeners.push(listener);
  }

  /**
   * Applies the queued changes batch by batch. The kept answers go with each batch to the writer, which tells which
   * of them its changes touched: only those are forgotten, so that a harvest adding offers keeps the answers of
   * searches its offers do not match.
   */
  private async applyQueued(): Promise<void> {
    while (!this.closed && !this.isPaused) {
      const checked = this.workers ? this.keptAnswers.checks() : null;
      const applied = await this.writer.apply(checked?.checks);
      if (applied.isDropped) {
        this.rebuildDropped();
        break;
      }
      if (applied.rows === 0) break;
      this.appliedAt = Date.now();
      if (checked && applied.touched !== undefined)
        this.keptAnswers.forgetTouched(checked, applied.touched, applied.written?.newCopyKeys ?? []);
      else this.keptAnswers.forget();
      this.workers?.syncFacets();
      for (const listener of this.changeListeners) listener(applied.offerIds);
    }
  }

  private startPolling(): void {
    const interval = this.options.pollMs ?? 1_000;
    const tick = () => {
      if (this.closed) return;
      this.savePopular(false);
      // During an outage the changes wait in PostgreSQL; asking would only hold connections.
      if (!this.options.database.availability.isAvailable()) {
        this.poller = setTimeout(tick, interval);
        return;
      }
      // Asked on the main pool, which the outage watch cuts: the writer's own connections are opened
      // only when there is work, so a PostgreSQL in smart shutdown does not wait for them.
      this.watchGeneration()
        .then(() => this.touch())
        .then(() => this.hasQueued())
        .then((hasQueued) => (hasQueued ? this.drain() : this.mergeWhenSettled()))
        .catch((error: unknown) =>
          this.options.log?.(`Search index: applying catalogue changes failed: ${String(error)}`),
        )
        .finally(() => {
          if (!this.closed) this.poller = setTimeout(tick, interval);
        });
    };
    this.poller = setTimeout(tick, interval);
  }

  /**
   * Merges the index's lists once a harvest's changes have settled: no change applied for `settleSeconds`, and at
   * least `mergeAfterChanges` text writes since the last merge (merge-index-segments.ts). Step by step, each a short
   * job of the writer's; queued changes go first, and the merge goes on once they have settled again.
   */
  mergeWhenSettled(): Promise<void> {
    this.merging ??= this.mergeSteps().finally(() => {
      this.merging = null;
    });
    return this.merging;
  }

  private async mergeSteps(): Promise<void> {
    const settleMs = (this.options.settleSeconds ?? SETTLE_SECONDS) * 1000;
    const minChanges = this.options.mergeAfterChanges ?? MERGE_AFTER_CHANGES;
    const started = performance.now();
    let steps = 0;
    while (!this.closed && !this.isPaused && !this.draining && Date.now() - this.appliedAt >= settleMs) {
      const step = await this.writer.merge(minChanges);
      if (step.isMerged) {
        if (steps > 0)
          this.options.log?.(
            `Search index: merged its lists after ${step.unmergedChanges} changes in ${steps} steps, ` +
              `${((performance.now() - started) / 1000).toFixed(1)} s`,
          );
        return;
      }
      steps += 1;
      if (await this.hasQueued()) return;
    }
  }

  /** Keeps the searches asked most in the index folder for the next start, once a minute and at close. */
  private savePopular(isClosing: boolean): void {
    if (!isClosing && Date.now() - this.popularSavedAt < SAVE_POPULAR_MS) return;
    this.popularSavedAt = Date.now();
    try {
      this.popular.save();
    } catch (error) {
      this.options.log?.(`Search index: keeping the popular searches failed: ${String(error)}`);
    }
  }

  private async hasQueued(): Promise<boolean> {
    const waiting = await countWaitingChanges(this.options.database.db, this.consumer, 0);
    if (waiting === null) this.rebuildDropped();
    return (waiting ?? 0) > 0;
  }

  /** Marks this index seen now and then, so that it is not dropped while the catalogue does not change. */
  private async touch(): Promise<void> {
    const expiryMs = (this.options.consumerExpirySeconds ?? CONSUMER_EXPIRY_SECONDS) * 1000;
    if (Date.now() - this.touchedAt < Math.min(TOUCH_MS, expiryMs / 4)) return;
    this.touchedAt = Date.now();
    if (!(await touchOutboxConsumer(this.options.database.db, this.consumer))) this.rebuildDropped();
  }

  /** An index whose cursor was dropped may have missed deleted changes: it is built again, answering meanwhile. */
  private rebuildDropped(): void {
    if (this.rebuilding || this.closed) return;
    this.options.log?.('Search index: its place in the outbox was dropped; building the index again');
    void this.rebuild().catch((error: unknown) =>
      this.options.log?.(`Search index: building it again failed: ${String(error)}`),
    );
  }

  /** A new catalogue generation (`npm run reindex`, a restore) starts a rebuild; the index answers meanwhile. */
  private async watchGeneration(): Promise<void> {
    if (this.rebuilding) return;
    if ((await catalogueGeneration(this.options.database)) === this.generation) return;
    this.options.log?.('Search index: the catalogue has a new generation; building the index again');
    void this.rebuild().catch((error: unknown) =>
      this.options.log?.(`Search index: building it again failed: ${String(error)}`),
    );
  }

  /** Builds the whole index again from the catalogue into a new file and switches to it. */
  rebuild(): Promise<void> {
    if (!this.rebuilding) {
      this.rebuilding = (async () => {
        try {
          this.isPaused = true;
          await this.draining?.catch(() => {});
          const generation = await catalogueGeneration(this.options.database);
          const built = await this.writer.build(generation);
          const previous = this.file;
          await this.writer.open(built.file);
          if (this.reader) {
            this.reader.close();
            this.reader = openReader(built.file);
          }
          await this.workers?.open(built.file);
          this.keptAnswers.forget();
          this.file = built.file;
          this.generation = generation;
          switchCurrent(this.options.dir, built.file);
          for (const listener of this.changeListeners) listener(null);
          rmSync(previous, { force: true });
          removeStaleFiles(this.options.dir, built.file);
          await this.writer.follow(built.horizon);
        } finally {
          this.isPaused = false;
          this.rebuilding = null;
        }
        await this.drain();
      })();
    }
    return this.rebuilding;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.poller) clearTimeout(this.poller);
    await this.draining?.catch(() => {});
    await this.merging?.catch(() => {});
    await this.rebuilding?.catch(() => {});
    this.savePopular(true);
    await this.workers?.close();
    this.reader?.close();
    await this.writer.close();
    rmSync(path.join(this.options.dir, 'LOCK'), { force: true });
  }

  /** Closes the index and gives up its place in the outbox (its folder is about to be deleted). */
  async leave(): Promise<void> {
    await this.close();
    await leaveOutbox(this.options.database.db, this.consumer);
  }
}

/** The log line of a warm start: "Search index warm in 2.4 s (...)". */
export function describeWarmStart(warm: TWarmStart): string {
  const sum = (pick: (thread: TWarmReport) => number) =>
    warm.threads.reduce((total, thread) => total + pick(thread), 0);
  const max = (pick: (thread: TWarmReport) => number) => Math.max(...warm.threads.map(pick));
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  const cutShort = warm.threads.some((thread) => thread.isCutShort)
    ? `; cut short by the budget, ${sum((thread) => thread.searchesLeft)} searches left to run while answering`
    : '';
  return (
    `Search index warm in ${seconds(warm.ms)} s (${warm.threads.length} search threads: ` +
    `${(sum((thread) => thread.bytesRead) / 1048576).toFixed(0)} MB of the file read ahead in ${seconds(max((thread) => thread.readMs))} s, ` +
    `facets in ${seconds(max((thread) => thread.facetsMs))} s, ` +
    `${sum((thread) => thread.searchesRun)} searches in ${seconds(max((thread) => thread.searchesMs))} s${cutShort})`
  );
}

/** The process that has the index in `dir` open, when it still runs; null when none has. */
export function indexOwner(dir: string): number | null {
  try {
    const pid = Number(readFileSync(path.join(dir, 'LOCK'), 'utf8').trim());
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

async function catalogueGeneration(database: TDatabaseHandle): Promise<string> {
  const row = await database.db.selectFrom('search_index_generation').select('generation').executeTakeFirst();
  return row?.generation ?? 'none';
}

function currentFile(dir: string): string | null {
  try {
    const name = readFileSync(path.join(dir, 'CURRENT'), 'utf8').trim();
    return name ? path.join(dir, name) : null;
  } catch {
    return null;
  }
}

function switchCurrent(dir: string, file: string): void {
  const temporary = path.join(dir, 'CURRENT.tmp');
  writeFileSync(temporary, `${path.basename(file)}\n`);
  renameSync(temporary, path.join(dir, 'CURRENT'));
}

/** Files of earlier builds (and their write-ahead logs) that are not the one in use. */
function removeStaleFiles(dir: string, file: string): void {
  const keep = path.basename(file);
  for (const name of readdirSync(dir)) {
    if (name.startsWith('index-') && !name.startsWith(keep)) rmSync(path.join(dir, name), { force: true });
  }
}

function isUsable(file: string, generation: string): boolean {
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      return (
        readMeta(db, 'schema_version') === INDEX_SCHEMA_VERSION &&
        readMeta(db, 'generation') === generation &&
        readMeta(db, 'complete') === 'true'
      );
    } finally {
      db.close();
    }
  } catch {
    return false;
  }
}
