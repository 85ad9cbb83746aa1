import {
  connectorListEndpoint,
  connectorOffersEndpoint,
  connectorOffersPath,
  connectorOfferUploadEndpoint,
  type TConnectorOfferUploadRequest,
  ZConnectorOfferListResponse,
} from '@dsm/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api';
import { callEndpoint } from '../../shared/call-endpoint';
import { useEndpointQuery } from '../../shared/use-endpoint-query';
import { useReloadingMutation } from '../../shared/use-reloading-mutation';

/** The registered connectors. */
export function useConnectors() {
  return useEndpointQuery(['connectors'], connectorListEndpoint);
}

/**
 * The offers of one connector, read from it by the server; nothing is asked while no connector is chosen. A failure
 * is not retried: an unreachable connector stays unreachable for a while, and the page offers a retry of its own.
 */
export function useConnectorOffers(connectorId: string | null) {
  return useQuery({
    queryKey: ['connectors', connectorId, 'offers'],
    queryFn: ({ signal }) =>
      apiFetch({
        method: connectorOffersEndpoint.method,
        path: connectorOffersPath(connectorId ?? ''),
        schema: ZConnectorOfferListResponse,
        signal,
      }),
    enabled: connectorId !== null,
    retry: false,
  });
}

/** Uploads a connector offer into the catalogue; search results are refreshed, since they may now include it. */
export function useUploadConnectorOffer() {
  return useReloadingMutation(
    (request: TConnectorOfferUploadRequest) => callEndpoint(connectorOfferUploadEndpoint, { body: request }),
    [['search']],
  );
}
