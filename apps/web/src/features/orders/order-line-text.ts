import type { TOrderItem } from '@dsm/contracts';
import type { TFunction } from 'i18next';
import { formatMoney, formatQuantity } from '../../shared/format/format';
import { paymentLabel, paymentText } from '../../shared/offer/payment-label';

/**
 * The price of an order line in words. A checkout line is priced per unit ('0.99 € / download'); a
 * renewal or usage line bills a quantity, so it says what it sums up: '2 × 0.99 € / download = 1.98 €',
 * '2.469 × 1.50 € / MB = 3.70 €' (MB with three decimals, as the invoice prints them).
 */
export function orderLineText(item: TOrderItem, t: TFunction): string {
  if (item.quantity === undefined || item.unitPrice === undefined) {
    return paymentText(paymentLabel(item.paymentModel, item.price), t);
  }
  return t('orderLine.quantity', {
    quantity: formatQuantity(item.quantity, item.paymentModel === 'DATA_VOLUME_BASED' ? 3 : 0),
    unitPrice: paymentText(paymentLabel(item.paymentModel, item.unitPrice), t),
    amount: formatMoney(item.price),
  });
}
