// Candidate c: SQLite FTS5 through better-sqlite3. A contentless FTS5 table (title, keywords, description;
// unicode61 with diacritics folded, no stemming) whose rowids follow modification dates, side tables for the
// filters, and two reader threads with a read-only connection each (WAL), one per core.
import { rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { ENGINES_DATA_DIR, type TEngineDoc } from '../corpus';
import type { TEngine, TEngineResult } from '../engine';
import type { TEngineQuery } from '../queries';
import type { TSqliteRanking } from './sqlite-fts5-search';

const READERS = 2;

type TPending = { resolve: (result: TEngineResult) => void; reject: (error: Error) => void };

/** A reader thread: searches are queued and answered one at a time. */
function startReader(file: string) {
  const script = new URL('./sqlite-fts5-worker.ts', import.meta.url).href;
  // Workers do not inherit tsx's loader: the thread registers it before importing the TypeScript file.
  const worker = new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(script)}); })`,
    { eval: true, workerData: { file } },
  );
  const pending = new Map<number, TPending>();
  let next = 0;
  worker.on('message', ({ id, result, error }: { id: number; result?: TEngineResult; error?: string }) => {
    const waiting = pending.get(id);
    pending.delete(id);
    if (error) waiting?.reject(new Error(error));
    else if (result) waiting?.resolve(result);
  });
  return {
    search: (query: TEngineQuery, ranking: TSqliteRanking) =>
      new Promise<TEngineResult>((resolve, reject) => {
        const id = next++;
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, query, ranking });
      }),
    load: () => pending.size,
    stop: () => worker.terminate(),
  };
}

/** The FTS5 candidate with its database file under .data/search-engines. */
export function sqliteFts5(count: number): TEngine {
  const file = path.join(ENGINES_DATA_DIR, `fts5-${count}.sqlite`);
  let readers: ReturnType<typeof startReader>[] = [];

  /** Sends a search to the least busy reader. */
  const dispatch = (query: TEngineQuery, ranking: TSqliteRanking) => {
    const reader = readers.reduce((best, candidate) => (candidate.load() < best.load() ? candidate : best));
    return reader.search(query, ranking);
  };

  return {
    async build(docs: AsyncIterable<TEngineDoc>) {
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
      const db = new Database(file);
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = OFF');
      db.exec(`
        create virtual table t using fts5(title, keywords, description, content='', contentless_delete=1,
          tokenize='unicode61 remove_diacritics 2');
        create table offer_prices (rowid integer primary key, price real not null);
        create table offer_categories (category text not null, rowid integer not null, primary key (category, rowid)) without rowid;
        create table offer_keywords (keyword text not null, rowid integer not null, primary key (keyword, rowid)) without rowid;
      `);
      const insertText = db.prepare('insert into t (rowid, title, keywords, description) values (?, ?, ?, ?)');
      const insertPrice = db.prepare('insert into offer_prices (rowid, price) values (?, ?)');
      const insertCategory = db.prepare('insert or ignore into offer_categories (category, rowid) values (?, ?)');
      const insertKeyword = db.prepare('insert or ignore into offer_keywords (keyword, rowid) values (?, ?)');
      const insertBatch = db.transaction((batch: TEngineDoc[]) => {
        for (const doc of batch) {
          insertText.run(doc.seq, doc.title, doc.keywords.join(' ; '), doc.description);
          insertPrice.run(doc.seq, doc.price);
          for (const category of doc.categories) insertCategory.run(category, doc.seq);
          for (const keyword of doc.keywords) insertKeyword.run(keyword, doc.seq);
        }
      });
      let batch: TEngineDoc[] = [];
      for await (const doc of docs) {
        batch.push(doc);
        if (batch.length === 10_000) {
          insertBatch(batch);
          batch = [];
        }
      }
      insertBatch(batch);
      db.exec(`
        create index offer_prices_price on offer_prices (price, rowid);
        insert into t (t) values ('optimize');
        analyze;
      `);
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
      readers = Array.from({ length: READERS }, () => startReader(file));
    },
    modes: () => [
      {
        label: 'SQLite FTS5 (bm25 over the newest 10,001)',
        search: (query) => dispatch(query, 'capped'),
        concurrency: READERS,
      },
      {
        label: 'SQLite FTS5 (bm25 over all matches)',
        search: (query) => dispatch(query, 'uncapped'),
        concurrency: READERS,
      },
    ],
    measure: async () => {
      const bytes = ['', '-wal'].reduce((sum, suffix) => {
        try {
          return sum + statSync(`${file}${suffix}`).size;
        } catch {
          return sum;
        }
      }, 0);
      return { bytesOnDisk: bytes };
    },
    close: async () => {
      await Promise.all(readers.map((reader) => reader.stop()));
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
    },
  };
}
