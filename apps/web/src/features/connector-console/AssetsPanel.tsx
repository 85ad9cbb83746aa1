import type { TConsoleAssetCreateRequest } from '@dsm/contracts';
import { Alert, Button, Group, Loader, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/error-message';
import { CONSOLE_PAGE_SIZE, useConsoleAssets, useConsoleChanges } from './use-connector-console';

const EMPTY_ASSET = { id: '', name: '', contentType: '', baseUrl: '' };

/** A connector's assets: a filtered, paged list with delete, and a form that creates one with an HttpData address. */
export function AssetsPanel({ connectorId }: { connectorId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [filter, setFilter] = useState('');
  const [form, setForm] = useState(EMPTY_ASSET);
  const assets = useConsoleAssets(connectorId, page, filter);
  const { createAsset, deleteAsset } = useConsoleChanges(connectorId);

  const handleCreate = (event: FormEvent) => {
    event.preventDefault();
    const body: TConsoleAssetCreateRequest = { id: form.id, name: form.name, baseUrl: form.baseUrl };
    if (form.contentType) body.contentType = form.contentType;
    createAsset.mutate(body, { onSuccess: () => setForm(EMPTY_ASSET) });
  };
  const field = (name: keyof typeof EMPTY_ASSET) => ({
    value: form[name],
    onChange: (event: FormEvent<HTMLInputElement>) => setForm({ ...form, [name]: event.currentTarget.value }),
  });
  const pageCount = assets.data ? page + (assets.data.hasMore ? 2 : 1) : 1;

  return (
    <Stack gap="lg">
      <TextInput
        label={t('console.filterById')}
        value={filter}
        onChange={(event) => {
          setFilter(event.currentTarget.value);
          setPage(0);
        }}
        maw={360}
      />
      {assets.isPending && <Loader aria-label={t('console.loading')} />}
      {assets.isError && <Alert color="red">{errorMessage(assets.error, t)}</Alert>}
      {deleteAsset.isError && <Alert color="red">{errorMessage(deleteAsset.error, t)}</Alert>}
      {assets.data && assets.data.assets.length === 0 && <Text>{t('console.noAssets')}</Text>}
      {assets.data && assets.data.assets.length > 0 && (
        <Table data-testid="console-assets">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('console.id')}</Table.Th>
              <Table.Th>{t('console.name')}</Table.Th>
              <Table.Th>{t('console.baseUrl')}</Table.Th>
              <Table.Th>{t('console.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {assets.data.assets.map((asset) => (
              <Table.Tr key={asset.id} data-testid="console-asset">
                <Table.Td>{asset.id}</Table.Td>
                <Table.Td>{asset.name ?? ''}</Table.Td>
                <Table.Td>{asset.baseUrl ?? asset.dataAddressType}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="outline"
                    color="red.9"
                    aria-label={t('console.deleteNamed', { id: asset.id })}
                    loading={deleteAsset.isPending && deleteAsset.variables === asset.id}
                    onClick={() => deleteAsset.mutate(asset.id)}
                  >
                    {t('console.delete')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {pageCount > 1 && (
        <Pagination
          total={pageCount}
          value={page + 1}
          onChange={(value) => setPage(value - 1)}
          aria-label={t('console.pages', { size: CONSOLE_PAGE_SIZE })}
        />
      )}
      <Stack component="form" gap="sm" onSubmit={handleCreate} maw={560} aria-labelledby="console-create-asset">
        <Title order={3} size="h5" id="console-create-asset">
          {t('console.createAsset')}
        </Title>
        <TextInput label={t('console.id')} required {...field('id')} />
        <TextInput label={t('console.name')} required {...field('name')} />
        <TextInput label={t('console.contentType')} {...field('contentType')} />
        <TextInput label={t('console.baseUrl')} required type="url" {...field('baseUrl')} />
        {createAsset.isError && <Alert color="red">{errorMessage(createAsset.error, t)}</Alert>}
        <Group>
          <Button type="submit" loading={createAsset.isPending}>
            {t('console.create')}
          </Button>
        </Group>
      </Stack>
    </Stack>
  );
}
