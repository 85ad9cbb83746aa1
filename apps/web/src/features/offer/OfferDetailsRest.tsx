import type { TMetadataItem } from '@dsm/contracts';
import { Title } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../../shared/lazy-part';
import { usePageSettled } from '../../shared/page-settled';
import { CartActions } from '../cart';
import { DataPreview } from '../preview';
import { DetailsPanel } from './DetailsPanel';
import { EndpointsTable } from './EndpointsTable';
import type { TEndpointRow } from './endpoint-rows';
import { OfferMetadataLinks } from './OfferMetadataLinks';
import { OfferTermsLoading } from './OfferTermsFrame';
import { RelatedOffers } from './RelatedOffers';

// The terms panel, with the buyer's organisation it checks the allowed countries against, loads once the
// page has shown the offer: its code and its two calls are not in the way of the title on a slow phone.
const OfferTermsPanel = lazyPart(async () => (await import('./OfferTermsPanel')).OfferTermsPanel, NoTermsPanel);

/** When the terms panel's code cannot be loaded: the page goes on without it (lazyPart reports the error). */
function NoTermsPanel(_props: { offerId: string }) {
  return null;
}

export type TOfferSideProps = {
  item: TMetadataItem;
  /** The endpoints table's rows (the page reads the licences they name). */
  rows: TEndpointRow[];
  onShowLink(row: TEndpointRow): void;
};

/**
 * What the offer page draws after its first screen, inside its layout: the side column (Details, terms of
 * use, cart actions, metadata links) and the endpoints. A module of its own, loaded once the first screen
 * is drawn: its components (Mantine's table, buttons, cards, the preview's select) and schemas are not
 * evaluated before the offer's title can paint on a slow phone.
 */
export function OfferSide({ item, rows, onShowLink }: TOfferSideProps) {
  const { t } = useTranslation();
  const isSettled = usePageSettled();
  return (
    <>
      <div className="offer-side">
        <DetailsPanel item={item} />
        {isSettled ? (
          <Suspense fallback={<OfferTermsLoading />}>
            <OfferTermsPanel offerId={item['@id']} />
          </Suspense>
        ) : (
          <OfferTermsLoading />
        )}
        <CartActions offer={item} />
        <OfferMetadataLinks offerId={item['@id']} />
      </div>
      <section className="offer-endpoints" aria-labelledby="endpoints-title">
        <Title order={2} size="h3" id="endpoints-title">
          {t('offer.endpoints')}
        </Title>
        <EndpointsTable rows={rows} onShowLink={onShowLink} />
      </section>
    </>
  );
}

/** The offer page's sections under its layout: the data preview and the related offers. */
export function OfferBelow({ item }: { item: TMetadataItem }) {
  return (
    <>
      <DataPreview item={item} />
      <RelatedOffers offerId={item['@id']} />
    </>
  );
}
