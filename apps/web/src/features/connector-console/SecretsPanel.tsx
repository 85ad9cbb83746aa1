import { Alert, Button, Group, PasswordInput, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/error-message';
import { useConsoleDataspace } from './use-console-dataspace';

/** Stores, replaces and deletes secrets in the connector's vault; a value is typed in and never shown back. */
export function SecretsPanel({ connectorId }: { connectorId: string }) {
  const { t } = useTranslation();
  const { saveSecret, deleteSecret } = useConsoleDataspace(connectorId);
  const [mode, setMode] = useState<'create' | 'update'>('create');
  const [id, setId] = useState('');
  const [value, setValue] = useState('');
  const [done, setDone] = useState<string | null>(null);

  const handleSave = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    saveSecret.mutate(
      { id, value, isNew: mode === 'create' },
      {
        onSuccess: () => {
          setValue('');
          setDone(t('console.secretSaved', { id }));
        },
      },
    );
  };
  const handleDelete = () => {
    setDone(null);
    deleteSecret.mutate(id, { onSuccess: () => setDone(t('console.secretDeleted', { id })) });
  };

  return (
    <Stack component="form" gap="sm" maw={560} onSubmit={handleSave} aria-label={t('console.tabSecrets')}>
      <SegmentedControl
        value={mode}
        onChange={(next) => setMode(next as 'create' | 'update')}
        data={[
          { value: 'create', label: t('console.secretCreate') },
          { value: 'update', label: t('console.secretUpdate') },
        ]}
      />
      <TextInput label={t('console.id')} required value={id} onChange={(event) => setId(event.currentTarget.value)} />
      <PasswordInput
        label={t('console.secretValue')}
        required
        autoComplete="off"
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
      />
      {saveSecret.isError && <Alert color="red">{errorMessage(saveSecret.error, t)}</Alert>}
      {deleteSecret.isError && <Alert color="red">{errorMessage(deleteSecret.error, t)}</Alert>}
      {done && <Alert color="blue">{done}</Alert>}
      <Group>
        <Button type="submit" loading={saveSecret.isPending}>
          {mode === 'create' ? t('console.secretCreate') : t('console.secretUpdate')}
        </Button>
        <Button variant="outline" color="red.9" disabled={!id} loading={deleteSecret.isPending} onClick={handleDelete}>
          {t('console.delete')}
        </Button>
      </Group>
    </Stack>
  );
}
