import { DeliveryStep, type TDelivery } from '@dsm/contracts';
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deliveryProblemOf, detailOf, type TDeliveryProblem } from './delivery-problem';
import { downloadDeliveryData } from './download-delivery-data';
import { useRequestDelivery } from './use-deliveries';

export type TDeliveryPanelProps = {
  offerId: string;
  offerTitle: string;
  /** The offer's delivery, once access was requested. */
  delivery: TDelivery | undefined;
};

/** What the badge says: the delivery's step, or that the download of its data failed. */
type TShownStep = TDelivery['step'] | 'DOWNLOAD_FAILED';

/** Dark shades, so the white badge text keeps a WCAG AA contrast. */
const STEP_COLOR: Record<TShownStep, string> = {
  NEGOTIATING: 'blue.9',
  TRANSFERRING: 'blue.9',
  READY: 'teal.9',
  FAILED: 'red.9',
  DOWNLOAD_FAILED: 'red.9',
};

/** A problem as the panel shows it: the user's-language message with what to do next, then the server's words. */
function ProblemAlert({ title, problem }: { title: string; problem: TDeliveryProblem }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={title} data-testid="delivery-problem">
      <Text size="sm">{problem.message}</Text>
      {problem.detail && (
        <Text size="xs" mt={4} style={{ overflowWrap: 'anywhere' }}>
          {t('delivery.problem.details', { detail: problem.detail })}
        </Text>
      )}
    </Alert>
  );
}

/**
 * The data-space delivery of a purchased Connector offer: 'Request access' starts the contract negotiation on the
 * buyer's connector; the negotiation's and the transfer's states follow live; 'Download data' once the transfer
 * is STARTED. A failure says in the user's language what to do next, with the connector's own words (why a
 * negotiation was terminated) as a detail, never a raw JSON answer; a failed download turns the badge from
 * 'Data ready' to 'Download failed'.
 */
export function DeliveryPanel({ offerId, offerTitle, delivery }: TDeliveryPanelProps) {
  const { t } = useTranslation();
  const requestDelivery = useRequestDelivery();
  const [downloadProblem, setDownloadProblem] = useState<TDeliveryProblem | null>(null);
  const [isDownloading, setIsDownloading] = useState(false);

  const handleDownload = async (ready: TDelivery) => {
    setDownloadProblem(null);
    setIsDownloading(true);
    try {
      await downloadDeliveryData(ready);
    } catch (error) {
      setDownloadProblem(deliveryProblemOf(error, t));
    } finally {
      setIsDownloading(false);
    }
  };

  const canRequest = delivery === undefined || delivery.step === DeliveryStep.FAILED;
  // Data that failed to arrive is not 'ready', whatever the transfer's state says.
  const shownStep: TShownStep | null = !delivery
    ? null
    : delivery.step === DeliveryStep.READY && (downloadProblem || delivery.error)
      ? 'DOWNLOAD_FAILED'
      : delivery.step;
  const recordedProblem: TDeliveryProblem | null = delivery?.error
    ? {
        message: t(
          delivery.step === DeliveryStep.FAILED ? 'delivery.problem.deliveryFailed' : 'delivery.problem.source',
        ),
        detail: detailOf(delivery.error),
      }
    : null;
  return (
    <Stack gap="xs" data-testid="delivery-panel" aria-live="polite">
      {delivery && shownStep && (
        <Group gap="sm" wrap="wrap">
          <Badge color={STEP_COLOR[shownStep]} variant="filled" data-testid="delivery-step">
            {t(`delivery.step.${shownStep}`)}
          </Badge>
          <Text size="sm" data-testid="delivery-negotiation">
            {t('delivery.negotiation', { state: delivery.negotiation?.state ?? t('delivery.notStarted') })}
          </Text>
          <Text size="sm" data-testid="delivery-transfer">
            {t('delivery.transfer', { state: delivery.transfer?.state ?? t('delivery.notStarted') })}
          </Text>
        </Group>
      )}
      {recordedProblem && <ProblemAlert title={t('delivery.failedTitle')} problem={recordedProblem} />}
      {requestDelivery.isError && !delivery?.error && (
        <ProblemAlert title={t('delivery.failedTitle')} problem={deliveryProblemOf(requestDelivery.error, t)} />
      )}
      {downloadProblem && <ProblemAlert title={t('delivery.downloadFailed')} problem={downloadProblem} />}
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
