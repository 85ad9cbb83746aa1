import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../shared/FactCards';
import { EndpointCards } from './EndpointCards';
import { EndpointActions, EndpointLink } from './EndpointParts';
import { EndpointStatus } from './EndpointStatus';
import type { TEndpointsTableProps } from './endpoint-rows';

/**
 * The Endpoints table: name, type, licence, status, link and licence URL of each distribution,
 * with the row actions 'Show link' and 'Go to license' (a new tab). On a phone, one card per endpoint. A
 * paid offer's link is withheld from those who have not bought it: the Link column says buying gives
 * access, and 'Show link' explains it.
 */
export function EndpointsTable({ rows, onShowLink }: TEndpointsTableProps) {
  const { t } = useTranslation();
  // Below the sm breakpoint the seven columns do not fit: the endpoints become cards.
  const isPhone = useIsPhone();
  if (rows.length === 0) {
    return (
      <Text c="gray.7" data-testid="endpoints-empty">
        {t('offer.noEndpoints')}
      </Text>
    );
  }
  if (isPhone) return <EndpointCards rows={rows} onShowLink={onShowLink} />;
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
                <EndpointLink row={row} />
              </Table.Td>
              <Table.Td maw={220}>
                <Text size="sm" truncate="end" title={row.licenceUrl ?? undefined}>
                  {row.licenceUrl ?? t('offer.notAvailable')}
                </Text>
              </Table.Td>
              <Table.Td>
                <EndpointActions row={row} onShowLink={onShowLink} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
