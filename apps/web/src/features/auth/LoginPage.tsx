import { Alert, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconLock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser, useRequiredRole, useSessionActions } from './current-user';
import { forgetLoginReason, peekLoginReason, type TLoginReason } from './session';

/**
 * /login: where a user lacking the product role lands after being signed out, and where Logout
 * ends. Says why, and offers to sign in again (with another account when the role was missing).
 */
export function LoginPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const role = useRequiredRole();
  const { signIn, isBusy } = useSessionActions();
  // Read once, and forgotten once shown: a reload of the page shows the general text, not a stale
  // reason, while a first render that React throws away (a part still loading) does not lose it.
  const [reason] = useState<TLoginReason | null>(peekLoginReason);
  useEffect(() => forgetLoginReason(), []);

  return (
    <Container size={520} py={48}>
      <Paper withBorder radius="md" p="xl" shadow="xs">
        <Stack gap="md">
          <Title order={1} size="h2">
            {t('auth.loginTitle')}
          </Title>
          {reason === 'role' && (
            <Alert
              color="red"
              icon={<IconLock size={18} aria-hidden />}
              title={t('auth.roleMissingTitle')}
              role="alert"
            >
              {t('auth.roleMissing', { role })}
            </Alert>
          )}
          {reason === 'signedOut' && (
            <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />} role="status">
              {t('auth.signedOut')}
            </Alert>
          )}
          {reason === 'expired' && (
            <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />} role="status">
              {t('auth.expired')}
            </Alert>
          )}
          {user ? (
            <>
              <Text>{t('auth.signedInAs', { name: user.name || user.email })}</Text>
              <Button component={Link} to="/" variant="light">
                {t('notFound.home')}
              </Button>
            </>
          ) : (
            <>
              <Text c="gray.8">{t('auth.loginText')}</Text>
              {/* Busy while the page load's sign-in check runs: a click then would go nowhere. */}
              <Button onClick={() => void signIn('/')} loading={isBusy} data-testid="login-sign-in">
                {t('auth.signInAgain')}
              </Button>
            </>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
