import { Alert, Button, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../shared/download-file';
import { errorMessage } from '../../shared/error-message';
import { ConsoleTable } from './ConsoleTable';
import { CounterPartyInputs, useCounterParty } from './CounterPartyInputs';
import { EDRS, NEGOTIATIONS, TRANSFERS } from './console-lists';
import {
  useConsoleAgreements,
  useConsoleDataspace,
  useConsoleEdrs,
  useConsoleNegotiations,
  useConsoleTransfers,
} from './use-console-dataspace';

/** Saves an EDR's data, read by the server from the provider's public data plane. */
function downloadEdrData(connectorId: string, transferProcessId: string): Promise<void> {
  return downloadFile(
    `/api/connectors/${encodeURIComponent(connectorId)}/edrs/${encodeURIComponent(transferProcessId)}/data`,
    transferProcessId,
  );
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
  const terminateButton = (mutation: typeof actions.terminateTransfer, id: string) => (
    <Button
      size="xs"
      variant="outline"
      color="red.9"
      disabled={!reason}
      onClick={() => mutation.mutate({ id, reason })}
    >
      {t('console.terminate')}
    </Button>
  );
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
      <ConsoleTable
        list={NEGOTIATIONS}
        query={negotiations}
        rows={negotiations.data}
        actions={(negotiation) =>
          negotiation.state !== 'FINALIZED' &&
          negotiation.state !== 'TERMINATED' &&
          terminateButton(actions.terminateNegotiation, negotiation.id)
        }
      />

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
      <ConsoleTable
        list={TRANSFERS}
        query={transfers}
        rows={transfers.data}
        actions={(transfer) => (
          <Group gap="xs">
            {transfer.state === 'STARTED' && terminateButton(actions.terminateTransfer, transfer.id)}
            {(transfer.state === 'COMPLETED' || transfer.state === 'TERMINATED') && (
              <Button size="xs" variant="default" onClick={() => actions.deprovisionTransfer.mutate(transfer.id)}>
                {t('console.deprovision')}
              </Button>
            )}
          </Group>
        )}
      />

      <Title order={3} size="h5">
        {t('console.edrs')}
      </Title>
      {downloadError && <Alert color="red">{downloadError}</Alert>}
      <ConsoleTable
        list={EDRS}
        query={edrs}
        rows={edrs.data}
        actions={(edr) => (
          <Button size="xs" onClick={() => handleDownload(edr.transferProcessId)}>
            {t('delivery.download')}
          </Button>
        )}
      />
    </Stack>
  );
}
