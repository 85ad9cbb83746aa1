import type { TSearchResponse } from '@dsm/contracts';
import type { ServerTiming } from '../../lib/server-timing';
import { findOffersShowingAccessUrls } from '../entitlements/access-url-policy';
import { type TAccessViewer, withholdAccessUrls } from '../entitlements/withhold-access-urls';

/**
 * A search answer as one user may see it: the access URLs of paid offers they neither supply nor are
 * entitled to are withheld. `searchOffers` reads the catalogue as it is (the evaluations and benchmarks
 * call it directly); every answer of the search route passes through here.
 */
export async function presentSearchResponse(
  result: TSearchResponse,
  viewer: TAccessViewer,
  timing?: ServerTiming,
): Promise<TSearchResponse> {
  const visible = await findOffersShowingAccessUrls({
    db: viewer.db,
    userId: viewer.userId,
    offerIds: result.data.map((offer) => offer['@id']),
  });
  timing?.mark('entitle');
  const response = { ...result, data: withholdAccessUrls(result.data, visible) };
  timing?.mark('present');
  return response;
}
