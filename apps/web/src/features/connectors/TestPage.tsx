import type { TConnectorOfferUploadResponse } from '@dsm/contracts';
import { Alert, Anchor, Button, Container, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCloudUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAlert } from '../../shared/AlertProvider';
import { errorMessage } from '../../shared/error-message';
import { connectorOptions, uploadedOfferSearchPath } from './connector-options';
import { OfferDetails } from './OfferDetails';
import { useConnectorOffers, useConnectors, useUploadConnectorOffer } from './use-connectors';

/** How long the alerts of this page stay: long enough to read a connector's error message. */
const ERROR_ALERT_MS = 8000;

function ErrorNotice({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {t('connectors.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

function NotFoundNotice({ children }: { children: string }) {
  return (
    <Alert color="yellow" icon={<IconAlertTriangle size={18} />} role="alert" data-testid="test-page-not-found">
      {children}
    </Alert>
  );
}

/**
 * The developer test page (route `test`): choose a connector, choose one of its offers (mapped from its contract
 * definitions), see the offer's details and upload it into the catalogue. The choice lives in the URL
 * (`?connector=…&offer=…`), so a link reopens it; a connector or offer the lists do not hold is said so on the page.
 */
export function TestPage() {
  const { t } = useTranslation();
  const showAlert = useAlert();
  const [params, setParams] = useSearchParams();
  const connectorId = params.get('connector');
  const offerId = params.get('offer');
  const [uploaded, setUploaded] = useState<TConnectorOfferUploadResponse | null>(null);

  const connectors = useConnectors();
  const options = connectors.data ? connectorOptions(connectors.data.dtos) : [];
  const isConnectorMissing =
    connectorId !== null && connectors.isSuccess && !options.some((option) => option.value === connectorId);
  const offers = useConnectorOffers(
    connectorId !== null && connectors.isSuccess && !isConnectorMissing ? connectorId : null,
  );
  const offerList = offers.data?.offers ?? [];
  const selectedOffer = offerList.find((offer) => offer.id === offerId) ?? null;
  const isOfferMissing = offerId !== null && offers.isSuccess && selectedOffer === null;
  const upload = useUploadConnectorOffer();

  // The specification logs a connector or offer missing from the lists; the page also says so.
  useEffect(() => {
    if (isConnectorMissing) console.warn(`Connector '${connectorId}' not found in the connector list`);
  }, [isConnectorMissing, connectorId]);
  useEffect(() => {
    if (isOfferMissing) console.warn(`Offer '${offerId}' not found in the offers of connector '${connectorId}'`);
  }, [isOfferMissing, offerId, connectorId]);

  const choose = (next: { connector?: string | null; offer?: string | null }) => {
    setUploaded(null);
    upload.reset();
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) {
          if (value) updated.set(key, value);
          else updated.delete(key);
        }
        return updated;
      },
      { replace: true },
    );
  };

  const handleUpload = () => {
    if (!connectorId || !selectedOffer) return;
    upload.mutate(
      { connectorId, offerId: selectedOffer.id },
      {
        onSuccess: (created) => {
          setUploaded(created);
          showAlert(t('connectors.uploaded', { title: created.title }), { type: 'success' });
        },
        onError: (error) => showAlert(errorMessage(error, t), { type: 'error', duration: ERROR_ALERT_MS }),
      },
    );
  };

  const offerPlaceholder = (() => {
    if (connectorId === null || isConnectorMissing) return t('connectors.chooseConnectorFirst');
    if (offers.isPending) return t('connectors.loadingOffers');
    if (offers.isError) return t('connectors.offersFailed');
    if (offerList.length === 0) return t('connectors.noOffers');
    return t('connectors.chooseOfferPlaceholder');
  })();

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('connectors.title')}</Title>
          <Text c="gray.7">{t('connectors.intro')}</Text>
        </Stack>

        {connectors.isError ? (
          <ErrorNotice message={errorMessage(connectors.error, t)} onRetry={() => void connectors.refetch()} />
        ) : (
          <Select
            label={t('connectors.chooseConnector')}
            placeholder={
              connectors.isPending ? t('connectors.loadingConnectors') : t('connectors.chooseConnectorPlaceholder')
            }
            data={options}
            value={isConnectorMissing ? null : connectorId}
            onChange={(value) => choose({ connector: value, offer: null })}
            disabled={connectors.isPending || options.length === 0}
            rightSection={connectors.isPending ? <Loader size="xs" /> : undefined}
            allowDeselect={false}
            data-testid="connector-select"
          />
        )}
        {connectors.isSuccess && options.length === 0 && <Text c="gray.7">{t('connectors.noConnectors')}</Text>}
        {isConnectorMissing && (
          <NotFoundNotice>{t('connectors.connectorNotFound', { id: connectorId })}</NotFoundNotice>
        )}

        <Select
          label={t('connectors.chooseOffer')}
          placeholder={offerPlaceholder}
          data={offerList.map((offer) => ({ value: offer.id, label: `${offer.name} (${offer.id})` }))}
          value={selectedOffer?.id ?? null}
          onChange={(value) => choose({ offer: value })}
          disabled={!offers.isSuccess || offerList.length === 0}
          rightSection={
            offers.isFetching ? (
              <Loader role="status" size="xs" aria-label={t('connectors.loadingOffers')} />
            ) : undefined
          }
          allowDeselect={false}
          data-testid="offer-select"
        />
        {offers.isError && (
          <ErrorNotice message={errorMessage(offers.error, t)} onRetry={() => void offers.refetch()} />
        )}
        {isOfferMissing && <NotFoundNotice>{t('connectors.offerNotFound', { id: offerId })}</NotFoundNotice>}

        {selectedOffer && <OfferDetails offer={selectedOffer} />}

        <Group>
          <Button
            leftSection={<IconCloudUpload size={18} />}
            onClick={handleUpload}
            disabled={selectedOffer === null}
            loading={upload.isPending}
          >
            {t('connectors.upload')}
          </Button>
        </Group>

        {uploaded && (
          <Alert color="teal" data-testid="upload-result">
            <Stack gap={4}>
              <Text size="sm">{t('connectors.uploadedHint', { title: uploaded.title })}</Text>
              <Group gap="md">
                <Anchor component={Link} to={uploadedOfferSearchPath(uploaded.title)} size="sm">
                  {t('connectors.findInSearch')}
                </Anchor>
                <Anchor component={Link} to={`/offer/details/${uploaded.id}`} size="sm">
                  {t('connectors.openOffer')}
                </Anchor>
              </Group>
            </Stack>
          </Alert>
        )}
      </Stack>
    </Container>
  );
}
