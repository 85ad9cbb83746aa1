import { LICENCE_LIST_ROUTE, type TLicence } from '@dsm/contracts';
import { useQuery } from '@tanstack/react-query';
import { queryEndpointEarly } from '../../shared/query-endpoint-early';
import { searchContracts, type TSearchContracts } from './lazy-search-contracts';

const NO_LICENCES: readonly TLicence[] = [];

/**
 * The licence catalogue that result cards match licence texts against. Until it arrives (or when
 * it fails) the cards show 'n/a', which is better than holding back the results. Like the search, it
 * is drawn before its contract has loaded and checked once it has.
 */
export function useLicences(): readonly TLicence[] {
  const query = useQuery({
    queryKey: ['licences'],
    queryFn: (context) =>
      queryEndpointEarly(context, {
        route: LICENCE_LIST_ROUTE,
        contract: searchContracts,
        endpoint: (contracts: TSearchContracts) => contracts.licenceListEndpoint,
        call: {},
      }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return query.data ?? NO_LICENCES;
}
