import type { TNotificationList, TSavedSearch, TSavedSearchInput } from '@dsm/contracts';
import { describe, expect, it } from 'vitest';
import { requestAs, signIn, type TSignedIn } from '../../test/auth';
import { makeOffer } from '../../test/factories';
import { useTestApp } from '../../test/lifecycle';
import { insertOffer } from '../catalogue/load-offers';
import { runAlertChecks } from './run-alert-checks';

const testApp = useTestApp();

const save = async (user: TSignedIn, input: TSavedSearchInput) => {
  const response = await requestAs<TSavedSearch>(testApp, user, 'POST', '/api/saved-searches', input);
  expect(response.status).toBe(201);
  return response.body;
};

/** The titles each of the user's alerts names, sorted. */
const alertedTitles = async (user: TSignedIn) => {
  const list = (await requestAs<TNotificationList>(testApp, user, 'GET', '/api/notifications')).body;
  return list.items.map((item) => (item.params.offers ?? []).map((offer) => offer.title).sort());
};

describe('saved searches sharing their words', () => {
  it('each names only the new offers its own filter finds since it was saved', async () => {
    const term = `zq${Math.random().toString(36).slice(2, 10)}`;
    const paid = { paymentModel: 'PAY_PER_USE_DOWNLOAD' as const, price: 10, isSellable: true };
    const paidOnly = { paymentModels: ['PAY_PER_USE_DOWNLOAD' as const] };
    const [first, firstPaid, second, secondPaid, last] = await Promise.all(
      Array.from({ length: 5 }, () => signIn(testApp)),
    );

    await save(first!, { name: 'All, early', query: term });
    await save(firstPaid!, { name: 'Paid, early', query: term, filter: paidOnly });
    await insertOffer(testApp.database.db, makeOffer({ title: `Free ${term} one` }));
    await insertOffer(testApp.database.db, makeOffer({ title: `Paid ${term} one`, ...paid }));
    await save(second!, { name: 'All, later', query: term });
    await save(secondPaid!, { name: 'Paid, later', query: term, filter: paidOnly });
    await insertOffer(testApp.database.db, makeOffer({ title: `Free ${term} two` }));
    await insertOffer(testApp.database.db, makeOffer({ title: `Paid ${term} two`, ...paid }));
    await save(last!, { name: 'All, last', query: term });
    await insertOffer(testApp.database.db, makeOffer({ title: `Free ${term} three` }));

    await runAlertChecks({
      db: testApp.database.db,
      searchIndex: testApp.app.searchIndex,
      now: new Date('2032-01-01T08:00:00Z'),
      mailer: null,
      publicUrl: testApp.baseUrl,
    });

    expect(await alertedTitles(first!)).toEqual([
      [`Free ${term} one`, `Free ${term} three`, `Free ${term} two`, `Paid ${term} one`, `Paid ${term} two`],
    ]);
    expect(await alertedTitles(firstPaid!)).toEqual([[`Paid ${term} one`, `Paid ${term} two`]]);
    expect(await alertedTitles(second!)).toEqual([[`Free ${term} three`, `Free ${term} two`, `Paid ${term} two`]]);
    expect(await alertedTitles(secondPaid!)).toEqual([[`Paid ${term} two`]]);
    expect(await alertedTitles(last!)).toEqual([[`Free ${term} three`]]);
  });
});
