import {
  offerUnpublishEndpoint,
  ownOfferListEndpoint,
  ownOfferPath,
  ZOwnOffer,
  ZOwnOfferListResponse,
} from '@dsm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api';

/** The signed-in supplier's offers, from `GET /api/offers/mine`. */
export function useOwnOffers() {
  return useQuery({
    queryKey: ['own-offers', 'mine'],
    queryFn: ({ signal }) => apiFetch({ ...ownOfferListEndpoint, schema: ZOwnOfferListResponse, signal }),
  });
}

/** Unpublishes an own offer (`DELETE /api/offers/:id`); the list and search forget it at once. */
export function useUnpublishOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offerId: string) =>
      apiFetch({ method: offerUnpublishEndpoint.method, path: ownOfferPath(offerId), schema: ZOwnOffer }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['own-offers'] });
      await queryClient.invalidateQueries({ queryKey: ['search'] });
    },
  });
}
