import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { FacetCounter } from './facet-counter';
import { OFFER_ROW, readFacetSnapshot, writeFacetSnapshot } from './facet-snapshot';
import { type TIndexSource, toIndexDocument, writeDocuments } from './index-documents';
import { createIndexSchema } from './index-schema';

const source = (id: string, formats: string[], publishers: string[]): TIndexSource => ({
  id,
  title: `Offer ${id}`,
  description: 'Measurements of the air.',
  language: 'en',
  keywords: ['air'],
  categories: ['ENVIRONMENT'],
  price: 0,
  modified: new Date('2024-01-01T00:00:00Z'),
  paymentModel: 'FREE_OF_CHARGE',
  formats,
  licences: ['CC-BY-4.0'],
  publishers,
  hasWorkingEndpoint: false,
});

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function builtIndex(): Database.Database {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'facet-snapshot-'));
  dirs.push(dir);
  const db = new Database(path.join(dir, 'index.sqlite'));
  createIndexSchema(db);
  writeDocuments(
    db,
    [source('a', ['CSV'], ['City']), source('b', ['CSV', 'JSON'], ['State']), source('c', ['JSON'], ['City'])].map(
      toIndexDocument,
    ),
    [],
    { countWords: false },
  );
  writeFacetSnapshot(db, new FacetCounter(db).snapshot());
  return db;
}

const allRowids = (db: Database.Database) => db.prepare('select rowid from docs').pluck().all() as number[];

describe('the facet snapshot a build keeps', () => {
  it('gives a new reader the same counts as the rows, and it follows changes written after the build', () => {
    const db = builtIndex();
    expect(readFacetSnapshot(db)?.texts).toEqual(expect.arrayContaining(['CSV', 'JSON', 'City', 'State']));
    const fromSnapshot = new FacetCounter(db);
    expect(fromSnapshot.count(allRowids(db)).formats).toEqual([
      { value: 'CSV', count: 2 },
      { value: 'JSON', count: 2 },
    ]);

    // An offer changed and one added after the build, as the outbox writes them.
    writeDocuments(db, [source('a', ['XLSX'], ['City']), source('d', ['XLSX'], ['Region'])].map(toIndexDocument), [], {
      countWords: true,
    });
    const reader = new FacetCounter(db);
    const counts = reader.count(allRowids(db));
    expect(counts.formats).toEqual([
      { value: 'JSON', count: 2 },
      { value: 'XLSX', count: 2 },
      { value: 'CSV', count: 1 },
    ]);
    expect(counts.publishers).toEqual([
      { value: 'City', count: 2 },
      { value: 'Region', count: 1 },
      { value: 'State', count: 1 },
    ]);
    db.exec('drop table facet_snapshot');
    expect(new FacetCounter(db).count(allRowids(db))).toEqual(counts);
  });

  it("keeps each offer's price, date and working endpoint, and nothing for a rowid without an offer", () => {
    const db = builtIndex();
    const dated = { ...source('e', ['CSV'], ['City']), price: 12.5, modified: null, hasWorkingEndpoint: true };
    writeDocuments(db, [toIndexDocument(dated)], ['b'], { countWords: true });
    writeFacetSnapshot(db, new FacetCounter(db).snapshot());
    const rows = readFacetSnapshot(db)?.rows;
    const rowid = (offerId: string) =>
      db.prepare('select rowid from docs where offer_id = ?').pluck().get(offerId) as number;
    expect(rows?.prices[rowid('e')]).toBe(12.5);
    expect(rows?.modified[rowid('e')]).toBeNaN();
    expect(rows?.flags[rowid('e')]).toBe(OFFER_ROW.exists | OFFER_ROW.hasWorkingEndpoint);
    expect(rows?.modified[rowid('a')]).toBe(Date.parse('2024-01-01T00:00:00Z'));
    expect(rows?.flags[rowid('a')]).toBe(OFFER_ROW.exists);
    // 'b' was the second offer written, then removed.
    expect(rows?.flags[2]).toBe(0);
  });
});
