import { metadataItemEndpoint, type TMetadataItem } from '@dsm/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callEndpoint } from '../call-endpoint';
import { useDemoMode } from '../DemoModeProvider';
import { applyDemoMode } from './apply-demo-mode';

/** How often the page asks again while endpoint checks are pending. */
export const CHECK_POLL_MS = 2000;
/** After this many answers the page stops asking; the checks then show 'Pending...' until a reload. */
const MAX_POLLS = 60;

/** False for an id the API would refuse: the page shows not-found at once instead of asking. */
export const isOfferId = (id: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** True while the server is still checking one of the item's endpoints. */
export const hasPendingChecks = (item: TMetadataItem | undefined): boolean =>
  item?.endpointChecks.some((check) => check.status === 'pending') ?? false;

/**
 * One metadata item for the details page. While an endpoint check is pending it is fetched again
 * every two seconds (the server checks the links, not the browser), for two minutes at most.
 */
export function useOfferDetails(id: string) {
  const { isDemoMode } = useDemoMode();
  const select = useCallback((item: TMetadataItem) => applyDemoMode(item, isDemoMode), [isDemoMode]);
  return useQuery({
    queryKey: ['metadata', id],
    queryFn: ({ signal }) => callEndpoint(metadataItemEndpoint, { params: { id }, signal }),
    select,
    enabled: isOfferId(id),
    refetchInterval: (query) =>
      hasPendingChecks(query.state.data) && query.state.dataUpdateCount < MAX_POLLS ? CHECK_POLL_MS : false,
    // A missing offer stays missing; asking again only delays the not-found page.
    retry: (failureCount, error) => failureCount < 1 && !isClientError(error),
  });
}

const isClientError = (error: unknown): boolean => {
  const status = (error as { status?: number }).status ?? 0;
  return status >= 400 && status < 500;
};
