import type { TMetadataItem } from '@dsm/contracts';
import { useTranslation } from 'react-i18next';
import { billingText, paymentLabel, paymentText } from '../../shared/offer/payment-label';
import { PaymentModelBadge } from '../../shared/ui/PaymentModelBadge';
import { SidePanel } from './SidePanel';

/** The provider: the offer's provider field, else the first dataset's publisher. */
function providerName(item: TMetadataItem): string | null {
  if (item.provider) return item.provider;
  const publisher = item.datasets[0]?.['dcterms:publisher'];
  if (!publisher) return null;
  return (
    publisher['foaf:name'] ??
    ([publisher['foaf:firstName'], publisher['foaf:lastName']].filter(Boolean).join(' ') || null)
  );
}

/** The Details panel: provider, author, maintainer, price, and the payment model's name when the offer is sellable. */
export function DetailsPanel({ item }: { item: TMetadataItem }) {
  const { t } = useTranslation();
  const notAvailable = t('offer.notAvailable');
  const facts: [string, string, string][] = [
    ['provider', t('offer.provider'), providerName(item) ?? notAvailable],
    ['author', t('offer.author'), item.author ?? notAvailable],
    ['maintainer', t('offer.maintainer'), item.maintainer ?? notAvailable],
  ];
  return (
    <SidePanel titleId="details-title" title={t('offer.details')} testId="details-panel">
      <dl className="details-facts">
        {facts.map(([key, label, value]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd data-testid={`details-${key}`}>{value}</dd>
          </div>
        ))}
        <div>
          <dt>{t('offer.price')}</dt>
          <dd className="details-facts__price">
            <span className="details-facts__amount" data-testid="details-price">
              {paymentText(paymentLabel(item.paymentModel, item.price), t)}
            </span>
            {item.isSellable && <PaymentModelBadge paymentModel={item.paymentModel} price={item.price} />}
          </dd>
          {billingText(paymentLabel(item.paymentModel, item.price), t) && (
            <dd className="details-facts__billing" data-testid="details-billing">
              {billingText(paymentLabel(item.paymentModel, item.price), t)}
            </dd>
          )}
        </div>
      </dl>
    </SidePanel>
  );
}
