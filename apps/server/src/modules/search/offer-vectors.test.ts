import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixtureCatalogues } from '../../test/fixture-catalogue';
import { createTestDatabase, type TTestDatabase } from '../../test/test-database';
import { cjkBigrams, OfferVectors, type TOfferText } from './offer-vectors';

let database: TTestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

/** The offers whose vector differs from `dsm_offer_vector`'s, by index. */
async function differing(offers: readonly TOfferText[], vectors: readonly (string | null)[]): Promise<number[]> {
  const rows = await sql<{ i: number }>`
    select s.i from json_to_recordset(${JSON.stringify(offers.map((offer, i) => ({ ...offer, i, vector: vectors[i] })))}::json)
      as s(i integer, language text, title text, keywords text[], description text, vector text)
     where s.vector is not null
       and s.vector::tsvector::text <> dsm_offer_vector(s.language, s.title, s.keywords, s.description)::text`.execute(
    database.db,
  );
  return rows.rows.map((row) => row.i);
}

describe('OfferVectors', () => {
  it('computes the vector dsm_offer_vector computes for every record of both fixture catalogues it takes on', async () => {
    const vectors = await OfferVectors.load(database.db);
    expect(vectors).not.toBeNull();
    const offers = await readFixtureCatalogues();
    let computed = 0;
    for (let start = 0; start < offers.length; start += 500) {
      const batch = offers.slice(start, start + 500);
      const result = await vectors!.compute(database.db, batch);
      computed += result.filter((vector) => vector !== null).length;
      const wrong = await differing(batch, result);
      expect(wrong.map((i) => batch[i]!.title)).toEqual([]);
    }
    // Only records with markup or beyond PostgreSQL's position limits are left to the database.
    expect(computed / offers.length).toBeGreaterThan(0.85);
  });

  it('gives the same vectors with every word already known, and for texts at the edges', async () => {
    const vectors = (await OfferVectors.load(database.db))!;
    const offers: TOfferText[] = [
      { language: 'en', title: '', keywords: [], description: '' },
      { language: 'en', title: 'the of and', keywords: ['a', 'the'], description: 'is it' },
      {
        language: 'de',
        title: 'Der Fluß-Übergang',
        keywords: ['Brücke', 'brücke'],
        description: "It's O'Brien \\ back",
      },
      { language: 'fr', title: 'Données ouvertes', keywords: ['données'], description: 'données données' },
      { language: 'zh', title: '漢', keywords: ['漢字', '台灣'], description: '台灣 台灣 abc' },
      { language: 'en', title: 'A <b>bold</b> title', keywords: [], description: '' },
      { language: 'en', title: 'x', keywords: [], description: 'word '.repeat(300) },
    ];
    const first = await vectors.compute(database.db, offers);
    const second = await vectors.compute(database.db, offers);
    expect(second).toEqual(first);
    expect(await differing(offers, first)).toEqual([]);
    // The comparison itself notices a wrong position or weight.
    expect(await differing(offers.slice(1, 2), ["'of':2A"])).toEqual([0]);
    // Markup (which may be a tag spanning spaces) and more than 256 positions of one word: the database's.
    expect(first[5]).toBeNull();
    expect(first[6]).toBeNull();
    expect(first.slice(0, 5).every((vector) => vector !== null)).toBe(true);
  });

  it('pairs CJK characters as dsm_cjk_bigrams does', async () => {
    for (const text of ['臺灣生物多樣性網絡 TaiBIF', '漢 a 字', 'カタカナ と 한국어', 'no pairs']) {
      const row = await sql<{ pairs: string }>`select dsm_cjk_bigrams(${text}) as pairs`.execute(database.db);
      expect(cjkBigrams(text)).toBe(row.rows[0]!.pairs);
    }
  });
});
