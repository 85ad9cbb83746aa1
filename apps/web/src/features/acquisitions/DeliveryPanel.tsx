import { DeliveryStep, type TDelivery } from '@dsm/contracts';
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/error-message';
import { downloadDeliveryData } from './download-delivery-data';
import { useRequestDelivery } from './use-deliveries';

export type TDeliveryPanelProps = {
  offerId: string;
  offerTitle: string;
  /** The offer's delivery, once access was requested. */
  delivery: TDelivery | undefined;
};

/** Dark shades, so the white badge text keeps a WCAG AA contrast. */
const STEP_COLOR: Record<TDelivery['step'], string> = {
  NEGOTIATING: 'blue.9',
  TRANSFERRING: 'blue.9',
  READY: 'teal.9',
  FAILED: 'red.9',
};

/**
 * The data-space delivery of a purchased Connector offer: 'Request access' starts the contract negotiation on the
 * buyer's connector; the negotiation's and the transfer's states follow live; 'Download data' once the transfer
 * is STARTED. A failure shows the connector's message, or why the negotiation was terminated.
 */
export function DeliveryPanel({ offerId, offerTitle, delivery }: TDeliveryPanelProps) {
  const { t } = useTranslation();
  const requestDelivery = useRequestDelivery();
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [isDownloading, setIsDownloading] = useState(false);

  const handleDownload = async (ready: TDelivery) => {
    setDownloadError(null);
    setIsDownloading(true);
    try {
      await downloadDeliveryData(ready);
    } catch (error) {
      setDownloadError(errorMessage(error, t));
    } finally {
      setIsDownloading(false);
    }
  };

  const canRequest = delivery === undefined || delivery.step === DeliveryStep.FAILED;
  return (
    <Stack gap="xs" data-testid="delivery-panel" aria-live="polite">
      {delivery && (
        <Group gap="sm" wrap="wrap">
          <Badge color={STEP_COLOR[delivery.step]} variant="filled">
            {t(`delivery.step.${delivery.step}`)}
          </Badge>
          <Text size="sm" data-testid="delivery-negotiation">
            {t('delivery.negotiation', { state: delivery.negotiation?.state ?? t('delivery.notStarted') })}
          </Text>
          <Text size="sm" data-testid="delivery-transfer">
            {t('delivery.transfer', { state: delivery.transfer?.state ?? t('delivery.notStarted') })}
          </Text>
        </Group>
      )}
      {delivery?.error && (
        <Alert color="red" title={t('delivery.failedTitle')}>
          {delivery.error}
        </Alert>
      )}
      {requestDelivery.isError && !delivery?.error && (
        <Alert color="red" title={t('delivery.failedTitle')}>
          {errorMessage(requestDelivery.error, t)}
        </Alert>
      )}
      {downloadError && (
        <Alert color="red" title={t('delivery.downloadFailed')}>
          {downloadError}
        </Alert>
      )}
      <Group gap="sm">
        {canRequest && (
          <Button
            size="xs"
            loading={requestDelivery.isPending}
            aria-label={t('delivery.requestAccessFor', { title: offerTitle })}
            onClick={() => requestDelivery.mutate(offerId)}
          >
            {delivery ? t('delivery.requestAgain') : t('delivery.requestAccess')}
          </Button>
        )}
        {delivery?.step === DeliveryStep.READY && (
          <Button
            size="xs"
            variant="filled"
            color="teal.9"
            loading={isDownloading}
            aria-label={t('delivery.downloadFor', { title: offerTitle })}
            onClick={() => void handleDownload(delivery)}
          >
            {t('delivery.download')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
