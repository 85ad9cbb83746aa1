import type { TLicence, TOffer, TOfferCopies } from '@dsm/contracts';
// Not from the package's index: there formatName comes with the offer wizard's schemas, whose
// evaluation was the results page's longest task on a phone.
import { formatName } from '@dsm/contracts/format-names';
import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../shared/format/format';
import { formatSize, offerSize } from '../../shared/offer/format-size';
import { paymentLabel, paymentText } from '../../shared/offer/payment-label';
import { agentName, offerPublisher } from '../../shared/offer/publisher-name';
import { publisherPagePath } from '../../shared/offer/publisher-path';
import { licenceLabel } from './licence-label';

export type TResultCardProps = {
  offer: TOffer;
  /** The licence catalogue the distributions' licences are matched against. */
  licences: readonly TLicence[];
  /** The other catalogues holding a federated copy of the same dataset, when there are any. */
  copies?: TOfferCopies | undefined;
};

/** The distinct formats of an offer's distributions by name, at most three: what tells apart cards of similar titles. */
function cardFormats(offer: TOffer): string[] {
  const formats = new Set<string>();
  for (const dataset of offer.datasets)
    for (const distribution of dataset['dcat:distribution'])
      if (distribution['dcterms:format']) formats.add(formatName(distribution['dcterms:format']));
  return [...formats].slice(0, 3);
}

/**
 * One search result: title (2 lines, 3 on a phone), description (2 lines), payment label, size, 'Updated',
 * licence and formats; under the card its publisher, linking to the publisher's page.
 * The whole card is one link to the offer's details, named by its title. Plain elements styled by
 * app.css: a page holds up to 1000 cards, and component wrappers per card made such pages slow.
 * Memoized: the page renders again as its other queries settle, and the cards need not.
 * Federated copies of the same dataset are named under the card, each linking to its own details.
 */
export const ResultCard = memo(function ResultCard({ offer, licences, copies }: TResultCardProps) {
  const { t } = useTranslation();
  const domId = useId();
  const label = paymentLabel(offer.paymentModel, offer.price);
  const updated = formatDateTime(offer.datasets[0]?.['dcterms:modified']) ?? t('results.notAvailable');
  const size = formatSize(offerSize(offer)) ?? t('results.unknownSize');
  const formats = cardFormats(offer);
  const publisher = offerPublisher(offer);

  return (
    <article aria-labelledby={`${domId}-title`}>
      <Link
        to={`/offer/details/${encodeURIComponent(offer['@id'])}`}
        className="result-card"
        data-testid="result-card"
        aria-labelledby={`${domId}-title`}
        aria-describedby={`${domId}-description`}
      >
        <div className="result-card__head">
          {/* h2: the cards sit right under the page's h1 (on a phone the filter's h2 comes first). */}
          <h2 className="result-card__title" id={`${domId}-title`}>
            {offer.title}
          </h2>
          <span className={`result-card__price${label.kind === 'free' ? ' is-free' : ''}`} data-testid="payment-label">
            {paymentText(label, t)}
          </span>
        </div>
        <p className="result-card__description" id={`${domId}-description`}>
          {offer.description['@value']}
        </p>
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
          {formats.length > 0 && (
            <div>
              <dt>{t('results.formats')}:</dt>
              <dd data-testid="offer-formats">{formats.join(', ')}</dd>
            </div>
          )}
        </dl>
      </Link>
      {publisher && (
        // Outside the card's link: a link inside a link is not allowed, and each must be reachable on its own.
        <p className="result-card__publisher" data-testid="result-publisher">
          {t('results.publisher')}:{' '}
          <Link to={publisherPagePath(publisher['@id'])}>{agentName(publisher) ?? t('results.unknownPublisher')}</Link>
        </p>
      )}
      {copies && copies.total > 0 && <CopiesLine copies={copies} />}
    </article>
  );
});

/** "Also in 2 other catalogues: A, B": the copies of the dataset published elsewhere, by publisher. */
function CopiesLine({ copies }: { copies: TOfferCopies }) {
  const { t } = useTranslation();
  return (
    <p className="result-card__copies" data-testid="result-copies">
      {t('results.alsoIn', { count: copies.total })}{' '}
      {copies.copies.map((copy, position) => (
        <span key={copy.offerId}>
          {position > 0 && ', '}
          <Link to={`/offer/details/${encodeURIComponent(copy.offerId)}`}>
            {copy.publisher ?? t('results.unknownPublisher')}
          </Link>
        </span>
      ))}
      {copies.total > copies.copies.length &&
        ` ${t('results.andMore', { count: copies.total - copies.copies.length })}`}
    </p>
  );
}
