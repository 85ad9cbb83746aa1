import { offerUnpublishEndpoint, ownOfferListEndpoint } from '@dsm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/call-endpoint';

/** The signed-in supplier's offers, from `GET /api/offers/mine`. */
export function useOwnOffers() {
  return useQuery({
    queryKey: ['own-offers', 'mine'],
    queryFn: ({ signal }) => callEndpoint(ownOfferListEndpoint, { signal }),
  });
}

/** Unpublishes an own offer (`DELETE /api/offers/:id`); the list and search forget it at once. */
export function useUnpublishOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offerId: string) => callEndpoint(offerUnpublishEndpoint, { params: { id: offerId } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['own-offers'] });
      await queryClient.invalidateQueries({ queryKey: ['search'] });
    },
  });
}
