import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/error-message';
import { ResponsiveTable } from '../../shared/ResponsiveTable';
import { CounterPartyInputs, useCounterParty } from './CounterPartyInputs';
import { useConsoleDataspace } from './use-console-dataspace';

/** Another participant's catalog, asked for by this connector over DSP, with a 'Negotiate' action per offer. */
export function CatalogPanel({ connectorId }: { connectorId: string }) {
  const { t } = useTranslation();
  const { requestCatalog, startNegotiation } = useConsoleDataspace(connectorId);
  const counterPartyInput = useCounterParty();
  const counterParty = counterPartyInput.fields;

  const handleRequest = (event: FormEvent) => {
    event.preventDefault();
    requestCatalog.mutate(counterParty);
  };

  return (
    <Stack gap="lg">
      <Stack component="form" gap="sm" maw={560} onSubmit={handleRequest} aria-label={t('console.requestCatalog')}>
        <CounterPartyInputs counterParty={counterPartyInput} />
        <Group>
          <Button type="submit" loading={requestCatalog.isPending}>
            {t('console.requestCatalog')}
          </Button>
        </Group>
      </Stack>
      {requestCatalog.isError && <Alert color="red">{errorMessage(requestCatalog.error, t)}</Alert>}
      {startNegotiation.isError && <Alert color="red">{errorMessage(startNegotiation.error, t)}</Alert>}
      {startNegotiation.isSuccess && (
        <Alert color="blue">{t('console.negotiationStarted', { id: startNegotiation.data.id })}</Alert>
      )}
      {requestCatalog.data && requestCatalog.data.datasets.length === 0 && <Text>{t('console.noDatasets')}</Text>}
      {requestCatalog.data && requestCatalog.data.datasets.length > 0 && (
        <ResponsiveTable
          testId="console-catalog"
          label={t('console.tabCatalog')}
          rows={requestCatalog.data.datasets.flatMap((dataset) => dataset.offers.map((offer) => ({ dataset, offer })))}
          rowKey={({ offer }) => offer.id}
          title={{ label: t('console.dataset'), cell: ({ dataset }) => dataset.name ?? dataset.id }}
          columns={[
            { label: t('console.offer'), cell: ({ offer }) => offer.id },
            {
              label: t('console.permittedActions'),
              cell: ({ offer }) => `${offer.permittedActions.join(', ')} (${offer.constraintCount})`,
            },
          ]}
          actions={{
            label: t('console.actions'),
            cell: ({ dataset, offer }) => (
              <Button
                size="xs"
                aria-label={t('console.negotiateNamed', { id: dataset.id })}
                onClick={() => startNegotiation.mutate({ ...counterParty, datasetId: dataset.id, offerId: offer.id })}
              >
                {t('console.negotiate')}
              </Button>
            ),
          }}
        />
      )}
    </Stack>
  );
}
