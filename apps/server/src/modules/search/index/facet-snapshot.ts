import type { Database } from 'better-sqlite3';

/** The search threads' copy of `doc_facets` as arrays (see FacetCounter): per offer rowid, its value ids. */
export type TFacetSnapshot = {
  /** Offer rowid r has the value ids values[offsets[r]] .. values[offsets[r + 1] - 1]. */
  offsets: Int32Array<ArrayBuffer>;
  values: Int32Array<ArrayBuffer>;
  /** Per value id: its facet kind and its text. */
  kinds: number[];
  texts: string[];
  /** The last `doc_changes` entry the arrays hold. */
  lastChange: number;
};

const bytesOf = (array: Int32Array): Buffer => Buffer.from(array.buffer, array.byteOffset, array.byteLength);

/** Copies a blob into an aligned array (a blob's bytes need not start on a 4-byte boundary). */
function int32sOf(blob: Buffer): Int32Array<ArrayBuffer> {
  const array = new Int32Array(blob.length / 4);
  new Uint8Array(array.buffer).set(blob);
  return array;
}

/** Keeps the arrays in the index file, in the transaction of the caller or its own. */
export function writeFacetSnapshot(db: Database, snapshot: TFacetSnapshot): void {
  db.exec('create table if not exists facet_snapshot (part text primary key, data blob not null)');
  const put = db.prepare('insert or replace into facet_snapshot (part, data) values (?, ?)');
  db.transaction(() => {
    put.run('offsets', bytesOf(snapshot.offsets));
    put.run('values', bytesOf(snapshot.values));
    put.run(
      'values_text',
      Buffer.from(JSON.stringify({ kinds: snapshot.kinds, texts: snapshot.texts, lastChange: snapshot.lastChange })),
    );
  })();
}

/** The arrays a build kept in the file; null for a file without them. */
export function readFacetSnapshot(db: Database): TFacetSnapshot | null {
  const exists = db
    .prepare("select 1 from sqlite_schema where type = 'table' and name = 'facet_snapshot'")
    .pluck()
    .get();
  if (!exists) return null;
  const parts = new Map(
    (db.prepare('select part, data from facet_snapshot').raw().all() as [string, Buffer][]).map(([part, data]) => [
      part,
      data,
    ]),
  );
  const offsets = parts.get('offsets');
  const values = parts.get('values');
  const text = parts.get('values_text');
  if (!offsets || !values || !text) return null;
  const { kinds, texts, lastChange } = JSON.parse(text.toString('utf8')) as Omit<TFacetSnapshot, 'offsets' | 'values'>;
  return { offsets: int32sOf(offsets), values: int32sOf(values), kinds, texts, lastChange };
}
