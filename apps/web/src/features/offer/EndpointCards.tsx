import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EndpointActions, EndpointLink } from './EndpointParts';
import { EndpointStatus } from './EndpointStatus';
import type { TEndpointsTableProps } from './EndpointsTable';

/**
 * The endpoints on a phone: one card each, with the same facts and actions as a table row, so the
 * status and the actions are on screen without scrolling sideways.
 */
export function EndpointCards({ rows, onShowLink }: TEndpointsTableProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="endpoint-cards">
      {rows.map((row) => (
        <Card key={row.id} component="li" withBorder radius="md" padding="sm" data-testid="endpoint-card">
          <Stack gap={6}>
            <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
              {row.name}
            </Title>
            <EndpointStatus check={row.check} />
            <Stack gap={4} component="dl" m={0}>
              <Fact label={t('offer.column.type')}>{row.type ?? t('offer.notAvailable')}</Fact>
              <Fact label={t('offer.column.licence')}>{row.licence}</Fact>
              <Fact label={t('offer.column.link')}>
                <EndpointLink row={row} />
              </Fact>
            </Stack>
            <EndpointActions row={row} onShowLink={onShowLink} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text component="dt" size="xs" fw={600} c="gray.7">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ minWidth: 0 }}>
        {children}
      </Text>
    </div>
  );
}
