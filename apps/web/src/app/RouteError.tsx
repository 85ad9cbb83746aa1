import { Alert, Button, Container, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';

/** Shown instead of a blank page when a page fails to render. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  // The detail helps a support request; the page itself stays in the user's language.
  console.error(error);
  return (
    <Container size="sm" py="xl">
      <Alert color="red" title={t('errors.pageTitle')} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('errors.pageText')}</Text>
          <Button component={Link} to="/" size="xs" reloadDocument>
            {t('notFound.home')}
          </Button>
        </Stack>
      </Alert>
    </Container>
  );
}
