import type { THarvestSource } from '@dsm/contracts';
import { Button, Container, Group, Stack, Table, Title } from '@mantine/core';
import { IconCloudDownload, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/error-message';
import { EmptyState, LoadError, LoadingCards } from '../../shared/ui/QueryState';
import { TableHead } from '../../shared/ui/TableHead';
import { AddSourceModal } from './AddSourceModal';
import { RemoveSourceModal } from './RemoveSourceModal';
import { SourceRow } from './SourceRow';
import { useHarvestSources } from './use-harvest-sources';

/** Wide enough for every column; narrower screens scroll the table sideways, not the page. */
const TABLE_MIN_WIDTH = 1000;

function SourcesTable({
  sources,
  onRemove,
}: {
  sources: THarvestSource[];
  onRemove: (source: THarvestSource) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={TABLE_MIN_WIDTH}>
      <Table verticalSpacing="sm" data-testid="harvest-sources">
        <TableHead
          columns={[
            t('harvest.name'),
            t('harvest.location'),
            t('harvest.format'),
            t('harvest.schedule'),
            t('harvest.lastRun'),
            t('harvest.statusHeading'),
            t('harvest.countsHeading'),
            t('harvest.actions'),
          ]}
        />
        <Table.Tbody>
          {sources.map((source) => (
            <SourceRow key={source.id} source={source} onRemove={onRemove} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The harvest page (/harvest) for operators: the catalogues harvested into the marketplace with
 * their last run, running one now, adding and removing sources.
 */
export function HarvestPage() {
  const { t } = useTranslation();
  const sources = useHarvestSources();
  const [isAdding, setIsAdding] = useState(false);
  const [removing, setRemoving] = useState<THarvestSource | null>(null);

  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="center">
          <Title order={1}>{t('harvest.title')}</Title>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setIsAdding(true)}>
            {t('harvest.addSource')}
          </Button>
        </Group>
        {sources.isPending && <LoadingCards label={t('harvest.loading')} />}
        {sources.isError && (
          <LoadError
            title={t('harvest.loadFailed')}
            text={errorMessage(sources.error, t)}
            retry={t('harvest.retry')}
            onRetry={() => void sources.refetch()}
          />
        )}
        {sources.data?.length === 0 && (
          <EmptyState
            icon={<IconCloudDownload size={40} aria-hidden />}
            title={t('harvest.emptyTitle')}
            text={t('harvest.emptyText')}
          />
        )}
        {sources.data && sources.data.length > 0 && <SourcesTable sources={sources.data} onRemove={setRemoving} />}
      </Stack>
      <AddSourceModal isOpen={isAdding} onClose={() => setIsAdding(false)} />
      <RemoveSourceModal source={removing} onClose={() => setRemoving(null)} />
    </Container>
  );
}
