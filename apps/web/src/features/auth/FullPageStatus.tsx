import { Button, Center, Loader, Stack, Text } from '@mantine/core';

export type TFullPageStatusProps = {
  /** What is happening, read out to screen readers too. */
  label: string;
  /** Shows an error instead of the spinner, with a retry button when onRetry is given. */
  isError?: boolean;
  retryLabel?: string;
  onRetry?: () => void;
};

/** A centred spinner or error while the session is being set up. */
export function FullPageStatus({ label, isError = false, retryLabel, onRetry }: TFullPageStatusProps) {
  return (
    // A waiting page is a page-status: the shell hides the footer meanwhile (app.css).
    <Center mih="60vh" p="md" className={isError ? undefined : 'page-status'}>
      <Stack align="center" gap="sm" role={isError ? 'alert' : 'status'} aria-live="polite">
        {!isError && <Loader size="md" aria-hidden />}
        <Text c={isError ? 'red.9' : 'gray.8'} ta="center" maw={480}>
          {label}
        </Text>
        {isError && onRetry && retryLabel && <Button onClick={onRetry}>{retryLabel}</Button>}
      </Stack>
    </Center>
  );
}
