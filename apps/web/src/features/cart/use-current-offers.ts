import { metadataBatchPath, metadataListEndpoint, ZMetadataBatchResponse } from '@dsm/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api';
import { toCartOffer } from './cart-storage';
import type { TCurrentOffers } from './price-check';

/**
 * The catalogue's current terms of the cart's offers, asked afresh every time checkout opens, through
 * the metadata batch call (`GET /api/metadata?batchIds=`); ids it no longer knows are `missing`.
 * Demo mode is not applied here: the checkout must see what the server will sell.
 */
export function useCurrentOffers(ids: readonly string[], isEnabled: boolean) {
  return useQuery({
    queryKey: ['cart-current-offers', ids],
    queryFn: async ({ signal }): Promise<TCurrentOffers> => {
      const path = metadataBatchPath(ids) ?? metadataListEndpoint.path;
      const items = await apiFetch({
        method: metadataListEndpoint.method,
        path,
        schema: ZMetadataBatchResponse,
        signal,
      });
      const known = new Set(items.map((item) => item['@id']));
      return { data: items.map(toCartOffer), missing: ids.filter((id) => !known.has(id)) };
    },
    enabled: isEnabled && ids.length > 0,
    staleTime: 0,
    gcTime: 0,
  });
}
