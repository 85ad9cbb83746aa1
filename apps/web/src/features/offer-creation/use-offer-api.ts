import {
  connectorIdOf,
  connectorListEndpoint,
  licenceCreateEndpoint,
  licenceListEndpoint,
  offerCreateEndpoint,
  offerUpdateEndpoint,
  ownOfferEndpoint,
  ownOfferPath,
  type TLicenceCreateRequest,
  ZOwnOfferDetails,
} from '@dsm/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api';
import { callEndpoint } from '../../shared/call-endpoint';
import { useReloadingMutation } from '../../shared/use-reloading-mutation';

/** The licence titles for the licence selector, from `GET /api/licence`. */
export function useLicenceTitles() {
  return useQuery({
    queryKey: ['licences'],
    queryFn: ({ signal }) => callEndpoint(licenceListEndpoint, { signal }),
    select: (licences) =>
      [...new Set(licences.map((licence) => licence.licenceTitle))].sort((a, b) => a.localeCompare(b)),
  });
}

/** Adds a licence (`POST /api/licence`); the licence list is loaded again afterwards. */
export function useCreateLicence() {
  return useReloadingMutation(
    (licence: TLicenceCreateRequest) => callEndpoint(licenceCreateEndpoint, { body: licence }),
    [['licences']],
  );
}

/** The connectors a Connector offer can be published on, as select options (value: the connector id). */
export function useConnectorOptions(isEnabled: boolean) {
  return useQuery({
    queryKey: ['connectors'],
    enabled: isEnabled,
    queryFn: ({ signal }) => callEndpoint(connectorListEndpoint, { signal }),
    select: (answer) =>
      answer.dtos.flatMap((connector) => {
        const id = connectorIdOf(connector.url);
        return id ? [{ value: id, label: `${connector.name} (${id})` }] : [];
      }),
  });
}

/** One own offer with its wizard input, to edit it. */
export function useOwnOffer(offerId: string, isEnabled: boolean) {
  return useQuery({
    queryKey: ['own-offers', offerId],
    enabled: isEnabled && offerId !== '',
    queryFn: ({ signal }) => callEndpoint(ownOfferEndpoint, { params: { id: offerId }, signal }),
    staleTime: 0,
  });
}

/** Publishes a draft: `POST /api/offers`, or `PUT /api/offers/:id` for an edit. */
export function usePublishOffer(offerId: string) {
  return useReloadingMutation(
    (body: unknown) =>
      offerId
        ? apiFetch({ method: offerUpdateEndpoint.method, path: ownOfferPath(offerId), schema: ZOwnOfferDetails, body })
        : apiFetch({
            method: offerCreateEndpoint.method,
            path: offerCreateEndpoint.path,
            schema: ZOwnOfferDetails,
            body,
          }),
    [['own-offers']],
  );
}
