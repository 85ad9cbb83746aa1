import { offerTermsEndpoint } from '@dsm/contracts';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../call-endpoint';
import { isOfferId } from './use-offer-details';

/** An offer's usage terms (licence, allowed countries, period of use), as the API states them; read once `isEnabled`. */
export function useOfferTerms(id: string, isEnabled = true) {
  return useQuery({
    queryKey: ['offer-terms', id.toLowerCase()],
    queryFn: ({ signal }) => callEndpoint(offerTermsEndpoint, { params: { id }, signal }),
    enabled: isEnabled && isOfferId(id),
    staleTime: 60_000,
    retry: false,
  });
}
