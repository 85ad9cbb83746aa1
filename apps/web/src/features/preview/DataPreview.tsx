import { PREVIEW_ROW_LIMIT, type TMetadataItem, type TPreview } from '@dsm/contracts';
import { Alert, Button, Group, NativeSelect, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { Suspense, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api';
import { errorMessage } from '../../shared/error-message';
import { formatDateTime } from '../../shared/format/format';
import { lazyPart } from '../../shared/lazy-part';
import { usePageSettled } from '../../shared/page-settled';
import type { TPreviewMapProps } from './PreviewMap';
import { PreviewTable } from './PreviewTable';
import { firstEndpoint, previewableEndpoints, type TPreviewableEndpoint } from './previewable-endpoints';
import { usePreview } from './use-preview';

/** The map and its library load apart from the page, and only for a GeoJSON preview. */
export const loadPreviewMap = async () => (await import('./PreviewMap')).PreviewMap;
const PreviewMap = lazyPart(loadPreviewMap, MapUnavailable);

/** When the map's code cannot be loaded: the features are still in the table below. */
function MapUnavailable(_props: TPreviewMapProps) {
  const { t } = useTranslation();
  return (
    <Alert color="gray" variant="light" data-testid="preview-map-unavailable">
      {t('preview.mapFailed')}
    </Alert>
  );
}

/** Why a preview failed, in the viewer's words, by the status the API answered. */
function failureText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return t('preview.lockedText');
    if (error.status === 404) return t('preview.error.missing');
    if (error.status === 413) return t('preview.error.tooLarge');
    if (error.status === 415) return t('preview.error.unsupported');
    if (error.status === 502) return t('preview.error.offline');
    if (error.status === 504) return t('preview.error.timeout');
  }
  return errorMessage(error, t);
}

const hasGeometry = (preview: TPreview): boolean => preview.features.some((feature) => feature.geometry !== null);

/**
 * The Preview section of the details page: an endpoint picker and the first rows of the chosen endpoint's data
 * (a table with typed columns; GeoJSON also on a map), read by the server. A paid offer's endpoints are locked
 * before purchase unless the supplier published one as a sample.
 */
export function DataPreview({ item }: { item: TMetadataItem }) {
  const { t } = useTranslation();
  const endpoints = previewableEndpoints(item);
  const [chosen, setChosen] = useState<number | null>(() => firstEndpoint(endpoints)?.index ?? null);
  const endpoint = endpoints.find((candidate) => candidate.index === chosen) ?? firstEndpoint(endpoints);
  // The preview is read once the page has shown the offer: its call and its table of up to 100 rows never
  // compete with the offer itself on a slow phone.
  const isSettled = usePageSettled();
  const preview = usePreview(
    item['@id'],
    endpoint?.index ?? null,
    isSettled && endpoint !== undefined && !endpoint.isLocked,
  );
  // Its 100 rows are drawn in a deferred render React slices, not in the store update that brings them.
  const rows = useDeferredValue(preview.data);

  return (
    <Stack
      gap="sm"
      component="section"
      aria-labelledby="preview-title"
      mt="xl"
      className="details-below-fold"
      data-testid="preview"
    >
      <Title order={2} size="h3" id="preview-title">
        {t('preview.title')}
      </Title>
      {endpoints.length === 0 || !endpoint ? (
        <Text size="sm" c="gray.7" data-testid="preview-none">
          {t('preview.noneText')}
        </Text>
      ) : (
        <>
          <Text size="sm" c="gray.7">
            {t('preview.intro', { count: PREVIEW_ROW_LIMIT })}
          </Text>
          {endpoints.length > 1 && (
            <NativeSelect
              label={t('preview.endpoint')}
              value={String(endpoint.index)}
              onChange={(event) => setChosen(Number(event.currentTarget.value))}
              data={endpoints.map((candidate) => ({
                value: String(candidate.index),
                label: optionLabel(candidate, t),
              }))}
              maw={480}
              data-testid="preview-endpoint"
            />
          )}
          {endpoint.isLocked ? (
            <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />} data-testid="preview-locked">
              {t('preview.lockedText')}
            </Alert>
          ) : rows ? (
            <PreviewBody preview={rows} name={endpoint.name} />
          ) : preview.isError ? (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              title={t('preview.errorTitle')}
              data-testid="preview-error"
            >
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{failureText(preview.error, t)}</Text>
                <Button size="xs" variant="light" color="red" onClick={() => void preview.refetch()}>
                  {t('preview.retry')}
                </Button>
              </Stack>
            </Alert>
          ) : (
            <Stack gap="xs" role="status" aria-busy aria-label={t('preview.loading')} data-testid="preview-loading">
              <Skeleton height={28} />
              <Skeleton height={20} />
              <Skeleton height={20} />
              <Skeleton height={20} />
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}

function optionLabel(endpoint: TPreviewableEndpoint, t: TFunction): string {
  const notes = [
    endpoint.format,
    endpoint.isSample ? t('preview.sample') : null,
    endpoint.isLocked ? t('preview.locked') : null,
  ];
  return `${endpoint.name} (${notes.filter(Boolean).join(', ')})`;
}

function PreviewBody({ preview, name }: { preview: TPreview; name: string }) {
  const { t } = useTranslation();
  const shown = preview.kind === 'geojson' ? preview.features.length : preview.rows.length;
  if (shown === 0) {
    return (
      <Text size="sm" c="gray.7" data-testid="preview-empty">
        {t('preview.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Group gap="md" justify="space-between">
        <Text size="sm" data-testid="preview-summary">
          {preview.truncated
            ? t('preview.firstRows', { count: shown })
            : preview.kind === 'geojson'
              ? t('preview.features', { count: shown })
              : t('preview.rows', { count: shown })}
        </Text>
        <Text size="xs" c="gray.7">
          {t('preview.fetchedAt', { date: formatDateTime(preview.fetchedAt) })}
        </Text>
      </Group>
      {preview.kind === 'geojson' &&
        (hasGeometry(preview) ? (
          <Suspense
            fallback={
              <Skeleton height={320} aria-busy aria-label={t('preview.mapLoading')} data-testid="preview-map-loading" />
            }
          >
            <PreviewMap features={preview.features} label={t('preview.map')} />
          </Suspense>
        ) : (
          <Text size="sm" c="gray.7">
            {t('preview.noGeometry')}
          </Text>
        ))}
      {preview.columns.length > 0 && <PreviewTable preview={preview} name={name} />}
    </Stack>
  );
}
