import { relatedOffersEndpoint } from '@dsm/contracts';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/call-endpoint';

/**
 * Up to six offers sharing the offer's keywords or categories (never the offer or its federated copies);
 * read once `isEnabled`.
 */
export function useRelatedOffers(offerId: string, isEnabled = true) {
  return useQuery({
    queryKey: ['related', offerId],
    enabled: isEnabled,
    queryFn: ({ signal }) => callEndpoint(relatedOffersEndpoint, { params: { id: offerId }, signal }),
    // Related offers are an aside: a failure hides the section rather than asking again.
    retry: false,
  });
}
