import Database from 'better-sqlite3';
import { threadCpuMs } from '../../../lib/thread-cpu';
import { addWords } from '../analysis/typo-vocabulary';
import type { TAnalyzedBatch } from './analyze-batch';
import { FacetCounter } from './facet-counter';
import { writeFacetSnapshot } from './facet-snapshot';
import { createIndexTables, createSecondaryIndexes, INDEX_SCHEMA_VERSION, writeMeta } from './index-schema';

/** Offers written per transaction: FTS5 writes its pending words as one segment at each commit. */
const OFFERS_PER_TRANSACTION = 20_000;

/** The steps of a full build whose time is accounted. */
export type TBuildStep = 'insert' | 'wordCounts' | 'indexes' | 'vocabulary' | 'optimize' | 'facetSnapshot';

/** Time of a step: CPU of the thread that ran it, and wall time, in ms. */
export type TStepTime = { cpuMs: number; wallMs: number };

/**
 * Writes a new index file from analysed batches, on one connection, as a one-off bulk load: no journal and no
 * syncs (the file is not in use until it is complete and named in CURRENT; a build that stops leaves a file
 * that is removed), large transactions, secondary indexes created after the rows, the typo vocabulary, FTS5's
 * segments merged into one and the facet snapshot at the end. The rows are those `writeDocuments` and
 * `addWords` write for the same offers.
 */
export class IndexBuildWriter {
  private readonly db: Database.Database;
  private readonly insertDoc: Database.Statement;
  private readonly insertText: Database.Statement;
  private readonly insertFacet: Database.Statement;
  private readonly words = new Map<string, number>();
  private inTransaction = 0;
  count = 0;
  readonly steps = new Map<TBuildStep, TStepTime>();

  constructor(readonly file: string) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = off');
    this.db.pragma('synchronous = off');
    this.db.pragma('cache_size = -262144');
    createIndexTables(this.db);
    // No merging of FTS5's segments while they are written: 'optimize' merges them all once at the end (about a
    // quarter less CPU for the text than merging along the way). Set back before the file is used.
    this.db.exec("insert into docs_fts (docs_fts, rank) values ('automerge', 0)");
    this.insertDoc = this.db.prepare(
      'insert into docs (offer_id, title, title_key, copy_key, modified, price, has_working_endpoint) values (?, ?, ?, ?, ?, ?, ?)',
    );
    this.insertText = this.db.prepare(
      'insert into docs_fts (rowid, title, keywords, description, facets) values (?, ?, ?, ?, ?)',
    );
    this.insertFacet = this.db.prepare('insert or ignore into doc_facets (doc, kind, value) values (?, ?, ?)');
  }

  private timed<T>(step: TBuildStep, work: () => T): T {
    const cpu = threadCpuMs();
    const wall = performance.now();
    try {
      return work();
    } finally {
      const time = this.steps.get(step) ?? { cpuMs: 0, wallMs: 0 };
      time.cpuMs += threadCpuMs() - cpu;
      time.wallMs += performance.now() - wall;
      this.steps.set(step, time);
    }
  }

  /** Writes a batch after those before it: rowids follow the order of the batches. */
  add(batch: TAnalyzedBatch): void {
    this.timed('insert', () => {
      if (this.inTransaction === 0) this.db.exec('begin');
      for (const document of batch.documents) {
        const rowid = this.insertDoc.run(
          document.offerId,
          document.title,
          document.titleKey,
          document.copyKey,
          document.modified,
          document.price,
          document.hasWorkingEndpoint ? 1 : 0,
        ).lastInsertRowid;
        this.insertText.run(
          rowid,
          document.titleTokens,
          document.keywordTokens,
          document.descriptionTokens,
          document.facetTokens,
        );
        for (const [kind, value] of document.facets) this.insertFacet.run(rowid, kind, value);
      }
      this.inTransaction += batch.documents.length;
      if (this.inTransaction >= OFFERS_PER_TRANSACTION) this.commit();
    });
    this.timed('wordCounts', () => {
      for (const [word, documents] of batch.wordCounts) this.words.set(word, (this.words.get(word) ?? 0) + documents);
    });
    this.count += batch.documents.length;
  }

  private commit(): void {
    if (this.inTransaction === 0) return;
    this.db.exec('commit');
    this.inTransaction = 0;
  }

  /** Distinct words of the offers written. */
  get wordCount(): number {
    return this.words.size;
  }

  /** Completes the file, marked with the catalogue's generation, and closes it. */
  finish(generation: string): void {
    this.timed('insert', () => this.commit());
    this.timed('indexes', () => createSecondaryIndexes(this.db));
    this.timed('vocabulary', () => addWords(this.db, this.words));
    this.timed('optimize', () => {
      this.db.exec("insert into docs_fts (docs_fts) values ('optimize')");
      // Back to FTS5's default (4) for the outbox's small transactions, which rely on merging as they go. The
      // row stays (its shadow table is read-only to SQL), holding the value FTS5 assumes without it.
      this.db.exec("insert into docs_fts (docs_fts, rank) values ('automerge', 4)");
    });
    this.timed('facetSnapshot', () => writeFacetSnapshot(this.db, new FacetCounter(this.db).snapshot()));
    writeMeta(this.db, 'schema_version', INDEX_SCHEMA_VERSION);
    writeMeta(this.db, 'generation', generation);
    writeMeta(this.db, 'complete', 'true');
    this.db.pragma('journal_mode = wal');
    this.db.close();
  }

  /** Closes the file unfinished (the caller removes it). */
  abandon(): void {
    if (this.db.open) this.db.close();
  }
}
