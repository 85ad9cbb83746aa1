import Database from 'better-sqlite3';
import { createVocabularySchema } from '../analysis/typo-vocabulary';
import { loadRankExtension } from './rank-extension';

/**
 * Bumped when the tables, the text analysis or the values kept change (5: licences by their labels; 6: whether an
 * offer has a working endpoint, `docs.has_working_endpoint`; 7: the facet values as words, `docs_fts.facets`): an
 * index of another version is built again.
 */
export const INDEX_SCHEMA_VERSION = '7';

/**
 * The columns of `docs_fts`, and how their words are split: what a search's expression is matched against. The
 * text's three, then the offer's facet values as words (facet-tokens.ts), which filters beside words match.
 */
export const FTS_COLUMNS = 'title, keywords, description, facets';
export const FTS_TOKENIZE = "tokenize = 'unicode61 remove_diacritics 0'";

/** The facets an offer's values are kept under in `doc_facets`, in the order of FACET_NAMES. */
export const FACET_KINDS = {
  categories: 0,
  keywords: 1,
  formats: 2,
  licences: 3,
  publishers: 4,
  paymentModels: 5,
} as const;

/**
 * The index's tables. `docs` holds what ranking, sorting and filtering read per offer (with
 * whether the link checker last found one of its endpoints online, for 'working endpoints only'); `doc_facets` the
 * values filters and facet counts read (categories, keywords, formats, licences, publishers, payment model); `docs_fts` the
 * analysed words (contentless: FTS5 keeps only its inverted index, the text stays in PostgreSQL), with
 * the same rowid as `docs`. `copy_key` is shared by the federated copies of one dataset (the same title and description
 * from several catalogues), so that results show them as one. `doc_changes` lists the offers written since the build, in order, so that
 * the search threads' copies of the facets follow. Rowids of a full build follow the modification date, so "the newest matches"
 * is a rowid range FTS5 reads without sorting.
 */
export function createIndexSchema(db: Database.Database): void {
  createIndexTables(db);
  createSecondaryIndexes(db);
}

/**
 * The tables of `createIndexSchema` without their secondary indexes: a full build fills them first and adds the
 * indexes after (`createSecondaryIndexes`), since sorting each index once costs a fraction of keeping it in order
 * row by row.
 */
export function createIndexTables(db: Database.Database): void {
  db.exec(`
    create table if not exists meta (key text primary key, value text not null);
    create table if not exists docs (
      rowid integer primary key,
      offer_id text not null unique,
      title text not null,
      title_key text not null,
      modified integer,
      price real not null,
      copy_key text,
      has_working_endpoint integer not null default 0
    );
    create table if not exists doc_facets (
      doc integer not null, kind integer not null, value text not null, primary key (doc, kind, value)
    ) without rowid;
    create table if not exists doc_changes (seq integer primary key, doc integer not null);
    create virtual table if not exists docs_fts using fts5(
      ${FTS_COLUMNS}, content = '', contentless_delete = 1, ${FTS_TOKENIZE}
    );
  `);
  createVocabularySchema(db);
}

/** The indexes on `docs` and `doc_facets` that sorting, filtering and collapsing copies read. */
export function createSecondaryIndexes(db: Database.Database): void {
  db.exec(`
    create index if not exists docs_modified on docs (modified);
    create index if not exists docs_price on docs (price);
    create index if not exists docs_title on docs (title collate nocase);
    create index if not exists docs_copy_key on docs (copy_key) where copy_key is not null;
    create index if not exists doc_facets_value on doc_facets (kind, value, doc);
  `);
}

/** Tunes a connection: write-ahead log so readers never wait for the writer, and a bounded page cache. */
export function configureConnection(db: Database.Database, options: { isWriter: boolean }): void {
  if (options.isWriter) {
    db.pragma('journal_mode = wal');
    db.pragma('synchronous = normal');
  }
  db.pragma('cache_size = -65536');
  db.pragma('temp_store = memory');
  db.pragma('busy_timeout = 5000');
}

export function readMeta(db: Database.Database, key: string): string | null {
  const row = db.prepare('select value from meta where key = ?').get(key) as { value: string } | undefined;
  return row?.value ?? null;
}

export function writeMeta(db: Database.Database, key: string, value: string): void {
  db.prepare('insert into meta (key, value) values (?, ?) on conflict (key) do update set value = excluded.value').run(
    key,
    value,
  );
}

/**
 * Opens an index file for searching only, ranking with `dsm_bm25()` where it can be loaded (`isRankedNatively`,
 * default true; false ranks with FTS5's bm25()).
 */
export function openReader(file: string, options: { isRankedNatively?: boolean } = {}): Database.Database {
  const reader = new Database(file, { readonly: true, fileMustExist: true });
  configureConnection(reader, { isWriter: false });
  if (options.isRankedNatively !== false) loadRankExtension(reader);
  return reader;
}
