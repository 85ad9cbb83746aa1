import { MultiSelect, Select, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTRACT_DEFINITIONS } from './console-lists';
import { DeletableTable } from './DeletableTable';
import { FormSubmit } from './FormSubmit';
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
      <DeletableTable list={CONTRACT_DEFINITIONS} query={definitions} remove={deleteContractDefinition} />
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
        <FormSubmit mutation={createContractDefinition} label={t('console.create')} />
      </Stack>
    </Stack>
  );
}
