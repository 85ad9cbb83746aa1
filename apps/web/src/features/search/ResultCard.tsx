import type { TLicence, TOffer } from '@dsm/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatSize, offerSize, paymentLabel } from './format';
import { licenceLabel } from './licence-label';

/**
 * One search result; the whole card opens the offer's details. Plain elements styled by app.css:
 * a page holds up to 1000 cards, and component wrappers per card made such pages slow to render.
 */
export function ResultCard({ offer, licences }: { offer: TOffer; licences: readonly TLicence[] }) {
  const { t } = useTranslation();
  const label = paymentLabel(offer.paymentModel, offer.price);
  const payment =
    label.kind === 'free'
      ? t('results.free')
      : label.suffix === 'month'
        ? t('results.perMonth', { amount: label.amount })
        : label.suffix === 'MB'
          ? t('results.perMB', { amount: label.amount })
          : label.amount;
  const updated = formatDateTime(offer.datasets[0]?.['dcterms:modified']) ?? t('results.notAvailable');
  const size = formatSize(offerSize(offer)) ?? t('results.unknownSize');

  return (
    <Link to={`/offer/details/${offer['@id']}`} className="result-card" data-testid="result-card">
      <div className="result-card__head">
        <h3 className="result-card__title">{offer.title}</h3>
        <span className={`result-card__price${label.kind === 'free' ? ' is-free' : ''}`} data-testid="payment-label">
          {payment}
        </span>
      </div>
      <p className="result-card__description">{offer.description['@value']}</p>
      <dl className="result-card__facts">
        <div>
          <dt>{t('results.size')}:</dt>
          <dd data-testid="offer-size">{size}</dd>
        </div>
        <div>
          <dt>{t('results.updated')}:</dt>
          <dd data-testid="offer-updated">{updated}</dd>
        </div>
        <div>
          <dt>{t('results.licence')}:</dt>
          <dd data-testid="offer-licence">{licenceLabel(offer, licences)}</dd>
        </div>
      </dl>
    </Link>
  );
}
