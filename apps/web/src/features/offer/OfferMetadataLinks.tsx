import { CATALOG_FORMATS, catalogOfferPath, type TCatalogFormat } from '@dsm/contracts';
import { Anchor, Button, Code, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { type MouseEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/error-message';
import { apiCalls, downloadMetadata } from './download-metadata';

const FORMAT_LABELS: Record<TCatalogFormat, string> = { jsonld: 'JSON-LD', turtle: 'Turtle', rdfxml: 'RDF/XML' };
const FORMATS = Object.keys(CATALOG_FORMATS) as TCatalogFormat[];

/**
 * The offer's metadata as DCAT-AP in JSON-LD, Turtle and RDF/XML (each a download from
 * `/api/catalog/{id}?format=…`, paid URLs withheld as in the export), and a 'Use the API' panel with curl
 * calls to copy: this offer's metadata and the search API.
 */
export function OfferMetadataLinks({ offerId }: { offerId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [busy, setBusy] = useState<TCatalogFormat | null>(null);
  const [error, setError] = useState<string | null>(null);
  const calls = apiCalls(window.location.origin, offerId);
  const open = (format: TCatalogFormat) => async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    setBusy(format);
    setError(null);
    try {
      await downloadMetadata(offerId, format);
    } catch (failure) {
      setError(errorMessage(failure, t));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId} data-testid="offer-metadata">
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {t('offerMetadata.title')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('offerMetadata.text')}
        </Text>
        <Group gap="xs">
          {FORMATS.map((format) => (
            <Button
              key={format}
              component="a"
              href={catalogOfferPath(offerId, format)}
              onClick={open(format)}
              size="xs"
              // The default variant keeps dark text on white when hovered (the light one's hover fell below 4.5:1).
              variant="default"
              loading={busy === format}
              leftSection={<IconDownload size={14} aria-hidden />}
              aria-label={t('offerMetadata.download', { format: FORMAT_LABELS[format] })}
              data-testid={`metadata-${format}`}
            >
              {FORMAT_LABELS[format]}
            </Button>
          ))}
        </Group>
        {error && (
          <Text size="sm" c="red.8" role="alert" data-testid="metadata-error">
            {error}
          </Text>
        )}
        <Stack gap={6} component="section" aria-label={t('offerMetadata.apiTitle')}>
          <Title order={3} size="h5">
            {t('offerMetadata.apiTitle')}
          </Title>
          <Text size="xs" c="gray.7">
            {t('offerMetadata.apiText')}{' '}
            <Anchor
              href="/api/docs"
              target="_blank"
              rel="noopener noreferrer"
              size="xs"
              underline="always"
              aria-label={`${t('offerMetadata.apiDocs')} (${t('offer.newTab')})`}
            >
              {t('offerMetadata.apiDocs')}
            </Anchor>
          </Text>
          <ApiCall label={t('offerMetadata.metadataCall')} command={calls.metadata} testId="api-call-metadata" />
          <ApiCall label={t('offerMetadata.searchCall')} command={calls.search} testId="api-call-search" />
        </Stack>
      </Stack>
    </Paper>
  );
}

function ApiCall({ label, command, testId }: { label: string; command: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" fw={600}>
          {label}
        </Text>
        <CopyButton value={command}>
          {({ copied, copy }) => (
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={copy}
              leftSection={copied ? <IconCheck size={12} aria-hidden /> : <IconCopy size={12} aria-hidden />}
              aria-label={`${t('offerMetadata.copy')}: ${label}`}
            >
              {copied ? t('offer.copied') : t('offerMetadata.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Code block data-testid={testId} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 11 }}>
        {command}
      </Code>
    </Stack>
  );
}
