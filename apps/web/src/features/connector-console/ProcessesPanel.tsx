import { Alert, Button, Group, Loader, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetchBlob } from '../../shared/api';
import { errorMessage } from '../../shared/error-message';
import { ResponsiveTable } from '../../shared/ResponsiveTable';
import { CounterPartyInputs, useCounterParty } from './CounterPartyInputs';
import {
  useConsoleAgreements,
  useConsoleDataspace,
  useConsoleEdrs,
  useConsoleNegotiations,
  useConsoleTransfers,
} from './use-console-dataspace';

/** Saves an EDR's data, read by the server from the provider's public data plane. */
async function downloadEdrData(connectorId: string, transferProcessId: string): Promise<void> {
  const blob = await apiFetchBlob(
    `/api/connectors/${encodeURIComponent(connectorId)}/edrs/${encodeURIComponent(transferProcessId)}/data`,
  );
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = transferProcessId;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked on the next tick: some browsers start the download only after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/**
 * A connector's negotiations, agreements, transfers and EDRs with their live states: terminate with a reason,
 * start a transfer for an agreement, deprovision, and download an EDR's data.
 */
export function ProcessesPanel({ connectorId }: { connectorId: string }) {
  const { t } = useTranslation();
  const negotiations = useConsoleNegotiations(connectorId);
  const agreements = useConsoleAgreements(connectorId);
  const transfers = useConsoleTransfers(connectorId);
  const edrs = useConsoleEdrs(connectorId);
  const actions = useConsoleDataspace(connectorId);
  const [reason, setReason] = useState('');
  const [agreementId, setAgreementId] = useState<string | null>(null);
  const counterParty = useCounterParty();
  const [downloadError, setDownloadError] = useState<string | null>(null);

  const failures = [
    actions.terminateNegotiation,
    actions.startTransfer,
    actions.terminateTransfer,
    actions.deprovisionTransfer,
  ].filter((mutation) => mutation.isError);
  const handleStartTransfer = (event: FormEvent) => {
    event.preventDefault();
    if (!agreementId) return;
    actions.startTransfer.mutate({ agreementId, ...counterParty.fields });
  };
  const handleDownload = (transferProcessId: string) => {
    setDownloadError(null);
    downloadEdrData(connectorId, transferProcessId).catch((error: unknown) => setDownloadError(errorMessage(error, t)));
  };

  return (
    <Stack gap="lg">
      <TextInput
        label={t('console.terminationReason')}
        description={t('console.terminationReasonHint')}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        maw={560}
      />
      {failures.map((mutation) => (
        <Alert color="red" key={String(mutation.submittedAt)}>
          {errorMessage(mutation.error, t)}
        </Alert>
      ))}

      <Title order={3} size="h5">
        {t('console.negotiations')}
      </Title>
      {negotiations.isPending && <Loader role="status" aria-label={t('console.loading')} />}
      {negotiations.isError && <Alert color="red">{errorMessage(negotiations.error, t)}</Alert>}
      {negotiations.data?.length === 0 && <Text>{t('console.noNegotiations')}</Text>}
      {negotiations.data && negotiations.data.length > 0 && (
        <ResponsiveTable
          testId="console-negotiations"
          rowTestId="console-negotiation"
          label={t('console.negotiations')}
          rows={negotiations.data}
          rowKey={(negotiation) => negotiation.id}
          title={{ label: t('console.id'), cell: (negotiation) => negotiation.id }}
          columns={[
            {
              label: t('console.state'),
              cell: (negotiation) =>
                `${negotiation.isStateKnown ? negotiation.state : t('console.unknownState', { state: negotiation.state })}${
                  negotiation.errorDetail ? `: ${negotiation.errorDetail}` : ''
                }`,
            },
            { label: t('console.counterParty'), cell: (negotiation) => negotiation.counterPartyId ?? '' },
          ]}
          actions={{
            label: t('console.actions'),
            cell: (negotiation) =>
              negotiation.state !== 'FINALIZED' &&
              negotiation.state !== 'TERMINATED' && (
                <Button
                  size="xs"
                  variant="outline"
                  color="red.9"
                  disabled={!reason}
                  onClick={() => actions.terminateNegotiation.mutate({ id: negotiation.id, reason })}
                >
                  {t('console.terminate')}
                </Button>
              ),
          }}
        />
      )}

      <Title order={3} size="h5">
        {t('console.transfers')}
      </Title>
      <Stack component="form" gap="sm" maw={560} onSubmit={handleStartTransfer} aria-label={t('console.startTransfer')}>
        <Select
          label={t('console.agreement')}
          required
          data={(agreements.data ?? []).map((agreement) => ({
            value: agreement.id,
            label: `${agreement.assetId} (${agreement.providerId})`,
          }))}
          value={agreementId}
          onChange={setAgreementId}
        />
        <CounterPartyInputs counterParty={counterParty} />
        <Group>
          <Button type="submit" loading={actions.startTransfer.isPending}>
            {t('console.startTransfer')}
          </Button>
        </Group>
      </Stack>
      {transfers.isError && <Alert color="red">{errorMessage(transfers.error, t)}</Alert>}
      {transfers.data?.length === 0 && <Text>{t('console.noTransfers')}</Text>}
      {transfers.data && transfers.data.length > 0 && (
        <ResponsiveTable
          testId="console-transfers"
          rowTestId="console-transfer"
          label={t('console.transfers')}
          rows={transfers.data}
          rowKey={(transfer) => transfer.id}
          title={{ label: t('console.id'), cell: (transfer) => transfer.id }}
          columns={[
            {
              label: t('console.state'),
              cell: (transfer) =>
                `${transfer.isStateKnown ? transfer.state : t('console.unknownState', { state: transfer.state })}${
                  transfer.errorDetail ? `: ${transfer.errorDetail}` : ''
                }`,
            },
            { label: t('console.assets'), cell: (transfer) => transfer.assetId ?? '' },
          ]}
          actions={{
            label: t('console.actions'),
            cell: (transfer) => (
              <Group gap="xs">
                {transfer.state === 'STARTED' && (
                  <Button
                    size="xs"
                    variant="outline"
                    color="red.9"
                    disabled={!reason}
                    onClick={() => actions.terminateTransfer.mutate({ id: transfer.id, reason })}
                  >
                    {t('console.terminate')}
                  </Button>
                )}
                {(transfer.state === 'COMPLETED' || transfer.state === 'TERMINATED') && (
                  <Button size="xs" variant="default" onClick={() => actions.deprovisionTransfer.mutate(transfer.id)}>
                    {t('console.deprovision')}
                  </Button>
                )}
              </Group>
            ),
          }}
        />
      )}

      <Title order={3} size="h5">
        {t('console.edrs')}
      </Title>
      {downloadError && <Alert color="red">{downloadError}</Alert>}
      {edrs.isError && <Alert color="red">{errorMessage(edrs.error, t)}</Alert>}
      {edrs.data?.length === 0 && <Text>{t('console.noEdrs')}</Text>}
      {edrs.data && edrs.data.length > 0 && (
        <ResponsiveTable
          testId="console-edrs"
          label={t('console.edrs')}
          rows={edrs.data}
          rowKey={(edr) => edr.transferProcessId}
          title={{ label: t('console.transfers'), cell: (edr) => edr.transferProcessId }}
          columns={[
            { label: t('console.assets'), cell: (edr) => edr.assetId },
            { label: t('console.counterParty'), cell: (edr) => edr.providerId },
          ]}
          actions={{
            label: t('console.actions'),
            cell: (edr) => (
              <Button size="xs" onClick={() => handleDownload(edr.transferProcessId)}>
                {t('delivery.download')}
              </Button>
            ),
          }}
        />
      )}
    </Stack>
  );
}
