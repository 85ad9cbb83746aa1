import { requestAs, type TSignedIn } from '../../test/auth';
import { makeOffer } from '../../test/factories';
import type { TTestApp } from '../../test/test-app';
import { insertOffer } from '../catalogue/load-offers';
import type { TOfferRecord } from '../catalogue/offer-record';

/** An offer sold per download at `price`, inserted and liked by `watcher`, so that its changes reach them. */
export async function insertWatchedOffer(
  testApp: TTestApp,
  watcher: TSignedIn,
  offer: { title: string; price: number },
): Promise<TOfferRecord> {
  const record = makeOffer({ ...offer, paymentModel: 'PAY_PER_USE_DOWNLOAD', isSellable: true });
  await insertOffer(testApp.database.db, record);
  await requestAs(testApp, watcher, 'POST', `/api/metadata/like?uuid=${record.id}`);
  return record;
}
