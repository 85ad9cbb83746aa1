import { Button, Group, Table, Text } from '@mantine/core';
import { IconExternalLink, IconLink, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EndpointStatus } from './EndpointStatus';
import type { TEndpointRow } from './endpoint-rows';

export type TEndpointsTableProps = {
  rows: readonly TEndpointRow[];
  onShowLink: (row: TEndpointRow) => void;
};

/**
 * The Endpoints table: name, type, licence, status, link and licence URL of each distribution,
 * with the row actions 'Show link' and 'Go to license' (a new tab). Scrolls sideways on phones. A
 * paid offer's link is withheld from those who have not bought it: the Link column says buying gives
 * access, and 'Show link' explains it.
 */
export function EndpointsTable({ rows, onShowLink }: TEndpointsTableProps) {
  const { t } = useTranslation();
  if (rows.length === 0) {
    return (
      <Text c="gray.7" data-testid="endpoints-empty">
        {t('offer.noEndpoints')}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table verticalSpacing="sm" striped data-testid="endpoints-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('offer.column.name')}</Table.Th>
            <Table.Th scope="col">{t('offer.column.type')}</Table.Th>
            <Table.Th scope="col">{t('offer.column.licence')}</Table.Th>
            <Table.Th scope="col">{t('offer.column.status')}</Table.Th>
            <Table.Th scope="col">{t('offer.column.link')}</Table.Th>
            <Table.Th scope="col">{t('offer.column.licenceUrl')}</Table.Th>
            <Table.Th scope="col">{t('offer.column.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid="endpoint-row">
              <Table.Th scope="row" fw={500}>
                {row.name}
              </Table.Th>
              <Table.Td>{row.type ?? t('offer.notAvailable')}</Table.Td>
              <Table.Td>{row.licence}</Table.Td>
              <Table.Td miw={170}>
                <EndpointStatus check={row.check} />
              </Table.Td>
              <Table.Td maw={280}>
                {row.isAccessRestricted ? (
                  <Group gap={6} wrap="nowrap" data-testid="endpoint-link-restricted">
                    <IconLock size={14} aria-hidden />
                    <Text size="sm">{t('offer.restrictedLink')}</Text>
                  </Group>
                ) : row.link ? (
                  // Long URLs are cut to one line; 'Show link' shows the whole of it.
                  <Text size="sm" truncate="end" title={row.link} data-testid="endpoint-link">
                    {row.link}
                  </Text>
                ) : (
                  <Text size="sm" c="red.8" data-testid="endpoint-link-missing">
                    {t('offer.brokenLink')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td maw={220}>
                <Text size="sm" truncate="end" title={row.licenceUrl ?? undefined}>
                  {row.licenceUrl ?? t('offer.notAvailable')}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
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
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
