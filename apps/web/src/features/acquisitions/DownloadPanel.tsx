import type { TMetadataItem } from '@dsm/contracts';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deliveryProblemOf } from './delivery-problem';
import { startDownload } from './start-download';

export type TDownloadPanelProps = {
  offer: TMetadataItem;
};

/**
 * The downloads of a purchased Direct offer: one button per endpoint, which asks the server for a short-lived
 * signed link and hands it to the browser, which saves the file as it streams in. A failure says, in the user's
 * language, what went wrong and what to do next.
 */
export function DownloadPanel({ offer }: TDownloadPanelProps) {
  const { t } = useTranslation();
  const download = useMutation({
    mutationFn: ({ position }: { position: number; title: string }) => startDownload(offer['@id'], position),
  });
  const endpoints = offer.datasets.flatMap((dataset) => dataset['dcat:distribution']);
  const problem = download.isError ? deliveryProblemOf(download.error, t) : null;

  return (
    <Stack gap="xs" data-testid="download-panel" aria-live="polite">
      {endpoints.length === 0 && (
        <Text size="sm" c="gray.7">
          {t('download.none')}
        </Text>
      )}
      {endpoints.map((endpoint, position) => {
        const title = endpoint['dcterms:title'] || `#${position + 1}`;
        const format = endpoint['dcterms:format'];
        // A title that names its format already ("Counts 2014 (ZIP)") is not told it twice.
        const label =
          format && !title.toLowerCase().includes(format.toLowerCase())
            ? t('download.endpoint', { endpoint: title, format })
            : title;
        const isPending = download.isPending && download.variables?.position === position;
        return (
          <Group key={endpoint['@id']} gap="sm" wrap="wrap" justify="space-between" data-testid="download-endpoint">
            <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0, flex: '1 1 12rem' }}>
              {label}
            </Text>
            <Button
              size="xs"
              loading={isPending}
              disabled={download.isPending && !isPending}
              aria-label={t('download.buttonFor', { endpoint: title, title: offer.title })}
              onClick={() => download.mutate({ position, title })}
            >
              {t('download.button')}
            </Button>
          </Group>
        );
      })}
      {download.isSuccess && download.variables && (
        <Text size="sm" data-testid="download-started">
          {t('download.started', { endpoint: download.variables.title })}
        </Text>
      )}
      {problem && (
        <Alert color="red" title={t('download.failedTitle')} data-testid="download-problem">
          {problem.message}
        </Alert>
      )}
    </Stack>
  );
}
