import { Alert, Button, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../error-message';

/** A failed load with its reason and Retry. */
export function LoadError({
  title,
  text,
  retry,
  onRetry,
  testId = 'load-error',
}: {
  title: string;
  text: string;
  retry: string;
  onRetry: () => void;
  /** The alert's test id, for a list whose tests and journeys name its error. */
  testId?: string;
}) {
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title={title} data-testid={testId}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{text}</Text>
        <Button size="xs" color="red" onClick={onRetry}>
          {retry}
        </Button>
      </Stack>
    </Alert>
  );
}

/** Cards sketched while a list loads; `label` is announced instead of the shapes. */
export function LoadingCards({ label }: { label: string }) {
  return (
    <Stack gap="sm" role="status" aria-label={label} data-testid="loading">
      {[0, 1, 2].map((key) => (
        <Card key={key} withBorder radius="md" padding="md">
          <Skeleton height={18} width="40%" mb="sm" />
          <Skeleton height={10} mb={6} />
          <Skeleton height={10} width="70%" />
        </Card>
      ))}
    </Stack>
  );
}

/** What `ListLoadState` reads of a list's query (a TanStack Query result). */
export type TListQuery = {
  data: unknown;
  error: unknown;
  isError: boolean;
  isPending: boolean;
  refetch: () => unknown;
};

/**
 * A list's first load: its failure with the reason and Retry while nothing is loaded, the sketched cards
 * while it loads, nothing once it has data (a failed refresh keeps the list shown).
 */
export function ListLoadState({
  query,
  errorTitle,
  retry,
  loading,
}: {
  query: TListQuery;
  /** The failure's title. */
  errorTitle: string;
  /** The Retry button's text. */
  retry: string;
  /** What is announced while the list loads. */
  loading: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {query.isError && !query.data && (
        <LoadError
          title={errorTitle}
          text={errorMessage(query.error, t)}
          retry={retry}
          onRetry={() => void query.refetch()}
        />
      )}
      {query.isPending && <LoadingCards label={loading} />}
    </>
  );
}

/** An empty list: what it would hold, and a way on. */
export function EmptyState({
  icon,
  title,
  text,
  children,
  testId = 'empty-state',
}: {
  icon: ReactNode;
  title: string;
  text: string;
  children?: ReactNode;
  /** The card's test id, for a list whose tests and journeys name its empty state. */
  testId?: string;
}) {
  return (
    <Card withBorder radius="md" padding="xl" data-testid={testId}>
      <Stack align="center" gap="sm" ta="center">
        {icon}
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text c="gray.7" size="sm">
          {text}
        </Text>
        {children}
      </Stack>
    </Card>
  );
}
