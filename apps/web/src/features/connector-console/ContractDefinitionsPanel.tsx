import { Alert, Button, Group, MultiSelect, Select, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/error-message';
import { ConsoleTable } from './ConsoleTable';
import { DeleteRowButton } from './DeleteRowButton';
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
      <ConsoleTable
        query={definitions}
        failures={[deleteContractDefinition]}
        empty={t('console.noContractDefinitions')}
        testId="console-contract-definitions"
        rowTestId="console-contract-definition"
        label={t('console.tabContractDefinitions')}
        rows={definitions.data}
        rowKey={(definition) => definition.id}
        title={{ label: t('console.id'), cell: (definition) => definition.id }}
        columns={[
          { label: t('console.accessPolicy'), cell: (definition) => definition.accessPolicyId },
          { label: t('console.contractPolicy'), cell: (definition) => definition.contractPolicyId },
          {
            label: t('console.assets'),
            cell: (definition) => definition.assetIds?.join(', ') ?? t('console.allAssets'),
          },
        ]}
        actions={{
          label: t('console.actions'),
          cell: (definition) => <DeleteRowButton id={definition.id} mutation={deleteContractDefinition} />,
        }}
      />
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
        {[
          { label: t('console.accessPolicy'), value: accessPolicyId, onChange: setAccessPolicyId },
          { label: t('console.contractPolicy'), value: contractPolicyId, onChange: setContractPolicyId },
        ].map((policy) => (
          <Select key={policy.label} required data={policyOptions} {...policy} />
        ))}
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
