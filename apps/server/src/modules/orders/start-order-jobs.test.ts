import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/lifecycle';
import { saveOrganisationOfUser } from '../organisations/organisations-repository';
import { insertOfferOf, itemOf, SUPPLIER_A, sellFor } from './orders-test-data';
import { placeOrder } from './place-order';
import { startOrderJobs } from './start-order-jobs';

const DAY_MS = 24 * 60 * 60 * 1000;
const BUYER = { id: 'buyer-on-a-schedule', email: 'buyer@example.org', name: 'Buyer', roles: ['DSM_USER'] };

const database = useTestDatabase();

describe('startOrderJobs', () => {
  it('cancels unpaid orders on its schedule and stops cleanly', async () => {
    const offer = await insertOfferOf(database.db, SUPPLIER_A, { price: 10 });
    await sellFor(database.db, SUPPLIER_A);
    await saveOrganisationOfUser(database.db, BUYER.id, {
      legal_name: 'Buyer GmbH',
      street: 'Hauptstraße 1',
      postal_code: '10115',
      city: 'Berlin',
      country: 'DE',
      vat_id: '',
      iban: '',
      bic: '',
      contact_email: BUYER.email,
    });
    const { order } = await placeOrder({
      db: database.db,
      user: BUYER,
      request: { consumerId: BUYER.id, purchasedItems: [itemOf(offer)] },
      commissionRate: 0.1,
    });
    const lines: string[] = [];
    const jobs = startOrderJobs({
      db: database.db,
      log: (line) => lines.push(line),
      intervalMs: 20,
      now: () => new Date(Date.now() + 31 * DAY_MS),
    });
    try {
      await expect
        .poll(async () => {
          const row = await database.db
            .selectFrom('orders')
            .select('state')
            .where('id', '=', order.id)
            .executeTakeFirst();
          return row?.state;
        })
        .toBe('cancelled');
    } finally {
      await jobs.stop();
    }
    expect(lines).toContain('Cancelled 1 unpaid orders after the payment window');
  });
});
