import { Alert, Button, Group, Loader, MultiSelect, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/error-message';
import {
  useConsoleAssets,
  useConsoleChanges,
  useConsoleContractDefinitions,
  useConsolePolicyDefinitions,
} from './use-connector-console';

/** A connector's contract definitions: the list with delete, and a form offering assets under a policy. */
export function ContractDefinitionsPanel({ connectorId }: { connectorId: string }) {
  const { t } = useTranslation();
  const definitions = useConsoleContractDefinitions(connectorId);
  const policies = useConsolePolicyDefinitions(connectorId);
  const assets = useConsoleAssets(connectorId, 0, '');
  const { createContractDefinition, deleteContractDefinition } = useConsoleChanges(connectorId);
  const [id, setId] = useState('');
  const [accessPolicyId, setAccessPolicyId] = useState<string | null>(null);
  const [contractPolicyId, setContractPolicyId] = useState<string | null>(null);
  const [assetIds, setAssetIds] = useState<string[]>([]);
  const policyOptions = (policies.data ?? []).map((policy) => policy.id);

  const handleCreate = (event: FormEvent) => {
    event.preventDefault();
    if (!accessPolicyId || !contractPolicyId) return;
    createContractDefinition.mutate(
      { id, accessPolicyId, contractPolicyId, assetIds },
      {
        onSuccess: () => {
          setId('');
          setAssetIds([]);
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      {definitions.isPending && <Loader role="status" aria-label={t('console.loading')} />}
      {definitions.isError && <Alert color="red">{errorMessage(definitions.error, t)}</Alert>}
      {deleteContractDefinition.isError && <Alert color="red">{errorMessage(deleteContractDefinition.error, t)}</Alert>}
      {definitions.data && definitions.data.length === 0 && <Text>{t('console.noContractDefinitions')}</Text>}
      {definitions.data && definitions.data.length > 0 && (
        <Table data-testid="console-contract-definitions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('console.id')}</Table.Th>
              <Table.Th>{t('console.accessPolicy')}</Table.Th>
              <Table.Th>{t('console.contractPolicy')}</Table.Th>
              <Table.Th>{t('console.assets')}</Table.Th>
              <Table.Th>{t('console.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {definitions.data.map((definition) => (
              <Table.Tr key={definition.id} data-testid="console-contract-definition">
                <Table.Td>{definition.id}</Table.Td>
                <Table.Td>{definition.accessPolicyId}</Table.Td>
                <Table.Td>{definition.contractPolicyId}</Table.Td>
                <Table.Td>{definition.assetIds?.join(', ') ?? t('console.allAssets')}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="outline"
                    color="red.9"
                    aria-label={t('console.deleteNamed', { id: definition.id })}
                    loading={deleteContractDefinition.isPending && deleteContractDefinition.variables === definition.id}
                    onClick={() => deleteContractDefinition.mutate(definition.id)}
                  >
                    {t('console.delete')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Stack
        component="form"
        gap="sm"
        onSubmit={handleCreate}
        maw={560}
        aria-labelledby="console-create-contract-definition"
      >
        <Title order={3} size="h5" id="console-create-contract-definition">
          {t('console.createContractDefinition')}
        </Title>
        <TextInput label={t('console.id')} required value={id} onChange={(event) => setId(event.currentTarget.value)} />
        <Select
          label={t('console.accessPolicy')}
          required
          data={policyOptions}
          value={accessPolicyId}
          onChange={setAccessPolicyId}
        />
        <Select
          label={t('console.contractPolicy')}
          required
          data={policyOptions}
          value={contractPolicyId}
          onChange={setContractPolicyId}
        />
        <MultiSelect
          label={t('console.assets')}
          description={t('console.assetsHint')}
          data={(assets.data?.assets ?? []).map((asset) => asset.id)}
          value={assetIds}
          onChange={setAssetIds}
          searchable
        />
        {createContractDefinition.isError && (
          <Alert color="red">{errorMessage(createContractDefinition.error, t)}</Alert>
        )}
        <Group>
          <Button type="submit" loading={createContractDefinition.isPending}>
            {t('console.create')}
          </Button>
        </Group>
      </Stack>
    </Stack>
  );
}
