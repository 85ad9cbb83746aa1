import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/lifecycle';
import { insertOfferOf, SUPPLIER_A } from '../orders/orders-test-data';
import { recordUsage } from './record-usage';
import { selectUsageTotals } from './usage-repository';

let entitlementId: string;
let offerId: string;
let orderId: string;

const database = useTestDatabase();

beforeAll(async () => {
  const offer = await insertOfferOf(database.db, SUPPLIER_A);
  offerId = offer.id;
  const order = await database.db
    .insertInto('orders')
    .values({ consumer_id: 'buyer-1', request_fingerprint: 'f', pay_by: new Date('2026-12-31T00:00:00Z') } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  orderId = order.id;
  const entitlement = await database.db
    .insertInto('entitlements')
    .values({ user_id: 'buyer-1', offer_id: offerId, order_id: orderId, starts_at: new Date('2026-11-01T00:00:00Z') })
    .returning('id')
    .executeTakeFirstOrThrow();
  entitlementId = entitlement.id;
});

describe('usage of an entitlement', () => {
  it('adds up requests, successes, bytes and downloads within a period', async () => {
    const base = { entitlementId, offerId, userId: 'buyer-1' };
    await recordUsage(database.db, {
      ...base,
      channel: 'download',
      succeeded: true,
      httpStatus: 200,
      bytes: 5_000_000_000,
      occurredAt: new Date('2026-11-03T10:00:00Z'),
    });
    await recordUsage(database.db, {
      ...base,
      channel: 'download',
      succeeded: false,
      httpStatus: 502,
      occurredAt: new Date('2026-11-04T10:00:00Z'),
    });
    await recordUsage(database.db, {
      ...base,
      channel: 'api',
      succeeded: true,
      httpStatus: 200,
      bytes: 1_024,
      occurredAt: new Date('2026-11-05T10:00:00Z'),
    });
    await recordUsage(database.db, {
      ...base,
      channel: 'api',
      succeeded: true,
      httpStatus: 200,
      bytes: 7,
      occurredAt: new Date('2026-12-01T00:00:00Z'),
    });

    const november = await selectUsageTotals(database.db, {
      entitlementId,
      from: new Date('2026-11-01T00:00:00Z'),
      to: new Date('2026-12-01T00:00:00Z'),
    });
    expect(november).toEqual({ requests: 3, successfulRequests: 2, bytes: 5_000_001_024n, downloads: 1 });
  });

  it('cannot be changed or removed once written', async () => {
    await expect(database.db.updateTable('usage_events').set({ succeeded: true }).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(database.db.deleteFrom('usage_events').execute()).rejects.toThrow(/append-only/);
  });

  it('goes with its entitlement when the whole order is removed', async () => {
    await database.db.deleteFrom('orders').where('id', '=', orderId).execute();
    const left = await database.db.selectFrom('usage_events').select('id').execute();
    expect(left).toEqual([]);
  });
});
