import { setImmediate } from 'node:timers/promises';
import { chargedPrice, type TSearchResponse } from '@dsm/contracts';
import type { ServerTiming } from '../../../lib/server-timing';
import { findVisiblePageOffers } from '../../entitlements/find-visible-page-offers';
import { type TAccessViewer, withholdAccessUrls } from '../../entitlements/withhold-access-urls';

/** Offers presented between two turns of the event loop on a large page. */
const PRESENTED_AT_ONCE = 100;

/**
 * A search answer as one user may see it: the access URLs of paid offers they neither supply nor are
 * entitled to are withheld. `searchOffers` reads the catalogue as it is (the evaluations and benchmarks
 * call it directly); every answer of the search route passes through here.
 *
 * A free offer's URLs are everyone's (`mayShowAccessUrls`), so only the paid offers of the page are judged, from
 * the user's access kept for a few seconds (`findVisiblePageOffers`), and a page of free offers needs no lookup.
 */
export async function presentSearchResponse(
  result: TSearchResponse,
  viewer: TAccessViewer,
  timing?: ServerTiming,
): Promise<TSearchResponse> {
  const visible = new Set<string>();
  const paid: TSearchResponse['data'] = [];
  for (const offer of result.data) {
    if (chargedPrice(offer.paymentModel, offer.price) === 0) visible.add(offer['@id']);
    else paid.push(offer);
  }
  if (paid.length > 0) {
    for (const id of await findVisiblePageOffers({ viewer, offers: paid })) visible.add(id);
  }
  timing?.mark('entitle');
  let data = withholdAccessUrls(result.data.slice(0, PRESENTED_AT_ONCE), visible);
  for (let start = PRESENTED_AT_ONCE; start < result.data.length; start += PRESENTED_AT_ONCE) {
    await setImmediate();
    data = data.concat(withholdAccessUrls(result.data.slice(start, start + PRESENTED_AT_ONCE), visible));
  }
  timing?.mark('present');
  return { ...result, data };
}
