import type { TSearchResponse } from '@dsm/contracts';
import { presentAccessUrlsFor, type TAccessViewer } from '../entitlements/withhold-access-urls';

/**
 * A search answer as one user may see it: the access URLs of paid offers they neither supply nor are
 * entitled to are withheld. `searchOffers` reads the catalogue as it is (the evaluations and benchmarks
 * call it directly); every answer of the search route passes through here.
 */
export async function presentSearchResponse(result: TSearchResponse, viewer: TAccessViewer): Promise<TSearchResponse> {
  return { ...result, data: await presentAccessUrlsFor({ viewer, offers: result.data }) };
}
