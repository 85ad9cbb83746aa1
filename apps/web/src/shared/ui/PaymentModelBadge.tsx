import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { paymentLabel } from '../offer/payment-label';

const MODEL_KEYS = {
  free: 'paymentModel.free',
  download: 'paymentModel.download',
  month: 'paymentModel.subscription',
  MB: 'paymentModel.MB',
} as const;

/** The i18n key of a payment model's own name ('Free', 'Per download', 'Subscription', 'Per MB'). */
export function paymentModelKey(paymentModel: string, price: number): (typeof MODEL_KEYS)[keyof typeof MODEL_KEYS] {
  const label = paymentLabel(paymentModel, price);
  return MODEL_KEYS[label.kind === 'free' ? 'free' : label.per];
}

/**
 * How a sellable offer is sold, named by its payment model, where the reference put 'One Time' on
 * every offer: a subscription or a metered price is no one-off purchase. A free offer gets none: its
 * price already reads 'Free'.
 */
export function PaymentModelBadge({ paymentModel, price }: { paymentModel: string; price: number }) {
  const { t } = useTranslation();
  if (paymentLabel(paymentModel, price).kind === 'free') return null;
  return (
    <Badge variant="filled" color="blue.8" tt="none" data-testid="payment-model">
      {t(paymentModelKey(paymentModel, price))}
    </Badge>
  );
}
