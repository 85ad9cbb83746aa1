import { chargedPrice, ErrorCode } from '@dsm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TTestDatabase } from '../../test/test-database';
import { seedCatalogue } from '../catalogue/seed-catalogue';
import { seedDemoOrganisations } from '../organisations/seed-demo-organisations';
import { JUDGED_OFFERS } from '../search/evaluation/judged-corpus';
import { findUserByEmail } from '../users/find-user-by-email';
import { seedDemoUsers } from '../users/seed-demo-users';
import { findSaleRefusals } from './find-sale-refusals';
import { insertOfferOf, itemOf } from './orders-test-data';
import { placeOrder } from './place-order';
import { seedDemoSupplier } from './seed-demo-supplier';

let database: TTestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  await seedCatalogue({ db, pool: database.pool, datasets: 400, firstOffers: JUDGED_OFFERS });
  // As a start with the embedded identity provider seeds the demo.
  await seedDemoUsers({ db, userRole: 'DSM_USER', operatorRole: 'DSM_OPERATOR' });
  await seedDemoSupplier({ db });
  await seedDemoOrganisations(db);
}, 120_000);

afterAll(async () => {
  await database?.drop();
});

describe('the demo catalogue', () => {
  it('left paid demo offers for sale that no organisation with a complete invoice profile sells (unpayable invoices)', async () => {
    const { db } = database;
    const buyer = (await findUserByEmail(db, 'buyer@example.com'))!;
    const offers = await db.selectFrom('offers').select(['id', 'payment_model', 'price', 'is_sellable']).execute();
    const paid = offers.filter(
      (offer) => offer.is_sellable && chargedPrice(offer.payment_model, Number(offer.price)) > 0,
    );
    expect(paid.length).toBeGreaterThan(50);

    const refusals = await findSaleRefusals({ db, userId: buyer.id, offerIds: paid.map((offer) => offer.id) });
    const refused = [...refusals].filter(([, refusal]) => refusal !== null);
    expect(refused).toEqual([]);
    expect(refusals.size).toBe(paid.length);
    // A later start finds every publisher of a paid offer sold for already.
    expect(await seedDemoSupplier({ db })).toEqual([]);
  });

  it('answers 409 at checkout for a paid offer whose publisher nobody sells for', async () => {
    const { db } = database;
    const buyer = (await findUserByEmail(db, 'buyer@example.com'))!;
    const offer = await insertOfferOf(
      db,
      { id: 'https://dsm.example/agents/stadt-bremen', name: 'Stadt Bremen' },
      { title: 'Bremen parking', price: 25 },
    );
    const placing = placeOrder({
      db,
      user: { id: buyer.id, email: buyer.email, name: buyer.name, roles: ['DSM_USER'] },
      request: { consumerId: buyer.id, purchasedItems: [itemOf(offer)] },
      commissionRate: 0,
    });
    await expect(placing).rejects.toMatchObject({ code: ErrorCode.SELLER_INCOMPLETE });
    const orders = await db.selectFrom('orders').select('id').where('consumer_id', '=', buyer.id).execute();
    expect(orders).toEqual([]);
  });
});
