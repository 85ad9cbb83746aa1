import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import type { TDatabaseHandle } from '../../db/database';
import { addWords } from './analysis/typo-vocabulary';
import { toIndexDocument, writeDocuments } from './index-documents';
import { configureConnection, createIndexSchema, INDEX_SCHEMA_VERSION, readMeta, writeMeta } from './index-schema';
import { queryIndex } from './query-index';
import { readAllIndexSources, readIndexSources } from './read-index-sources';
import type { ISearchIndex, TIndexSearch, TIndexSearchResult } from './search-index';
import { SearchWorkers } from './search-workers';

export type TSqliteSearchIndexOptions = {
  /** The folder of the index files. */
  dir: string;
  database: TDatabaseHandle;
  /** Search threads; 0 answers searches on the calling thread. */
  workers: number;
  /** How often queued catalogue changes are looked for, in ms. */
  pollMs?: number;
  /**
   * Queued changes a search waits for (default 100); with more waiting (a harvest) it answers from the
   * index as it is and the changes follow within the poll interval.
   */
  catchUpLimit?: number;
  log?: (line: string) => void;
};

const CATCH_UP_LIMIT = 100;
/** Outbox rows applied in one transaction. */
const APPLY_BATCH = 500;
const BUILD_BATCH = 2_000;

/**
 * The search index in SQLite FTS5 files in one folder: `CURRENT` names the file in use; a rebuild writes a
 * new file and switches to it. The index records the catalogue's generation (`search_index_generation`)
 * and its schema version; an index of another is built again when opened.
 */
export class SqliteSearchIndex implements ISearchIndex {
  private writer: Database.Database;
  private reader: Database.Database | null;
  private workers: SearchWorkers | null = null;
  private draining: Promise<void> | null = null;
  private rebuilding: Promise<void> | null = null;
  private poller: NodeJS.Timeout | null = null;
  private closed = false;
  /** True while a rebuild reads the catalogue: changes wait in the outbox for the new file. */
  private isPaused = false;

  private constructor(
    private readonly options: TSqliteSearchIndexOptions,
    private file: string,
  ) {
    this.writer = openWriter(file);
    this.reader = options.workers === 0 ? openReader(file) : null;
  }

  /** Opens the index in `dir`, building it first when it is missing, of another schema or another catalogue. */
  static async open(options: TSqliteSearchIndexOptions): Promise<SqliteSearchIndex> {
    mkdirSync(options.dir, { recursive: true });
    const generation = await catalogueGeneration(options);
    const current = currentFile(options.dir);
    let file = current;
    if (!current || !isUsable(current, generation)) {
      const built = await buildIndexFile(options, generation);
      file = built.file;
      switchCurrent(options.dir, file);
      await forgetCovered(options, built.covered);
    }
    const index = new SqliteSearchIndex(options, file as string);
    if (options.workers > 0) index.workers = new SearchWorkers(options.workers, file as string);
    removeStaleFiles(options.dir, file as string);
    await index.drain();
    index.startPolling();
    return index;
  }

  async search(search: TIndexSearch): Promise<TIndexSearchResult> {
    if (this.workers) return this.workers.search(search);
    return queryIndex(this.reader as Database.Database, search);
  }

  async catchUp(): Promise<void> {
    const limit = this.options.catchUpLimit ?? CATCH_UP_LIMIT;
    if (limit === Number.POSITIVE_INFINITY) return this.drain();
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from (select 1 from search_outbox limit ${limit + 1}) waiting`.execute(
      this.options.database.db,
    );
    const waiting = rows[0]?.n ?? 0;
    if (waiting === 0) return;
    if (waiting <= limit) await this.drain();
    else void this.drain().catch(() => {});
  }

  refresh(): Promise<void> {
    return this.drain();
  }

  /** Applies queued changes until none is left; concurrent callers share one run. */
  private drain(): Promise<void> {
    if (!this.draining) {
      this.draining = (async () => {
        try {
          while (!this.closed && !this.isPaused && (await this.applyBatch()) > 0) {}
        } finally {
          this.draining = null;
        }
      })();
    }
    return this.draining;
  }

  /**
   * One batch of the outbox: the offers as they are now are written (or removed) in the index, then the
   * rows are deleted. A crash between the two applies them again, which changes nothing.
   */
  private async applyBatch(): Promise<number> {
    return this.options.database.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: string; offer_id: string }>`
        select id, offer_id from search_outbox order by id limit ${APPLY_BATCH} for update skip locked`.execute(trx);
      if (rows.length === 0) return 0;
      const offerIds = [...new Set(rows.map((row) => row.offer_id))];
      const sources = await readIndexSources(trx, offerIds);
      const present = new Set(sources.map((source) => source.id));
      writeDocuments(
        this.writer,
        sources.map(toIndexDocument),
        offerIds.filter((id) => !present.has(id)),
        { countWords: true },
      );
      await sql`delete from search_outbox where id = any(${rows.map((row) => row.id)}::bigint[])`.execute(trx);
      return rows.length;
    });
  }

  private startPolling(): void {
    const interval = this.options.pollMs ?? 1_000;
    const tick = () => {
      if (this.closed) return;
      this.drain()
        .catch((error: unknown) =>
          this.options.log?.(`Search index: applying catalogue changes failed: ${String(error)}`),
        )
        .finally(() => {
          if (!this.closed) this.poller = setTimeout(tick, interval);
        });
    };
    this.poller = setTimeout(tick, interval);
  }

  /** Builds the whole index again from the catalogue into a new file and switches to it. */
  rebuild(): Promise<void> {
    if (!this.rebuilding) {
      this.rebuilding = (async () => {
        try {
          this.isPaused = true;
          await this.draining?.catch(() => {});
          const { file, covered } = await buildIndexFile(this.options, await catalogueGeneration(this.options));
          const previous = this.file;
          this.writer.close();
          this.writer = openWriter(file);
          if (this.reader) {
            this.reader.close();
            this.reader = openReader(file);
          }
          await this.workers?.open(file);
          this.file = file;
          switchCurrent(this.options.dir, file);
          rmSync(previous, { force: true });
          removeStaleFiles(this.options.dir, file);
          await forgetCovered(this.options, covered);
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
    await this.workers?.close();
    this.reader?.close();
    this.writer.close();
  }
}

function openWriter(file: string): Database.Database {
  const db = new Database(file);
  configureConnection(db, { isWriter: true });
  return db;
}

function openReader(file: string): Database.Database {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  configureConnection(db, { isWriter: false });
  return db;
}

async function catalogueGeneration(options: TSqliteSearchIndexOptions): Promise<string> {
  const row = await options.database.db.selectFrom('search_index_generation').select('generation').executeTakeFirst();
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

/**
 * Builds an index file from every active offer. Changes made during the build stay queued in the outbox
 * and are applied afterwards (those the build already read are applied again, which changes nothing).
 */
async function buildIndexFile(
  options: TSqliteSearchIndexOptions,
  generation: string,
): Promise<{ file: string; covered: string[] }> {
  const started = Date.now();
  const file = path.join(options.dir, `index-${started}-${process.pid}.sqlite`);
  const db = new Database(file);
  let covered: string[] = [];
  try {
    db.pragma('journal_mode = off');
    db.pragma('synchronous = off');
    db.pragma('cache_size = -262144');
    createIndexSchema(db);
    const words = new Map<string, number>();
    let count = 0;
    for await (const batch of readAllIndexSources(options.database.pool, BUILD_BATCH, (ids) => {
      covered = ids;
    })) {
      const documents = batch.map(toIndexDocument);
      writeDocuments(db, documents, [], { countWords: false });
      for (const document of documents) for (const word of document.words) words.set(word, (words.get(word) ?? 0) + 1);
      count += documents.length;
      if (count % 100_000 < BUILD_BATCH) options.log?.(`Search index: ${count} offers indexed`);
    }
    db.transaction(() => addWords(db, words))();
    db.exec("insert into docs_fts (docs_fts) values ('optimize')");
    writeMeta(db, 'schema_version', INDEX_SCHEMA_VERSION);
    writeMeta(db, 'generation', generation);
    writeMeta(db, 'complete', 'true');
    db.pragma('journal_mode = wal');
    options.log?.(
      `Search index built: ${count} offers, ${words.size} words in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } catch (error) {
    db.close();
    rmSync(file, { force: true });
    throw error;
  }
  db.close();
  return { file, covered };
}

/** Deletes outbox rows whose changes a build already holds (rows queued after its snapshot stay). */
async function forgetCovered(options: TSqliteSearchIndexOptions, covered: string[]): Promise<void> {
  for (let start = 0; start < covered.length; start += 10_000) {
    const ids = covered.slice(start, start + 10_000);
    await sql`delete from search_outbox where id = any(${ids}::bigint[])`.execute(options.database.db);
  }
}
