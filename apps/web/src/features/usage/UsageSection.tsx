import { Group, Stack, Text, Title } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../shared/format/format';
import { EmptyState, ListLoadState } from '../../shared/ui/QueryState';

export type TUsageSectionProps = {
  /** The heading's id, which names the section. */
  headingId: string;
  title: string;
  testId: string;
  /** The test id of the period line, where a test reads it. */
  periodTestId?: string;
  /** The usage query: its period, loading and failure. */
  query: {
    data: { period: { from: string; to: string } } | undefined;
    isError: boolean;
    isPending: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  /** True when the answer holds nothing to show. */
  isEmpty: boolean;
  emptyTitle: string;
  emptyText: string;
  /** The usage itself, shown once there is some. */
  children: ReactNode;
};

/**
 * A usage section of My Acquisitions or My sales: the heading with this month's period, the loading,
 * failure and empty states, and the usage once it is there. The buyer's and the supplier's panels
 * differ only in what they list.
 */
export function UsageSection(props: TUsageSectionProps) {
  const { t } = useTranslation();
  const { query } = props;
  const data = query.data;
  return (
    <Stack gap="md" component="section" aria-labelledby={props.headingId} data-testid={props.testId}>
      <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
        <Title order={2} size="h3" id={props.headingId}>
          {props.title}
        </Title>
        {data && (
          <Text size="sm" c="gray.7" data-testid={props.periodTestId}>
            {t('usage.period', {
              from: formatDay(data.period.from),
              to: formatDay(new Date(new Date(data.period.to).getTime() - 1).toISOString()),
            })}
          </Text>
        )}
      </Group>
      <ListLoadState
        query={query}
        errorTitle={t('usage.errorTitle')}
        retry={t('usage.retry')}
        loading={t('usage.loading')}
      />
      {data && props.isEmpty && (
        <EmptyState icon={<IconChartBar size={40} aria-hidden />} title={props.emptyTitle} text={props.emptyText} />
      )}
      {data && !props.isEmpty && props.children}
    </Stack>
  );
}
