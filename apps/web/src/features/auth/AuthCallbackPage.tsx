import { useTranslation } from 'react-i18next';
import { useSessionActions } from './current-user';
import { FullPageStatus } from './FullPageStatus';

/** /auth/callback: shown while the provider's answer is exchanged for tokens, or why that failed. */
export function AuthCallbackPage() {
  const { t } = useTranslation();
  const session = useSessionActions();
  if (session.error) {
    return (
      <FullPageStatus
        isError
        label={t('auth.callbackFailed')}
        retryLabel={t('auth.signInAgain')}
        onRetry={() => void session.signIn('/')}
      />
    );
  }
  return <FullPageStatus label={t('auth.checking')} />;
}
