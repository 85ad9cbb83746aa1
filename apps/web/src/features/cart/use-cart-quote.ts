import { cartQuoteEndpoint, ZCartQuoteResponse } from '@dsm/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api';

/** The catalogue's current terms of the cart's offers, asked afresh every time checkout opens. */
export function useCartQuote(ids: readonly string[], isEnabled: boolean) {
  return useQuery({
    queryKey: ['cart-quote', ids],
    queryFn: ({ signal }) => apiFetch({ ...cartQuoteEndpoint, schema: ZCartQuoteResponse, body: { ids }, signal }),
    enabled: isEnabled && ids.length > 0,
    staleTime: 0,
    gcTime: 0,
  });
}
