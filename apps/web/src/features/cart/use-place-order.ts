import { paymentEndpoint, type TCartOffer, ZOrder } from '@dsm/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api';
import { SALE_STATUS_KEY } from './use-sale-status';

/** A new Idempotency-Key; crypto.randomUUID needs a secure context, getRandomValues does not. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export type TPlaceOrderInput = {
  consumerId: string;
  items: readonly TCartOffer[];
  /** The same key for retries of the same checkout, so a lost answer never orders twice. */
  idempotencyKey: string;
};

/** Sends the payment order; prices are not sent, the server takes them from the catalogue. */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ consumerId, items, idempotencyKey }: TPlaceOrderInput) =>
      apiFetch({
        ...paymentEndpoint,
        schema: ZOrder,
        headers: { 'Idempotency-Key': idempotencyKey },
        body: {
          consumerId,
          purchasedItems: items.map((item) => ({ productId: item['@id'], providerId: item.providerId })),
        },
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      void queryClient.invalidateQueries({ queryKey: ['acquisitions'] });
      void queryClient.invalidateQueries({ queryKey: [SALE_STATUS_KEY] });
    },
  });
}
