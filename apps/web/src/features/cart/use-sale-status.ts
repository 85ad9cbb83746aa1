import { offerSaleStatusEndpoint } from '@dsm/contracts';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/call-endpoint';
import { isOfferId } from '../../shared/offer/use-offer-details';

/** The query key of every sale status: an order changes them (what the buyer holds). */
export const SALE_STATUS_KEY = 'sale-status';

/**
 * Whether the signed-in user may order an offer, and why not, as the server decides it (the rule
 * checkout applies). Asked afresh on every mount: an order elsewhere changes it.
 */
export function useSaleStatus(id: string) {
  return useQuery({
    queryKey: [SALE_STATUS_KEY, id.toLowerCase()],
    queryFn: ({ signal }) => callEndpoint(offerSaleStatusEndpoint, { params: { id }, signal }),
    enabled: isOfferId(id),
    staleTime: 0,
    retry: false,
  });
}
