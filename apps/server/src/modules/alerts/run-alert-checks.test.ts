import type { TNotificationList, TSavedSearch, TSavedSearchInput } from '@dsm/contracts';
import { describe, expect, it } from 'vitest';
import { requestAs, signIn, type TSignedIn } from '../../test/auth';
import { makeOffer } from '../../test/factories';
import { useTestApp } from '../../test/lifecycle';
import { insertOffer } from '../catalogue/load-offers';
import { insertWatchedOffer } from './alerts-test-data';
import { runAlertChecks } from './run-alert-checks';

const HOUR = 3_600_000;
const start = new Date('2031-03-01T08:00:00Z');
const at = (hours: number) => new Date(start.getTime() + hours * HOUR);

const run = (now: Date) =>
  runAlertChecks({
    db: testApp.database.db,
    searchIndex: testApp.app.searchIndex,
    now,
    mailer: null,
    publicUrl: testApp.baseUrl,
  });

const save = async (user: TSignedIn, input: TSavedSearchInput) => {
  const response = await requestAs<TSavedSearch>(testApp, user, 'POST', '/api/saved-searches', input);
  expect(response.status).toBe(201);
  return response.body;
};

const notifications = async (user: TSignedIn) =>
  (await requestAs<TNotificationList>(testApp, user, 'GET', '/api/notifications')).body;

/** A word no other test's offers use, so each test's saved search finds only its own offers. */
const word = () => `zq${Math.random().toString(36).slice(2, 10)}`;

const testApp = useTestApp();

describe('new offers of saved searches', () => {
  it('tells about a new matching offer once, however often the job runs', async () => {
    const user = await signIn(testApp);
    const term = word();
    await insertOffer(testApp.database.db, makeOffer({ title: `Older ${term} data` }));
    await save(user, { name: 'Rivers', query: term });
    const fresh = makeOffer({ title: `Fresh ${term} gauges` });
    await insertOffer(testApp.database.db, fresh);
    await insertOffer(testApp.database.db, makeOffer({ title: 'Something unrelated' }));

    await run(at(0));
    await run(at(0.1));

    const list = await notifications(user);
    expect(list.total).toBe(1);
    expect(list.unread).toBe(1);
    const [only] = list.items;
    expect(only?.kind).toBe('new_offers');
    expect(only?.params).toMatchObject({ savedSearchName: 'Rivers', count: 1, offers: [{ id: fresh.id }] });
    // The offer saved before the search is no news, and a single new offer links straight to it.
    expect(only?.link).toBe(`/offer/details/${fresh.id}`);
  });

  it('bundles the offers of one day into one digest', async () => {
    const user = await signIn(testApp);
    const term = word();
    await save(user, { name: 'Digest', query: term });
    await insertOffer(testApp.database.db, makeOffer({ title: `First ${term}` }));
    await run(at(0));
    await insertOffer(testApp.database.db, makeOffer({ title: `Second ${term}` }));
    await run(at(2));
    await insertOffer(testApp.database.db, makeOffer({ title: `Third ${term}` }));
    await run(at(5));
    // Still within the day of the first alert: nothing more yet.
    expect((await notifications(user)).total).toBe(1);

    await run(at(24.5));
    const list = await notifications(user);
    expect(list.total).toBe(2);
    const digest = list.items[0]!;
    expect(digest.params.count).toBe(2);
    expect(digest.params.offers?.map((offer) => offer.title).sort()).toEqual([`Second ${term}`, `Third ${term}`]);
    expect(digest.link).toMatch(/^\/saved-searches\?run=/);
    await run(at(50));
    expect((await notifications(user)).total).toBe(2);
  });

  it('applies the filter and stays quiet when alerts are off', async () => {
    const user = await signIn(testApp);
    const term = word();
    await save(user, { name: 'Paid only', query: term, filter: { paymentModels: ['PAY_PER_USE_DOWNLOAD'] } });
    const quiet = await signIn(testApp);
    await save(quiet, { name: 'Silent', query: term, isAlertEnabled: false });
    await insertOffer(testApp.database.db, makeOffer({ title: `Free ${term}` }));
    await insertOffer(
      testApp.database.db,
      makeOffer({ title: `Paid ${term}`, paymentModel: 'PAY_PER_USE_DOWNLOAD', price: 10, isSellable: true }),
    );
    await run(at(100));
    const list = await notifications(user);
    expect(list.items.map((item) => item.params.offers?.map((offer) => offer.title))).toEqual([[`Paid ${term}`]]);
    expect((await notifications(quiet)).total).toBe(0);
  });

  it('writes one digest when two runs race', async () => {
    const user = await signIn(testApp);
    const term = word();
    await save(user, { name: 'Race', query: term });
    await insertOffer(testApp.database.db, makeOffer({ title: `Raced ${term}` }));
    await Promise.all([run(at(200)), run(at(200)), run(at(200))]);
    expect((await notifications(user)).total).toBe(1);
  });
});

describe('changes of watched and bought offers', () => {
  it('tells the users who like an offer that its price changed', async () => {
    const watcher = await signIn(testApp);
    const other = await signIn(testApp);
    const offer = await insertWatchedOffer(testApp, watcher, { title: 'Priced weather', price: 100 });
    await run(at(300));
    await testApp.database.db.updateTable('offers').set({ price: 80 }).where('id', '=', offer.id).execute();
    // A change of another column is no price change.
    await testApp.database.db
      .updateTable('offers')
      .set({ description: 'Now cheaper' })
      .where('id', '=', offer.id)
      .execute();
    await run(at(301));
    await run(at(302));
    const list = await notifications(watcher);
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      kind: 'price_change',
      link: `/offer/details/${offer.id}`,
      params: { offer: { id: offer.id, title: 'Priced weather' }, oldPrice: 100, newPrice: 80, currency: 'EUR' },
    });
    expect((await notifications(other)).total).toBe(0);
  });

  it('tells watchers and buyers when an endpoint goes Offline and comes back Online', async () => {
    const watcher = await signIn(testApp);
    const buyer = await signIn(testApp);
    const offer = makeOffer({ title: 'Flaky endpoint' });
    await insertOffer(testApp.database.db, offer);
    const distributionId = `${offer.id}/distribution/0`;
    const url = `https://data.example.org/${offer.id}/0.csv`;
    const db = testApp.database.db;
    await db
      .insertInto('link_checks')
      .values({
        distribution_id: distributionId,
        offer_id: offer.id,
        url,
        status: 'online',
        http_status: 200,
        byte_size: null,
        failure: null,
        checked_at: new Date(),
      })
      .execute();
    await requestAs(testApp, watcher, 'POST', `/api/metadata/like?uuid=${offer.id}`);
    const order = await db
      .insertInto('orders')
      .values({
        consumer_id: buyer.user.id,
        consumer_name: 'Buyer',
        consumer_email: buyer.user.email,
        state: 'paid',
        payment_method: 'invoice',
        request_fingerprint: 'test',
        created_at: at(-1000),
        pay_by: at(-900),
        paid_at: at(-999),
        cancelled_at: null,
        idempotency_key: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('entitlements')
      .values({
        user_id: buyer.user.id,
        offer_id: offer.id,
        order_id: order.id,
        starts_at: at(-1000),
        ends_at: null,
        revoked_at: null,
      })
      .execute();
    const setStatus = (status: 'online' | 'offline') =>
      db
        .updateTable('link_checks')
        .set({ status, checked_at: new Date() })
        .where('distribution_id', '=', distributionId)
        .execute();
    await setStatus('online'); // unchanged: no alert
    await setStatus('offline');
    await run(at(400));
    await setStatus('online');
    await run(at(401));
    const kinds = (await notifications(watcher)).items.map((item) => item.kind);
    expect(kinds).toEqual(['endpoint_online', 'endpoint_offline']);
    const first = (await notifications(watcher)).items[1]!;
    expect(first.params).toMatchObject({ offer: { id: offer.id, title: 'Flaky endpoint' }, endpoint: 'File 1' });
    expect((await notifications(buyer)).items.map((item) => item.kind)).toEqual(kinds);
  });

  it('stays quiet for users who turned price alerts off', async () => {
    const watcher = await signIn(testApp);
    const offer = await insertWatchedOffer(testApp, watcher, { title: 'Quiet price', price: 5 });
    const preferences = await requestAs(testApp, watcher, 'PUT', '/api/alerts/preferences', {
      isPriceAlertEnabled: false,
    });
    expect(preferences.body).toMatchObject({ isPriceAlertEnabled: false, isEndpointAlertEnabled: true });
    await testApp.database.db.updateTable('offers').set({ price: 6 }).where('id', '=', offer.id).execute();
    await run(at(500));
    expect((await notifications(watcher)).total).toBe(0);
  });
});
