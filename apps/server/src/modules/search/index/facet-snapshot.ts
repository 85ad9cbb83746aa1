import type { Database } from 'better-sqlite3';

/**
 * Per offer rowid, what filters beside words read of its `docs` row: its price, its modification time (ms since
 * the epoch, NaN when unknown) and its OFFER_ROW flags (0 for a rowid without an offer).
 */
export type TOfferRows = {
  prices: Float64Array<ArrayBuffer>;
  modified: Float64Array<ArrayBuffer>;
  flags: Uint8Array<ArrayBuffer>;
};

/** The bits of `TOfferRows.flags`. */
export const OFFER_ROW = {
  /** The rowid is an offer's. */
  exists: 1,
  /** `docs.has_working_endpoint`. */
  hasWorkingEndpoint: 2,
} as const;

/** The search threads' copy of `doc_facets` as arrays (see FacetCounter): per offer rowid, its value ids. */
export type TFacetSnapshot = {
  /** Offer rowid r has the value ids values[offsets[r]] .. values[offsets[r + 1] - 1]. */
  offsets: Int32Array<ArrayBuffer>;
  values: Int32Array<ArrayBuffer>;
  /** Per value id: its facet kind and its text. */
  kinds: number[];
  texts: string[];
  /** The offers' rows as of the same change; null in a file built before they were kept (read from `docs` then). */
  rows: TOfferRows | null;
  /** The last `doc_changes` entry the arrays hold. */
  lastChange: number;
};

const bytesOf = (array: Int32Array | Float64Array | Uint8Array): Buffer =>
  Buffer.from(array.buffer, array.byteOffset, array.byteLength);

/** Copies a blob into an aligned array (a blob's bytes need not start on a 4- or 8-byte boundary). */
function copyOf<T extends Int32Array<ArrayBuffer> | Float64Array<ArrayBuffer>>(
  blob: Buffer,
  Type: { new (length: number): T; BYTES_PER_ELEMENT: number },
): T {
  const array = new Type(blob.length / Type.BYTES_PER_ELEMENT);
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
    if (snapshot.rows) {
      put.run('prices', bytesOf(snapshot.rows.prices));
      put.run('modified', bytesOf(snapshot.rows.modified));
      put.run('flags', bytesOf(snapshot.rows.flags));
    }
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
  const { kinds, texts, lastChange } = JSON.parse(text.toString('utf8')) as Pick<
    TFacetSnapshot,
    'kinds' | 'texts' | 'lastChange'
  >;
  const prices = parts.get('prices');
  const modified = parts.get('modified');
  const flags = parts.get('flags');
  const rows =
    prices && modified && flags
      ? {
          prices: copyOf(prices, Float64Array),
          modified: copyOf(modified, Float64Array),
          flags: Uint8Array.from(flags),
        }
      : null;
  return { offsets: copyOf(offsets, Int32Array), values: copyOf(values, Int32Array), kinds, texts, rows, lastChange };
}
