import { ownOrganisationEndpoint } from '@dsm/contracts';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/call-endpoint';

/** The query key of the signed-in user's organisation. */
export const OWN_ORGANISATION_KEY = ['organisation'] as const;

/**
 * The signed-in user's organisation and whether it is complete enough to buy and to sell; read once
 * `isEnabled` (a page may ask for it only after showing its own data).
 */
export function useOwnOrganisation(isEnabled = true) {
  return useQuery({
    queryKey: OWN_ORGANISATION_KEY,
    enabled: isEnabled,
    queryFn: ({ signal }) => callEndpoint(ownOrganisationEndpoint, { signal }),
  });
}
