import { Button, Group, Text } from '@mantine/core';
import { IconExternalLink, IconLink, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TEndpointRow } from './endpoint-rows';

/** An endpoint's link: withheld until bought, cut to one line (with 'Show link' for the whole), or missing. */
export function EndpointLink({ row }: { row: TEndpointRow }) {
  const { t } = useTranslation();
  if (row.isAccessRestricted) {
    return (
      <Group gap={6} wrap="nowrap" data-testid="endpoint-link-restricted">
        <IconLock size={14} aria-hidden />
        <Text size="sm">{t('offer.restrictedLink')}</Text>
      </Group>
    );
  }
  if (row.link) {
    return (
      <Text size="sm" truncate="end" title={row.link} data-testid="endpoint-link">
        {row.link}
      </Text>
    );
  }
  return (
    <Text size="sm" c="red.8" data-testid="endpoint-link-missing">
      {t('offer.brokenLink')}
    </Text>
  );
}

export type TEndpointActionsProps = { row: TEndpointRow; onShowLink: (row: TEndpointRow) => void };

/** 'Show link' and 'Go to license' (a new tab; disabled when the licence has no URL), named by the endpoint. */
export function EndpointActions({ row, onShowLink }: TEndpointActionsProps) {
  const { t } = useTranslation();
  // The two buttons stack where the column is narrow, instead of pushing the table past its frame.
  return (
    <Group gap="xs">
      <Button
        size="xs"
        variant="light"
        leftSection={<IconLink size={14} aria-hidden />}
        onClick={() => onShowLink(row)}
        aria-label={`${t('offer.showLink')}: ${row.name}`}
      >
        {t('offer.showLink')}
      </Button>
      {row.licenceUrl ? (
        <Button
          size="xs"
          variant="subtle"
          component="a"
          href={row.licenceUrl}
          target="_blank"
          rel="noopener noreferrer"
          leftSection={<IconExternalLink size={14} aria-hidden />}
          aria-label={`${t('offer.goToLicense')}: ${row.name} (${t('offer.newTab')})`}
        >
          {t('offer.goToLicense')}
        </Button>
      ) : (
        <Button size="xs" variant="subtle" disabled aria-label={`${t('offer.goToLicense')}: ${row.name}`}>
          {t('offer.goToLicense')}
        </Button>
      )}
    </Group>
  );
}
