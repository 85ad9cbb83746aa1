import type { TMetadataItem } from '@dsm/contracts';
import { Button, Skeleton } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DetailsPageFrame } from '../../shared/DetailsPageFrame';
import { formatDateTime } from '../../shared/format/format';
import { categoryText } from '../../shared/labels';
import { lazyPart } from '../../shared/lazy-part';
import { isOfferId, useOfferDetails } from '../../shared/offer/use-offer-details';
import { usePageSettled } from '../../shared/page-settled';
import { useRenderedLater } from '../../shared/rendered-later';
import { LikeButton } from '../../shared/ui/LikeButton';
import { PublisherLink } from '../publisher';
import { useLicences } from '../search';
import { useLikedIds, useToggleLike } from '../watchlist';
import { dataFormats, endpointRows, type TEndpointRow } from './endpoint-rows';

// The access-link dialog (Mantine's modal, its focus trap and scroll lock) loads apart from the
// page: once the page has shown its data, and on the first 'Show link' at the latest.
const loadAccessLinkModal = async () => (await import('./AccessLinkModal')).AccessLinkModal;
const AccessLinkModal = lazyPart(loadAccessLinkModal, NoDialog);

/** When the dialog's code cannot be loaded: nothing opens, and the error is reported (lazyPart). */
function NoDialog() {
  return null;
}

// The side column, the endpoints, the preview and the related offers load once the first screen is drawn
// (OfferDetailsRest.tsx). Plain lazy, not lazyPart: a page that cannot load its own code goes to the
// route's error boundary, as when its own chunk fails. Both parts come from one module and one download;
// they are shown in the transition of useRenderedLater, which keeps the page as it was until they are in.
const loadRest = () => import('./OfferDetailsRest');
const OfferSide = lazy(async () => ({ default: (await loadRest()).OfferSide }));
const OfferBelow = lazy(async () => ({ default: (await loadRest()).OfferBelow }));

/**
 * Offer details at /offer/details/:id: what the offer is, its endpoints with live status, the Details
 * panel and the cart actions.
 */
export function OfferDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const details = useOfferDetails(id);
  return (
    <DetailsPageFrame
      query={details}
      isMissing={!isOfferId(id)}
      testId="offer"
      texts={{
        loading: t('offer.loading'),
        errorTitle: t('offer.errorTitle'),
        notFoundTitle: t('offer.notFoundTitle'),
        notFoundText: t('offer.notFoundText'),
      }}
      notFoundActions={
        <Button component={Link} to="/">
          {t('offer.home')}
        </Button>
      }
      skeleton={
        <>
          <Skeleton height={36} width="60%" />
          <Skeleton height={14} />
          <Skeleton height={14} width="85%" />
          <Skeleton height={160} mt="lg" />
        </>
      }
    >
      {(item) => <OfferDetails item={item} />}
    </DetailsPageFrame>
  );
}

function OfferDetails({ item }: { item: TMetadataItem }) {
  const { t } = useTranslation();
  const licences = useLicences();
  const liked = useLikedIds();
  const toggleLike = useToggleLike();
  const [shownLink, setShownLink] = useState<TEndpointRow | null>(null);
  // Mounted from its first opening on, so that closing it animates like any modal.
  const [hasShownLink, setHasShownLink] = useState(false);
  const isSettled = usePageSettled();
  // Title, publisher, description and facts first; the panels, endpoints, preview and related offers
  // right after, in slices (rendered-later.ts), once their module is in.
  const isRest = useRenderedLater();
  useEffect(() => {
    if (isSettled) loadAccessLinkModal().catch(() => {});
  }, [isSettled]);
  const showLink = (row: TEndpointRow) => {
    setHasShownLink(true);
    setShownLink(row);
  };
  const isLiked = liked.ids.includes(item['@id']);
  const dataset = item.datasets[0];
  const rows = endpointRows(item, licences);
  const formats = dataFormats(item);
  const notAvailable = t('offer.notAvailable');

  // Plain elements styled by app.css (.offer-layout and below) for the first screen: a phone drew it
  // from Mantine's Grid, Stack, Title, Text and Badge at much of its blocking time (docs/performance.md).
  return (
    <>
      <div className="offer-layout">
        <div className="offer-main">
          <div className="offer-head">
            <h1 className="offer-title" data-testid="offer-title">
              {item.title}
            </h1>
            <PublisherLink offer={item} />
            <div className="offer-likes">
              <LikeButton
                isLiked={isLiked}
                title={item.title}
                isDisabled={!liked.isSuccess}
                onToggle={() => toggleLike({ id: item['@id'], isLiked: !isLiked })}
              />
              <p className="offer-likes__count" data-testid="offer-likes" aria-live="polite">
                {t('offer.likes', { count: item.likes })}
              </p>
            </div>
          </div>
          <p className="offer-description" data-testid="offer-description">
            {item.description['@value']}
          </p>
          <dl className="offer-facts">
            <Fact label={t('offer.formats')} testId="offer-formats">
              {formats.length > 0 ? (
                <span className="plain-badges">
                  {formats.map((format) => (
                    <span key={format} className="plain-badge is-outline">
                      {format}
                    </span>
                  ))}
                </span>
              ) : (
                notAvailable
              )}
            </Fact>
            <Fact label={t('offer.categories')}>
              {item.categories.length > 0 ? (
                <span className="plain-badges">
                  {item.categories.map((category) => (
                    <span key={category} className="plain-badge is-light">
                      {categoryText(t, category)}
                    </span>
                  ))}
                </span>
              ) : (
                notAvailable
              )}
            </Fact>
            <Fact label={t('offer.created')} testId="offer-created">
              {formatDateTime(dataset?.['dcterms:issued']) ?? notAvailable}
            </Fact>
            <Fact label={t('offer.updated')} testId="offer-updated">
              {formatDateTime(dataset?.['dcterms:modified']) ?? notAvailable}
            </Fact>
          </dl>
        </div>
        {isRest && <OfferSide item={item} rows={rows} onShowLink={showLink} />}
      </div>
      {/* page-status keeps the footer away meanwhile, so the rest does not push it down (app.css). */}
      {!isRest && <div className="page-status" aria-hidden />}
      {isRest && <OfferBelow item={item} />}
      {hasShownLink && (
        <Suspense fallback={null}>
          <AccessLinkModal endpoint={shownLink} onClose={() => setShownLink(null)} />
        </Suspense>
      )}
    </>
  );
}

function Fact({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}:</dt>
      <dd data-testid={testId}>{children}</dd>
    </>
  );
}
