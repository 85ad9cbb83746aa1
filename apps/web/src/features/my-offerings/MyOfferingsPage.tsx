import type { TOwnOffer } from '@dsm/contracts';
import { Alert, Anchor, Badge, Button, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconEyeOff, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAlert } from '../../shared/AlertProvider';
import { ConfirmDialog } from '../../shared/ConfirmDialog';
import { errorMessage } from '../../shared/error-message';
import { formatDateTime, formatMoney } from '../../shared/format/format';
import { wizardPath } from '../offer-creation';
import { useOwnOffers, useUnpublishOffer } from './use-own-offers';

function formatPrice(offer: TOwnOffer, freeLabel: string): string {
  return offer.price === 0 ? freeLabel : formatMoney(offer.price, offer.currency);
}

/**
 * 'My offerings' (Offers menu): the supplier's own offers, published or not, each with Edit (the
 * wizard, filled in) and Unpublish (out of search at once).
 */
export function MyOfferingsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showAlert = useAlert();
  const offers = useOwnOffers();
  const unpublish = useUnpublishOffer();

  const [confirming, setConfirming] = useState<TOwnOffer | null>(null);

  const handleUnpublish = (offer: TOwnOffer) => {
    unpublish.mutate(offer['@id'], {
      onSuccess: () => {
        setConfirming(null);
        showAlert(t('myOfferings.unpublished', { title: offer.title }));
      },
      onError: (error) => {
        setConfirming(null);
        showAlert(errorMessage(error, t), { type: 'error' });
      },
    });
  };

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Title order={1}>{t('myOfferings.title')}</Title>
          <Button component={Link} to="/offer/create/pre" leftSection={<IconPlus size={16} aria-hidden />}>
            {t('myOfferings.create')}
          </Button>
        </Group>
        <Text c="gray.7">{t('myOfferings.intro')}</Text>
        {offers.isPending && <Loader role="status" size="sm" aria-label={t('myOfferings.title')} />}
        {offers.isError && (
          <Alert color="red" role="alert">
            <Group justify="space-between">
              <span>{t('myOfferings.loadFailed', { message: errorMessage(offers.error, t) })}</span>
              <Button size="xs" variant="light" onClick={() => void offers.refetch()}>
                {t('myOfferings.retry')}
              </Button>
            </Group>
          </Alert>
        )}
        {offers.data?.length === 0 && <Text data-testid="my-offerings-empty">{t('myOfferings.empty')}</Text>}
        {offers.data && offers.data.length > 0 && (
          <Stack gap="md" component="ul" aria-label={t('myOfferings.list')} style={{ listStyle: 'none', padding: 0 }}>
            {offers.data.map((offer) => {
              const isPublished = offer.state === 'PUBLISHED';
              return (
                <Card key={offer['@id']} component="li" withBorder radius="md" data-testid="own-offer">
                  <Stack gap="xs">
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
                        {isPublished ? (
                          <Anchor component={Link} to={`/offer/details/${offer['@id']}`} inherit>
                            {offer.title}
                          </Anchor>
                        ) : (
                          offer.title
                        )}
                      </Title>
                      <Badge color={isPublished ? 'teal.9' : 'gray.7'} variant="filled" data-testid="own-offer-state">
                        {t(`myOfferings.state.${offer.state}`)}
                      </Badge>
                    </Group>
                    <Text size="sm" c="gray.7">
                      {[
                        t(`offerCreation.options.pricingOption.${offer.pricingOption}`),
                        t(`offerCreation.options.contentType.${offer.contentType}`),
                        t(`offerCreation.options.accessType.${offer.accessType}`),
                        formatPrice(offer, t('offerCreation.preview.free')),
                        t('myOfferings.endpoints', { count: offer.endpointCount }),
                        t('myOfferings.changed', { date: formatDateTime(offer.updatedAt) ?? '' }),
                      ].join(' · ')}
                    </Text>
                    {offer.publishFailure && (
                      <Alert color="red" variant="light" data-testid="own-offer-failure">
                        {t('myOfferings.failure', {
                          step: t(`offerCreation.publishSteps.${offer.publishFailure.step}`),
                          message: offer.publishFailure.message,
                        })}
                      </Alert>
                    )}
                    <Group gap="sm">
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconEdit size={14} aria-hidden />}
                        onClick={() => navigate(wizardPath(offer, offer['@id']))}
                        aria-label={`${t('myOfferings.edit')}: ${offer.title}`}
                        data-testid="own-offer-edit"
                      >
                        {t('myOfferings.edit')}
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        leftSection={<IconEyeOff size={14} aria-hidden />}
                        onClick={() => setConfirming(offer)}
                        disabled={!isPublished}
                        loading={unpublish.isPending && unpublish.variables === offer['@id']}
                        aria-label={`${t('myOfferings.unpublish')}: ${offer.title}`}
                        data-testid="own-offer-unpublish"
                      >
                        {t('myOfferings.unpublish')}
                      </Button>
                    </Group>
                  </Stack>
                </Card>
              );
            })}
          </Stack>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming !== null}
        title={confirming ? `${t('myOfferings.unpublish')}: ${confirming.title}` : ''}
        text={confirming ? t('myOfferings.unpublishConfirm', { title: confirming.title }) : ''}
        confirmLabel={t('myOfferings.unpublish')}
        onConfirm={() => confirming && handleUnpublish(confirming)}
        onCancel={() => setConfirming(null)}
        isPending={unpublish.isPending}
        isDestructive
        testId="unpublish-dialog"
      />
    </Container>
  );
}
