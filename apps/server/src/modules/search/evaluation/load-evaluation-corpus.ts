import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type pg from 'pg';
import type { TDb } from '../../../db/database';
import { seedCatalogue } from '../../catalogue/seed-catalogue';
import { addSource } from '../../harvest/add-source';
import { runHarvest } from '../../harvest/run-harvest';
import { JUDGED_OFFERS } from './judged-corpus';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../..');

/**
 * The real catalogues beside the checkout (../shared/fixtures/catalog, see its SOURCE.md), or in
 * `SHARED_FIXTURES_DIR` for a checkout elsewhere.
 */
export const FIXTURE_CATALOGUES_DIR =
  process.env.SHARED_FIXTURES_DIR ?? path.resolve(repoRoot, '..', 'shared', 'fixtures', 'catalog');

/** Where the offers of the evaluation corpus come from. */
export const CORPUS_SOURCES = ['cdc', 'depositar', 'demo'] as const;
export type TCorpusSource = (typeof CORPUS_SOURCES)[number];

const HARVESTED = [
  { name: 'cdc', file: 'cdc.gov.data.json.gz', format: 'dcat-us' },
  { name: 'depositar', file: 'depositar-datasets.jsonl.gz', format: 'ckan-jsonl' },
] as const;

/** The demo catalogue's size by default: the judged offers and generated ones, as many as relevance.test.ts uses. */
export const DEFAULT_DEMO_OFFERS = 5000;

export type TLoadEvaluationCorpusOptions = {
  db: TDb;
  pool: pg.Pool;
  /** Offers of the demo catalogue (judged ones first, then generated with seed 1). */
  demoOffers?: number;
  /** The folder holding the fixture catalogues. */
  fixturesDir?: string;
};

/**
 * Fills an empty, migrated database with the evaluation corpus the way the product fills its catalogue:
 * the demo seed, then the two fixture catalogues through the harvest (data.cdc.gov as DCAT-US data.json,
 * depositar as CKAN JSON lines). The harvest location policy must allow local files
 * (`configureHarvestLocations({ files: 'anywhere', ... })`). Returns the number of offers per source.
 */
export async function loadEvaluationCorpus({
  db,
  pool,
  demoOffers = DEFAULT_DEMO_OFFERS,
  fixturesDir = FIXTURE_CATALOGUES_DIR,
}: TLoadEvaluationCorpusOptions): Promise<Record<TCorpusSource, number>> {
  // The seed adds nothing to a catalogue that has offers, so it goes first.
  const seeded = await seedCatalogue({ db, pool, datasets: demoOffers, firstOffers: JUDGED_OFFERS });
  const counts: Record<TCorpusSource, number> = { cdc: 0, depositar: 0, demo: seeded.offers };
  for (const source of HARVESTED) {
    await addSource(db, { name: source.name, location: path.join(fixturesDir, source.file), format: source.format });
    const run = await runHarvest({ db, source: source.name });
    if (run.status !== 'succeeded') throw new Error(`harvesting ${source.file} failed: ${run.error}`);
    counts[source.name] = run.counts.created;
  }
  await sql`analyze`.execute(db);
  return counts;
}

export type TCorpusOffer = { id: string; title: string; source: TCorpusSource };

/** Every active offer with the source it came from (harvested offers by their harvest source). */
export async function listCorpusOffers(db: TDb): Promise<TCorpusOffer[]> {
  const rows = await db
    .selectFrom('offers as o')
    .leftJoin('harvest_records as r', 'r.offer_id', 'o.id')
    .leftJoin('harvest_sources as s', 's.id', 'r.source_id')
    .select(['o.id', 'o.title', 's.name as source'])
    .where('o.state', '=', 'ACTIVE')
    .execute();
  return rows.map((row) => ({ id: row.id, title: row.title, source: (row.source ?? 'demo') as TCorpusSource }));
}
