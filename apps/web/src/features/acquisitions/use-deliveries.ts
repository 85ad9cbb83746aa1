import {
  DeliveryStep,
  deliveryListEndpoint,
  deliveryRequestEndpoint,
  type TDelivery,
  type TDeliveryListResponse,
} from '@dsm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/call-endpoint';

/** How often a running delivery is asked about: reading the list is what moves it on, on the server. */
export const DELIVERY_POLL_MS = 1000;

/** Still moving on the connector; a terminating negotiation or transfer has failed but not yet settled. */
const isRunning = (delivery: TDelivery) =>
  delivery.step === DeliveryStep.NEGOTIATING ||
  delivery.step === DeliveryStep.TRANSFERRING ||
  delivery.negotiation?.state === 'TERMINATING' ||
  delivery.transfer?.state === 'TERMINATING';

/**
 * The signed-in buyer's deliveries, polled while one of them is still negotiating or transferring; asked for only
 * when `isEnabled` (the buyer acquired a Connector offer).
 */
export function useDeliveries(isEnabled: boolean) {
  return useQuery({
    queryKey: ['deliveries'],
    enabled: isEnabled,
    queryFn: ({ signal }) => callEndpoint(deliveryListEndpoint, { signal }),
    refetchInterval: (query) =>
      (query.state.data as TDeliveryListResponse | undefined)?.some(isRunning) ? DELIVERY_POLL_MS : false,
  });
}

/** Requests access to an acquired Connector offer; the deliveries reload (and start polling) afterwards. */
export function useRequestDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offerId: string) => callEndpoint(deliveryRequestEndpoint, { body: { offerId } }),
    // A failed request is recorded on the delivery too, so the list reloads either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['deliveries'] }),
  });
}
