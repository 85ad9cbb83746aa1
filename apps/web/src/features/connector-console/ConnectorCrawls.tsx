import type { TCrawlRun, TRegisteredConnector } from '@dsm/contracts';
import { Alert, Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/error-message';
import { formatDateTime } from '../../shared/format/format';
import { ResponsiveTable } from '../../shared/ResponsiveTable';
import { useCrawlNow, useCrawlRuns } from './use-crawls';

const STATUS_COLOURS = { running: 'blue', succeeded: 'green', failed: 'red' } as const;

/** Failures shown per run; the API keeps the first hundred. */
const SHOWN_FAILURES = 3;

/** Why a run failed, or which datasets failed and why. */
function RunReason({ run }: { run: TCrawlRun }) {
  const { t } = useTranslation();
  if (run.error) return <Text size="sm">{run.error}</Text>;
  if (run.failures.length === 0) return <Text size="sm">{t('crawl.noProblems')}</Text>;
  return (
    <Stack gap={2}>
      {run.failures.slice(0, SHOWN_FAILURES).map((failure) => (
        <Text size="sm" key={failure.datasetId}>
          {failure.datasetId}: {failure.reason}
        </Text>
      ))}
      {run.failures.length > SHOWN_FAILURES && (
        <Text size="sm">{t('crawl.moreFailures', { count: run.failures.length - SHOWN_FAILURES })}</Text>
      )}
    </Stack>
  );
}

/** One connector's crawls: 'Crawl now' and its last runs with their counts (a card each on phones). */
export function ConnectorCrawls({ connector }: { connector: TRegisteredConnector }) {
  const { t } = useTranslation();
  const runs = useCrawlRuns(connector.id);
  const crawl = useCrawlNow(connector.id);
  const headingId = `crawls-${connector.id}`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId} data-testid="connector-crawls">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={3} size="h5" id={headingId} style={{ overflowWrap: 'anywhere' }}>
          {t('crawl.ofConnector', { name: connector.name })}
        </Title>
        <Button
          size="xs"
          variant="light"
          loading={crawl.isPending}
          aria-label={t('crawl.crawlNowNamed', { name: connector.name })}
          onClick={() => crawl.mutate()}
        >
          {t('crawl.crawlNow')}
        </Button>
      </Group>
      {crawl.isError && <Alert color="red">{errorMessage(crawl.error, t)}</Alert>}
      {runs.isPending && <Loader size="sm" role="status" aria-label={t('console.loading')} />}
      {runs.isError && <Alert color="red">{errorMessage(runs.error, t)}</Alert>}
      {runs.data?.length === 0 && <Text size="sm">{t('crawl.noRuns')}</Text>}
      {runs.data && runs.data.length > 0 && (
        <ResponsiveTable
          testId="crawl-runs"
          rowTestId="crawl-run"
          label={t('crawl.ofConnector', { name: connector.name })}
          rows={runs.data}
          rowKey={(run) => run.id}
          title={{ label: t('crawl.startedAt'), cell: (run) => formatDateTime(run.startedAt) }}
          columns={[
            {
              label: t('crawl.status'),
              cell: (run) => (
                <Badge color={STATUS_COLOURS[run.status]} variant="light">
                  {t(`crawl.statuses.${run.status}`)}
                </Badge>
              ),
            },
            { label: t('crawl.added'), cell: (run) => run.counts.added },
            { label: t('crawl.updated'), cell: (run) => run.counts.updated },
            { label: t('crawl.removed'), cell: (run) => run.counts.removed },
            { label: t('crawl.failed'), cell: (run) => run.counts.failed },
            { label: t('crawl.reason'), cell: (run) => <RunReason run={run} /> },
          ]}
        />
      )}
    </Stack>
  );
}
