import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { type ReactNode, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from './api';
import { errorMessage } from './error-message';
import { LoadError } from './ui/QueryState';

/** What the frame reads of the page's query (TanStack Query's result fits). */
export type TDetailsQuery<TData> = {
  data: TData | undefined;
  isError: boolean;
  error: unknown;
  refetch(): unknown;
};

export type TDetailsPageFrameProps<TData> = {
  query: TDetailsQuery<TData>;
  /** Missing whatever the server says, such as an address that cannot name anything. */
  isMissing?: boolean;
  /** Prefix of the states' test ids: `${testId}-loading`, `-error` and `-not-found`. */
  testId: string;
  texts: { loading: string; errorTitle: string; notFoundTitle: string; notFoundText: string };
  /** Where the not-found page leads on to. */
  notFoundActions: ReactNode;
  /** The page's shape while it loads (Skeletons). */
  skeleton: ReactNode;
  children(data: TData): ReactNode;
};

/** True when the server answered that there is no such thing (404), or that the address names none (400). */
export const isMissingAnswer = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * A page about one thing loaded by its id (an offer, a publisher): Back, then the thing, or while it
 * loads its skeleton, or a not-found page, or the error with Retry.
 */
export function DetailsPageFrame<TData>(props: TDetailsPageFrameProps<TData>) {
  const { query, texts, testId } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // A link opened directly has no page of this app to go back to; home is the next best.
  const goBack = () => (location.key === 'default' ? navigate('/') : navigate(-1));
  // The answer comes through a synchronous store update, which React renders in one task that blocks
  // input; deferred, that update keeps the skeleton and the page is drawn right after, in slices.
  const data = useDeferredValue(query.data);
  let content: ReactNode;
  if (props.isMissing || isMissingAnswer(query.error)) {
    content = (
      <Stack gap="md" align="flex-start" data-testid={`${testId}-not-found`}>
        <Title order={1}>{texts.notFoundTitle}</Title>
        <Text>{texts.notFoundText}</Text>
        {props.notFoundActions}
      </Stack>
    );
  } else if (data !== undefined) {
    content = props.children(data);
  } else if (query.isError && query.data === undefined) {
    content = (
      <LoadError
        title={texts.errorTitle}
        text={errorMessage(query.error, t)}
        retry={t('offer.retry')}
        onRetry={() => void query.refetch()}
        testId={`${testId}-error`}
      />
    );
  } else {
    content = (
      // page-status: the shell keeps the footer away until the page is in (app.css), so it does not jump down.
      <Stack
        gap="md"
        role="status"
        aria-busy
        aria-label={texts.loading}
        data-testid={`${testId}-loading`}
        className="page-status"
      >
        {props.skeleton}
      </Stack>
    );
  }
  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <Group>
          <Button variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={goBack}>
            {t('offer.back')}
          </Button>
        </Group>
        {content}
      </Stack>
    </Container>
  );
}
