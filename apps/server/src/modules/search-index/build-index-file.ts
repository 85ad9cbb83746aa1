import { rmSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type pg from 'pg';
import { addWords } from './analysis/typo-vocabulary';
import { FacetCounter } from './facet-counter';
import { writeFacetSnapshot } from './facet-snapshot';
import { toIndexDocument, writeDocuments } from './index-documents';
import { createIndexSchema, INDEX_SCHEMA_VERSION, writeMeta } from './index-schema';
import { readAllIndexSources } from './read-index-sources';

const BUILD_BATCH = 2_000;

export type TBuiltIndex = {
  file: string;
  /** Outbox rows whose changes the build holds: they need not be applied again. */
  covered: string[];
};

/**
 * Builds an index file in `dir` from every active offer, marked with the catalogue's generation. Changes
 * made during the build stay queued in the outbox and are applied afterwards (those the build already
 * read are applied again, which changes nothing).
 */
export async function buildIndexFile(options: {
  dir: string;
  pool: pg.Pool;
  generation: string;
  log?: (line: string) => void;
}): Promise<TBuiltIndex> {
  const started = Date.now();
  const file = path.join(options.dir, `index-${started}-${process.pid}.sqlite`);
  const db = new Database(file);
  let covered: string[] = [];
  const batches = readAllIndexSources(options.pool, BUILD_BATCH, (ids) => {
    covered = ids;
  });
  try {
    db.pragma('journal_mode = off');
    db.pragma('synchronous = off');
    db.pragma('cache_size = -262144');
    createIndexSchema(db);
    const words = new Map<string, number>();
    let count = 0;
    // The next batch is asked for before this one is analysed and written, so that PostgreSQL reads it
    // (and computes its formats, licences and publishers) on the other core meanwhile.
    let next = batches.next();
    next.catch(() => {}); // awaited below; a failure there is thrown from the loop
    for (;;) {
      const read = await next;
      if (read.done) break;
      next = batches.next();
      next.catch(() => {});
      const batch = read.value;
      const documents = batch.map(toIndexDocument);
      writeDocuments(db, documents, [], { countWords: false });
      for (const document of documents) for (const word of document.words) words.set(word, (words.get(word) ?? 0) + 1);
      count += documents.length;
      if (count % 100_000 < BUILD_BATCH) options.log?.(`Search index: ${count} offers indexed`);
    }
    addWords(db, words);
    db.exec("insert into docs_fts (docs_fts) values ('optimize')");
    writeFacetSnapshot(db, new FacetCounter(db).snapshot());
    writeMeta(db, 'schema_version', INDEX_SCHEMA_VERSION);
    writeMeta(db, 'generation', options.generation);
    writeMeta(db, 'complete', 'true');
    db.pragma('journal_mode = wal');
    options.log?.(
      `Search index built: ${count} offers, ${words.size} words in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } catch (error) {
    // Ends the read (and releases its connection) after the batch asked for ahead settles.
    void batches.return(undefined).catch(() => {});
    db.close();
    rmSync(file, { force: true });
    throw error;
  }
  db.close();
  return { file, covered };
}
