import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TTestDatabase } from '../../test/test-database';
import { JUDGED_OFFERS } from '../search/evaluation/judged-corpus';
import { LICENCE_CATALOGUE } from './licence-catalogue';
import { seedCatalogue } from './seed-catalogue';

let database: TTestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);

afterAll(async () => {
  await database?.drop();
});

const countOffers = async () =>
  Number((await database.pool.query<{ n: string }>('select count(*) as n from offers')).rows[0]!.n);

describe('seedCatalogue', () => {
  it('loads the judged offers first and generated ones up to the requested number', async () => {
    const progress: number[] = [];
    const result = await seedCatalogue({
      db: database.db,
      pool: database.pool,
      datasets: 300,
      firstOffers: JUDGED_OFFERS,
      batchSize: 100,
      onProgress: (loaded) => progress.push(loaded),
    });
    expect(result).toEqual({ offers: 300 });
    expect(await countOffers()).toBe(300);
    expect(progress.at(-1)).toBe(300);
    const judged = await database.db
      .selectFrom('offers')
      .select('id')
      .where(
        'id',
        'in',
        JUDGED_OFFERS.map((offer) => offer.id),
      )
      .execute();
    expect(judged).toHaveLength(JUDGED_OFFERS.length);
  });

  it('seeds the licence catalogue', async () => {
    const licences = await database.db.selectFrom('licences').selectAll().orderBy('id').execute();
    expect(licences).toHaveLength(LICENCE_CATALOGUE.length);
    const ccBy = licences.find((licence) => licence.id === 'CC-BY-4.0');
    expect(ccBy?.mappings).toEqual(LICENCE_CATALOGUE.find((licence) => licence.licenceId === 'CC-BY-4.0')?.mappings);
  });

  it('loads no offers into a catalogue that has some, but still updates the licences', async () => {
    await database.db.updateTable('licences').set({ title: 'stale', mappings: [] }).where('id', '=', 'MIT').execute();
    const again = await seedCatalogue({
      db: database.db,
      pool: database.pool,
      datasets: 300,
      firstOffers: JUDGED_OFFERS,
    });
    expect(again).toEqual({ offers: 0 });
    expect(await countOffers()).toBe(300);
    const mit = await database.db.selectFrom('licences').selectAll().where('id', '=', 'MIT').executeTakeFirstOrThrow();
    expect(mit.title).toBe('MIT License');
    expect(mit.mappings.length).toBeGreaterThan(0);
  });

  it('lets only one of two concurrent seeds load', async () => {
    const other = await createTestDatabase();
    try {
      const results = await Promise.all([
        seedCatalogue({ db: other.db, pool: other.pool, datasets: 120, firstOffers: JUDGED_OFFERS }),
        seedCatalogue({ db: other.db, pool: other.pool, datasets: 120, firstOffers: JUDGED_OFFERS }),
      ]);
      expect(results.map((result) => result.offers).sort((a, b) => a - b)).toEqual([0, 120]);
      const { rows } = await other.pool.query<{ n: string }>('select count(*) as n from offers');
      expect(Number(rows[0]!.n)).toBe(120);
    } finally {
      await other.drop();
    }
  });

  it('loads only judged offers when fewer are asked for than there are', async () => {
    const small = await createTestDatabase();
    try {
      expect(await seedCatalogue({ db: small.db, pool: small.pool, datasets: 5, firstOffers: JUDGED_OFFERS })).toEqual({
        offers: 5,
      });
      const ids = (await small.db.selectFrom('offers').select('id').execute()).map((row) => row.id).sort();
      expect(ids).toEqual(
        JUDGED_OFFERS.slice(0, 5)
          .map((offer) => offer.id)
          .sort(),
      );
      expect(await seedCatalogue({ db: small.db, pool: small.pool, datasets: 0, firstOffers: JUDGED_OFFERS })).toEqual({
        offers: 0,
      });
    } finally {
      await small.drop();
    }
  });
});
