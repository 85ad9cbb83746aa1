import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/lifecycle';
import { insertOfferOf, SUPPLIER_A, SUPPLIER_B } from './orders-test-data';
import { DEMO_SUPPLIER_EMAIL, seedDemoSupplier } from './seed-demo-supplier';

const database = useTestDatabase();

describe('seedDemoSupplier', () => {
  it('does nothing while the demo supplier does not exist', async () => {
    await insertOfferOf(database.db, SUPPLIER_A, { price: 10 });
    expect(await seedDemoSupplier({ db: database.db })).toEqual([]);
  });

  it('makes the demo supplier a member of the publishers with paid offers for sale, once', async () => {
    const { db } = database;
    await insertOfferOf(db, SUPPLIER_A, { price: 20 });
    await insertOfferOf(db, SUPPLIER_B, { paymentModel: 'FREE_OF_CHARGE', price: 0 });
    const supplier = await db
      .insertInto('users')
      .values({ email: DEMO_SUPPLIER_EMAIL, name: 'Demo Supplier', password_hash: 'unusable', roles: ['DSM_USER'] })
      .returning('id')
      .executeTakeFirstOrThrow();

    expect(await seedDemoSupplier({ db })).toEqual([SUPPLIER_A.id]);
    expect(await seedDemoSupplier({ db })).toEqual([]);
    const members = await db.selectFrom('agent_members').selectAll().execute();
    expect(members.map((row) => [row.agent_id, row.user_id])).toEqual([[SUPPLIER_A.id, supplier.id]]);
  });
});
