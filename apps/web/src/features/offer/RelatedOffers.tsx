import type { TOffer } from '@dsm/contracts';
import { Anchor, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDeferredValue, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../shared/format/format';
import { paymentLabel, paymentText } from '../../shared/offer/payment-label';
import { agentName, offerPublisher } from '../../shared/offer/publisher-name';
import { usePageSettled } from '../../shared/page-settled';
import { useRelatedOffers } from './use-related-offers';

/**
 * 'Related offers' under the details: up to six offers sharing keywords or categories, each a card with
 * its title (the link), publisher, price and date. Hidden while none is found, and when the call fails
 * (an aside, not what the page is for). Asked for once the page has shown the offer (page-settled.ts).
 */
export function RelatedOffers({ offerId }: { offerId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const related = useRelatedOffers(offerId, usePageSettled());
  // Drawn in a deferred render React slices, not in the store update that brings the answer.
  const data = useDeferredValue(related.data);
  if (related.isError || (data && data.data.length === 0)) return null;
  return (
    <Stack
      gap="sm"
      component="section"
      aria-labelledby={headingId}
      mt="xl"
      className="details-below-fold"
      data-testid="related-offers"
    >
      <Title order={2} size="h3" id={headingId}>
        {t('relatedOffers.title')}
      </Title>
      {data ? (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          spacing="sm"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {data.data.map((offer) => (
            <RelatedCard key={offer['@id']} offer={offer} />
          ))}
        </SimpleGrid>
      ) : (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          spacing="sm"
          role="status"
          aria-busy
          aria-label={t('relatedOffers.loading')}
        >
          <Skeleton height={96} />
          <Skeleton height={96} />
          <Skeleton height={96} />
        </SimpleGrid>
      )}
    </Stack>
  );
}

function RelatedCard({ offer }: { offer: TOffer }) {
  const { t } = useTranslation();
  const publisher = offerPublisher(offer);
  const updated = formatDateTime(offer.datasets[0]?.['dcterms:modified']);
  return (
    <Card component="li" withBorder radius="md" padding="sm" data-testid="related-offer">
      <Stack gap={4}>
        <Anchor
          component={Link}
          to={`/offer/details/${encodeURIComponent(offer['@id'])}`}
          fw={600}
          lineClamp={3}
          style={{ overflowWrap: 'anywhere' }}
        >
          {offer.title}
        </Anchor>
        {publisher && (
          <Text size="xs" c="gray.7" lineClamp={1}>
            {agentName(publisher) ?? t('results.unknownPublisher')}
          </Text>
        )}
        <Text size="xs">
          {paymentText(paymentLabel(offer.paymentModel, offer.price), t)}
          {updated && ` · ${t('results.updated')} ${updated}`}
        </Text>
      </Stack>
    </Card>
  );
}
