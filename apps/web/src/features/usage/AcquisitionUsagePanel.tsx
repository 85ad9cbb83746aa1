import type { TEntitlementUsage } from '@dsm/contracts';
import { Button, Card, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlert } from '../../shared/AlertProvider';
import { errorMessage } from '../../shared/error-message';
import { formatDay, formatMegabytes, formatMoney, formatQuantity } from '../../shared/format/format';
import { billingText, paymentLabel, paymentText } from '../../shared/offer/payment-label';
import { UsageSection } from './UsageSection';
import { useAcquisitionUsage, useCancelSubscription } from './use-usage';

/** One figure of the usage: its name above, its value below. */
function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="gray.7">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

function EntitlementCard({
  entry,
  onCancel,
}: {
  entry: TEntitlementUsage;
  onCancel: (entry: TEntitlementUsage) => void;
}) {
  const { t } = useTranslation();
  const label = paymentLabel(entry.paymentModel, entry.unitPrice);
  const isSubscription = entry.paymentModel === 'SUBSCRIPTION_BASED';
  const endsOn = formatDay(entry.endsAt) ?? '';
  const state = !entry.isActive
    ? t('usage.ended')
    : entry.cancelledAt
      ? t('usage.cancelledEnds', { date: endsOn })
      : isSubscription
        ? entry.invoice?.state === 'paid'
          ? t('usage.renews', { date: endsOn })
          : entry.invoice?.state === 'overdue'
            ? t('usage.runsOverdue', { date: endsOn, number: entry.invoice.number })
            : t('usage.runsUnpaid', { date: endsOn, number: entry.invoice?.number ?? '' })
        : entry.endsAt
          ? t('usage.accessUntil', { date: endsOn })
          : t('usage.unlimited');
  return (
    <Card withBorder radius="md" padding="md" data-testid="entitlement-usage" component="article">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
              {entry.title}
            </Title>
            <Text size="sm" c="gray.7">
              {entry.providerName} · {paymentText(label, t)}
            </Text>
          </Stack>
          <Text size="sm" fw={600} data-testid="entitlement-state">
            {state}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {entry.paymentModel === 'DATA_VOLUME_BASED' ? (
            <Figure label={t('usage.volume')} value={formatMegabytes(entry.bytes)} testId="usage-volume" />
          ) : (
            <Figure label={t('usage.downloads')} value={formatQuantity(entry.downloads)} testId="usage-downloads" />
          )}
          <Figure label={t('usage.requests')} value={formatQuantity(entry.requests)} testId="usage-requests" />
          <Figure
            label={isSubscription ? t('usage.subscriptionCost') : t('usage.costSoFar')}
            value={formatMoney(entry.costSoFar)}
            testId="usage-cost"
          />
        </SimpleGrid>
        {billingText(label, t) && (
          <Text size="xs" c="gray.7">
            {billingText(label, t)}
          </Text>
        )}
        {entry.canCancel && (
          <Group justify="flex-end">
            <Button
              variant="default"
              color="red"
              size="xs"
              onClick={() => onCancel(entry)}
              data-testid="cancel-subscription"
            >
              {t('usage.cancel')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/**
 * My Acquisitions' usage: per entitlement this calendar month's downloads or MB (10^6 bytes) and
 * requests, and the net cost so far as next month's usage invoice will bill it; a subscription shows
 * the end of its period, called paid only once its invoice is, and can be cancelled (access runs to that end).
 */
export function AcquisitionUsagePanel() {
  const { t } = useTranslation();
  const showAlert = useAlert();
  const usage = useAcquisitionUsage();
  const cancelSubscription = useCancelSubscription();
  const [confirming, setConfirming] = useState<TEntitlementUsage | null>(null);
  const data = usage.data;

  const confirm = () => {
    if (!confirming) return;
    const entry = confirming;
    cancelSubscription.mutate(entry.entitlementId, {
      onSuccess: (cancelled) => {
        setConfirming(null);
        showAlert(t('usage.cancelled', { title: entry.title, date: formatDay(cancelled.endsAt) ?? '' }));
      },
      onError: (error) => showAlert(errorMessage(error, t), { type: 'error' }),
    });
  };

  return (
    <>
      <UsageSection
        headingId="acquisitions-usage"
        title={t('usage.title')}
        testId="acquisition-usage"
        periodTestId="usage-period"
        query={usage}
        isEmpty={data?.entitlements.length === 0}
        emptyTitle={t('usage.emptyTitle')}
        emptyText={t('usage.emptyText')}
      >
        <Stack gap="sm">
          {data?.entitlements.map((entry) => (
            <EntitlementCard key={entry.entitlementId} entry={entry} onCancel={setConfirming} />
          ))}
        </Stack>
      </UsageSection>
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('usage.confirmTitle', { title: confirming?.title ?? '' })}
        centered
      >
        <Stack gap="md" data-testid="cancel-subscription-modal">
          <Text size="sm">{t('usage.confirmText', { date: formatDay(confirming?.endsAt) ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              {t('usage.keep')}
            </Button>
            <Button
              color="red"
              onClick={confirm}
              loading={cancelSubscription.isPending}
              data-testid="confirm-cancel-subscription"
            >
              {t('usage.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
