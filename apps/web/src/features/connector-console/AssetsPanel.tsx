import type { TConsoleAsset, TConsoleAssetCreateRequest } from '@dsm/contracts';
import { Button, Group, Pagination, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsoleTable } from './ConsoleTable';
import { ASSETS } from './console-lists';
import { DeleteRowButton } from './DeleteRowButton';
import { FormSubmit } from './FormSubmit';
import { CONSOLE_PAGE_SIZE, useConsoleAssets, useConsoleChanges } from './use-connector-console';

const EMPTY_ASSET = { id: '', name: '', contentType: '', baseUrl: '' };

/** A connector's assets: a filtered, paged list with edit and delete, and a form for one with an HttpData address. */
export function AssetsPanel({ connectorId }: { connectorId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [filter, setFilter] = useState('');
  const [form, setForm] = useState(EMPTY_ASSET);
  const [editingId, setEditingId] = useState<string | null>(null);
  const assets = useConsoleAssets(connectorId, page, filter);
  const { createAsset, updateAsset, deleteAsset } = useConsoleChanges(connectorId);
  const save = editingId ? updateAsset : createAsset;

  const handleSave = (event: FormEvent) => {
    event.preventDefault();
    const body: TConsoleAssetCreateRequest = { id: editingId ?? form.id, name: form.name, baseUrl: form.baseUrl };
    if (form.contentType) body.contentType = form.contentType;
    const reset = () => {
      setForm(EMPTY_ASSET);
      setEditingId(null);
    };
    if (editingId) updateAsset.mutate(body, { onSuccess: reset });
    else createAsset.mutate(body, { onSuccess: reset });
  };
  const handleEdit = (asset: TConsoleAsset) => {
    setEditingId(asset.id);
    setForm({
      id: asset.id,
      name: asset.name ?? '',
      contentType: asset.contentType ?? '',
      baseUrl: asset.baseUrl ?? '',
    });
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
      <ConsoleTable
        list={ASSETS}
        query={assets}
        failures={[deleteAsset]}
        rows={assets.data?.assets}
        actions={(asset) => (
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              aria-label={t('console.editNamed', { id: asset.id })}
              onClick={() => handleEdit(asset)}
            >
              {t('console.edit')}
            </Button>
            <DeleteRowButton id={asset.id} mutation={deleteAsset} />
          </Group>
        )}
      />
      {pageCount > 1 && (
        <Pagination
          total={pageCount}
          value={page + 1}
          onChange={(value) => setPage(value - 1)}
          aria-label={t('console.pages', { size: CONSOLE_PAGE_SIZE })}
        />
      )}
      <Stack component="form" gap="sm" onSubmit={handleSave} maw={560} aria-labelledby="console-create-asset">
        <Title order={3} size="h5" id="console-create-asset">
          {editingId ? t('console.editAsset', { id: editingId }) : t('console.createAsset')}
        </Title>
        <TextInput label={t('console.id')} required disabled={editingId !== null} {...field('id')} />
        <TextInput label={t('console.name')} required {...field('name')} />
        <TextInput label={t('console.contentType')} {...field('contentType')} />
        <TextInput label={t('console.baseUrl')} required type="url" {...field('baseUrl')} />
        <FormSubmit mutation={save} label={editingId ? t('console.save') : t('console.create')}>
          {editingId && (
            <Button
              variant="default"
              onClick={() => {
                setEditingId(null);
                setForm(EMPTY_ASSET);
              }}
            >
              {t('console.cancel')}
            </Button>
          )}
        </FormSubmit>
      </Stack>
    </Stack>
  );
}
