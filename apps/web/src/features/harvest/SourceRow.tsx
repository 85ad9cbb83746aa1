import type { THarvestCounts, THarvestSource } from '@dsm/contracts';
import { Badge, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAlert } from '../../shared/AlertProvider';
import { errorMessage } from '../../shared/error-message';
import { formatDateTime } from '../../shared/format/format';
import { useRunHarvestSource } from './use-harvest-sources';

/**
 * The counts a run reports to operators; duplicates stay in the run log. Identifier collisions are shown:
 * offers stored under identifiers the source never wrote are worth an operator's look.
 */
const SHOWN_COUNTS = ['created', 'updated', 'unchanged', 'removed', 'failed', 'identifierCollisions'] as const;

/** Long enough to read five numbers. */
const RUN_ALERT_MS = 10_000;

/** Shades whose white text passes AA contrast (Mantine's green 9 falls just short, teal 9 passes). */
const STATUS_COLORS: Record<string, string> = { succeeded: 'teal.9', failed: 'red.9', running: 'blue.9' };

function StatusBadge({ status }: { status: string | null }) {
  const { t } = useTranslation();
  if (status === null) return <Text size="sm">{t('harvest.notRunYet')}</Text>;
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray.8'} variant="filled" miw="max-content" data-testid="source-status">
      {t(`harvest.status.${status}`, { defaultValue: status })}
    </Badge>
  );
}

function Counts({ counts }: { counts: THarvestCounts | null }) {
  const { t } = useTranslation();
  if (counts === null) return <Text size="sm">–</Text>;
  return (
    <Stack gap={0} data-testid="source-counts">
      {SHOWN_COUNTS.map((kind) => (
        <Text key={kind} size="xs" data-count={kind}>
          {t(`harvest.counts.${kind}`, { n: counts[kind] })}
        </Text>
      ))}
    </Stack>
  );
}

export type TSourceRowProps = {
  source: THarvestSource;
  onRemove: (source: THarvestSource) => void;
};

/** One source in the table, with its own run: a long run of one source leaves the others' buttons free. */
export function SourceRow({ source, onRemove }: TSourceRowProps) {
  const { t } = useTranslation();
  const showAlert = useAlert();
  const run = useRunHarvestSource();
  const handleRun = () =>
    run.mutate(source.id, {
      onSuccess: (result) =>
        result.status === 'succeeded'
          ? showAlert(t('harvest.runSucceeded', { name: source.name, ...result.counts }), { duration: RUN_ALERT_MS })
          : showAlert(t('harvest.runFailed', { name: source.name, error: result.error ?? '' }), {
              type: 'error',
              duration: RUN_ALERT_MS,
            }),
      onError: (error) =>
        showAlert(t('harvest.runFailed', { name: source.name, error: errorMessage(error, t) }), {
          type: 'error',
          duration: RUN_ALERT_MS,
        }),
    });

  return (
    <Table.Tr data-testid="harvest-source">
      <Table.Td fw={500}>{source.name}</Table.Td>
      <Table.Td style={{ wordBreak: 'break-all' }}>{source.location}</Table.Td>
      <Table.Td>{t(`harvest.formats.${source.format}`)}</Table.Td>
      <Table.Td>{source.schedule ?? t('harvest.onDemand')}</Table.Td>
      <Table.Td>{formatDateTime(source.lastRunAt) ?? t('harvest.never')}</Table.Td>
      <Table.Td>
        <Stack gap={4} align="flex-start">
          <StatusBadge status={source.lastStatus} />
          {source.lastError && (
            <Text size="xs" c="red.9" style={{ wordBreak: 'break-word' }} data-testid="source-error">
              {source.lastError}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Counts counts={source.lastCounts} />
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            disabled={run.isPending}
            leftSection={run.isPending ? <Loader size={12} aria-hidden /> : undefined}
            aria-label={t(run.isPending ? 'harvest.runningNamed' : 'harvest.runNamed', { name: source.name })}
            onClick={handleRun}
          >
            {run.isPending ? t('harvest.running') : t('harvest.run')}
          </Button>
          <Button
            size="xs"
            variant="outline"
            color="red.9"
            aria-label={t('harvest.removeNamed', { name: source.name })}
            onClick={() => onRemove(source)}
          >
            {t('harvest.remove')}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
