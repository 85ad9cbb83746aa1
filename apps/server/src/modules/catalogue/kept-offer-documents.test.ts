import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOffer } from '../../test/factories';
import { createTestDatabase, type TTestDatabase } from '../../test/test-database';
import { forgetKeptOfferDocuments, forgetKeptOffers, loadKeptOfferDocuments } from './kept-offer-documents';
import { insertOffer } from './load-offers';

let database: TTestDatabase;
const [first, second] = [makeOffer({ title: 'Kept first' }), makeOffer({ title: 'Kept second' })];

beforeAll(async () => {
  database = await createTestDatabase();
  for (const offer of [first!, second!]) await insertOffer(database.db, offer);
}, 120_000);

afterAll(async () => {
  await database?.drop();
});

/** Renames an offer behind the kept copies' back, as another writer would. */
async function rename(id: string, title: string): Promise<void> {
  await sql`update offers set title = ${title} where id = ${id}`.execute(database.db);
}

const titles = async (): Promise<string[]> =>
  (await loadKeptOfferDocuments({ db: database.db, ids: [first!.id, second!.id] })).map((offer) => offer.title);

describe('kept offer documents', () => {
  it('forgets only the offers the index changed, and everything on a rebuild', async () => {
    forgetKeptOfferDocuments();
    expect(await titles()).toEqual(['Kept first', 'Kept second']);

    await rename(first!.id, 'Renamed first');
    await rename(second!.id, 'Renamed second');
    // Both are kept: nothing said they changed.
    expect(await titles()).toEqual(['Kept first', 'Kept second']);

    forgetKeptOffers([first!.id]);
    expect(await titles()).toEqual(['Renamed first', 'Kept second']);

    forgetKeptOffers(null);
    expect(await titles()).toEqual(['Renamed first', 'Renamed second']);
  });

  it('does not keep an offer forgotten while it was being read', async () => {
    forgetKeptOfferDocuments();
    await rename(first!.id, 'Read while changing');
    const reading = loadKeptOfferDocuments({ db: database.db, ids: [first!.id, second!.id] });
    forgetKeptOffers([first!.id]);
    await reading;
    await rename(first!.id, 'Changed after the read');
    await rename(second!.id, 'Second changed after the read');
    // The first was forgotten during the read, so it is read again; the second was kept.
    expect(await titles()).toEqual(['Changed after the read', 'Renamed second']);
  });
});
