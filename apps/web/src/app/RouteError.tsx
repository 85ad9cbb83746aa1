import { Alert, Button, Container, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** Shown instead of a blank page when a page fails to render. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  return (
    <Container size="sm" py="xl">
      <Alert color="red" title={t('results.errorTitle')} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{error instanceof Error ? error.message : String(error)}</Text>
          <Button size="xs" onClick={() => window.location.assign('/')}>
            {t('notFound.home')}
          </Button>
        </Stack>
      </Alert>
    </Container>
  );
}
