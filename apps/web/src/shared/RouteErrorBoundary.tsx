import { Alert, Button, Container, Group, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useLocation, useNavigate, useRouteError } from 'react-router';

/**
 * True for the error a browser raises when a page's script or style file is gone: the tab was
 * opened before a new version was deployed, and the old file names no longer exist. Chromium,
 * Firefox and Safari each word it differently; Vite adds its own for styles.
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return /failed to fetch dynamically imported module|error loading dynamically imported module|importing a module script failed|unable to preload css|loading (css )?chunk .* failed/i.test(
    message,
  );
}

/**
 * What a page shows when it fails to render, in place of that page only: the shell (header, menus,
 * footer) stays usable. Retry renders the page again; a page whose code could not be loaded (a
 * stale deploy) offers a reload instead, since the browser keeps the failed import. Leaving for
 * another address clears it, as the router resets the boundary on every navigation.
 */
export function RouteErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const isStale = isChunkLoadError(error);
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;

  useEffect(() => {
    // The detail helps a support request; the page itself stays in the user's language.
    console.error(error);
  }, [error]);

  const title = isStale ? t('errors.staleTitle') : isNotFound ? t('notFound.title') : t('errors.pageTitle');
  const text = isStale ? t('errors.staleText') : isNotFound ? t('notFound.text') : t('errors.pageText');
  return (
    <Container size="sm" py="xl" data-testid="route-error">
      <Alert color={isStale ? 'yellow' : 'red'} title={title} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{text}</Text>
          <Group gap="xs">
            {isStale ? (
              <Button size="xs" onClick={() => window.location.reload()} data-testid="route-error-reload">
                {t('errors.reload')}
              </Button>
            ) : (
              !isNotFound && (
                // A navigation to the same address gives the router a new location, which resets the boundary.
                <Button size="xs" onClick={() => navigate(location, { replace: true })} data-testid="route-error-retry">
                  {t('errors.retry')}
                </Button>
              )
            )}
            <Button size="xs" variant="default" component={Link} to="/" reloadDocument={isStale}>
              {t('notFound.home')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    </Container>
  );
}
