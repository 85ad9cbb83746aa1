import { Alert, Badge, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/error-message';
import { useConnectorHealth } from './use-connector-console';

/** The connector's four health checks, each with its components and why one is unhealthy. */
export function HealthPanel({ connectorId }: { connectorId: string }) {
  const { t } = useTranslation();
  const health = useConnectorHealth(connectorId);
  if (health.isPending) return <Loader role="status" aria-label={t('console.loading')} />;
  if (health.isError) return <Alert color="red">{errorMessage(health.error, t)}</Alert>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {health.data.checks.map((check) => (
        <Card key={check.name} withBorder data-testid={`health-${check.name}`}>
          <Group justify="space-between">
            <Title order={3} size="h5">
              {t(`console.health.${check.name}`)}
            </Title>
            <Badge color={check.isHealthy ? 'teal.9' : 'red.9'} variant="filled">
              {check.isHealthy ? t('console.healthy') : t('console.unhealthy')}
            </Badge>
          </Group>
          <Stack gap={2} mt="xs">
            {check.error && <Text size="sm">{check.error}</Text>}
            {check.components.map((component) => (
              <Text size="sm" key={component.component}>
                {component.component || t('console.component')}:{' '}
                {component.isHealthy ? t('console.healthy') : (component.failure ?? t('console.unhealthy'))}
              </Text>
            ))}
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
