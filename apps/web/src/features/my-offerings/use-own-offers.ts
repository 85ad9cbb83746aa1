import { offerUnpublishEndpoint, ownOfferListEndpoint } from '@dsm/contracts';
import { callEndpoint } from '../../shared/call-endpoint';
import { useEndpointQuery } from '../../shared/use-endpoint-query';
import { useReloadingMutation } from '../../shared/use-reloading-mutation';

/** The signed-in supplier's offers, from `GET /api/offers/mine`. */
export function useOwnOffers() {
  return useEndpointQuery(['own-offers', 'mine'], ownOfferListEndpoint);
}

/** Unpublishes an own offer (`DELETE /api/offers/:id`); the list and search forget it at once. */
export function useUnpublishOffer() {
  return useReloadingMutation(
    (offerId: string) => callEndpoint(offerUnpublishEndpoint, { params: { id: offerId } }),
    [['own-offers'], ['search']],
  );
}
