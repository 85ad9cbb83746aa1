import { licenceListEndpoint, type TLicence } from '@dsm/contracts';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/call-endpoint';

const NO_LICENCES: readonly TLicence[] = [];

/**
 * The licence catalogue that result cards match licence texts against. Until it arrives (or when
 * it fails) the cards show 'n/a', which is better than holding back the results.
 */
export function useLicences(): readonly TLicence[] {
  const query = useQuery({
    queryKey: ['licences'],
    queryFn: ({ signal }) => callEndpoint(licenceListEndpoint, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return query.data ?? NO_LICENCES;
}
