import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { FacetCounter } from './facet-counter';
import { readFacetSnapshot, writeFacetSnapshot } from './facet-snapshot';
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
});
