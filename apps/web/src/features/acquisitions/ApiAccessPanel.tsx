import type { TApiKey, TApiKeyIssued } from '@dsm/contracts';
import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Loader,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../shared/ConfirmDialog';
import { errorMessage } from '../../shared/error-message';
import { formatDateTime } from '../../shared/format/format';
import { useApiKeys, useIssueApiKey, useRevokeApiKey } from './use-api-keys';

export type TApiAccessPanelProps = {
  offerId: string;
  offerTitle: string;
};

/** The curl call of the gateway's root with a key; the key placeholder when none is shown. */
export const curlExampleOf = (gatewayUrl: string, key: string): string =>
  `curl -H "X-API-Key: ${key}" "${gatewayUrl}/"`;

/** A value on a line of its own that wraps on a phone, with a button copying it. */
function CopyableValue({ value, copyLabel, testId }: { value: string; copyLabel: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap', flex: 1 }} data-testid={testId}>
        {value}
      </Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button variant="light" size="xs" onClick={copy} aria-label={copyLabel}>
            {copied ? t('offer.copied') : t('apiAccess.copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

type TPending = { kind: 'rotate' | 'revoke'; key: TApiKey } | null;

/** What can be done to an active key, each with its button's look: rotating is light, revoking red. */
const KEY_ACTIONS = [
  { kind: 'rotate', variant: 'light' },
  { kind: 'revoke', variant: 'outline', color: 'red.9' },
] as const;

/**
 * The API access of a bought Api offer: the gateway URL to call, the buyer's personal key (created,
 * rotated and revoked here; the key itself is shown once, right after it was made) and a curl call
 * to start from. Rotating and revoking ask first, in the app's own dialog.
 */
export function ApiAccessPanel({ offerId, offerTitle }: TApiAccessPanelProps) {
  const { t } = useTranslation();
  const keys = useApiKeys(offerId);
  const issue = useIssueApiKey(offerId);
  const revoke = useRevokeApiKey(offerId);
  const [issued, setIssued] = useState<TApiKeyIssued | null>(null);
  const [pending, setPending] = useState<TPending>(null);
  const headingId = `api-access-${offerId}`;

  const handleIssue = (keyId: string | null) => {
    setIssued(null);
    issue.mutate(keyId, {
      onSuccess: (answer) => setIssued(answer),
      onSettled: () => setPending(null),
    });
  };

  const handleConfirm = () => {
    if (!pending) return;
    if (pending.kind === 'rotate') {
      handleIssue(pending.key.id);
      return;
    }
    revoke.mutate(pending.key.id, {
      onSuccess: () => {
        if (issued?.key.id === pending.key.id) setIssued(null);
      },
      onSettled: () => setPending(null),
    });
  };

  const statusOf = (key: TApiKey) => {
    if (key.revokedAt) return { label: t('apiAccess.revoked'), color: 'gray.8' };
    if (!key.isActive) return { label: t('apiAccess.ended'), color: 'orange.9' };
    return { label: t('apiAccess.active'), color: 'teal.9' };
  };

  const activeKey = keys.data?.keys.find((key) => key.isActive);
  const mutationError = issue.error ?? revoke.error;
  return (
    <Stack
      gap="sm"
      component="section"
      aria-labelledby={`${headingId} ${headingId}-offer`}
      data-testid="api-access-panel"
      p="sm"
      style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-sm)' }}
    >
      <Title order={3} size="h5" id={headingId}>
        {t('apiAccess.title')}
      </Title>
      <VisuallyHidden id={`${headingId}-offer`}>{offerTitle}</VisuallyHidden>
      {keys.isPending && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{t('apiAccess.loading')}</Text>
        </Group>
      )}
      {keys.isError && (
        <Alert color="red" title={t('apiAccess.loadFailed')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(keys.error, t)}</Text>
            <Button size="xs" variant="light" onClick={() => void keys.refetch()}>
              {t('apiAccess.retry')}
            </Button>
          </Stack>
        </Alert>
      )}
      {keys.data && (
        <>
          <Text size="sm">{t('apiAccess.gatewayUrl')}</Text>
          <CopyableValue
            value={keys.data.gatewayUrl}
            copyLabel={t('apiAccess.copyGatewayUrl')}
            testId="api-gateway-url"
          />
          {issued && (
            <Alert
              variant="outline"
              color="red.9"
              title={t('apiAccess.newKeyTitle')}
              data-testid="api-new-key"
              aria-live="polite"
            >
              <Stack gap="xs">
                <Text size="sm">{t('apiAccess.newKeyWarning')}</Text>
                <CopyableValue value={issued.secret} copyLabel={t('apiAccess.copyKey')} testId="api-key-secret" />
                <Button size="xs" variant="default" onClick={() => setIssued(null)} style={{ alignSelf: 'flex-start' }}>
                  {t('apiAccess.hideKey')}
                </Button>
              </Stack>
            </Alert>
          )}
          <Text size="sm">{t('apiAccess.curlExample')}</Text>
          <CopyableValue
            value={curlExampleOf(keys.data.gatewayUrl, issued?.secret ?? t('apiAccess.keyPlaceholder'))}
            copyLabel={t('apiAccess.copyCurl')}
            testId="api-curl-example"
          />
          {keys.data.keys.length === 0 ? (
            <Text size="sm" c="gray.7" data-testid="api-keys-empty">
              {t('apiAccess.noKeys')}
            </Text>
          ) : (
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {keys.data.keys.map((key) => {
                const status = statusOf(key);
                return (
                  <Group key={key.id} component="li" gap="xs" wrap="wrap" data-testid="api-key-row">
                    <Code>{key.prefix}…</Code>
                    <Badge color={status.color} variant="filled">
                      {status.label}
                    </Badge>
                    <Text size="xs">
                      {key.rotatedAt
                        ? t('apiAccess.rotatedAt', { date: formatDateTime(key.rotatedAt) })
                        : t('apiAccess.createdAt', { date: formatDateTime(key.createdAt) })}
                    </Text>
                    {key.isActive && (
                      <Group gap="xs">
                        {KEY_ACTIONS.map(({ kind, ...look }) => (
                          <Button
                            key={kind}
                            size="xs"
                            {...look}
                            onClick={() => setPending({ kind, key })}
                            aria-label={t(`apiAccess.${kind}For`, { prefix: key.prefix })}
                          >
                            {t(`apiAccess.${kind}`)}
                          </Button>
                        ))}
                      </Group>
                    )}
                  </Group>
                );
              })}
            </Stack>
          )}
          {!keys.data.isEntitled && <Text size="sm">{t('apiAccess.notEntitled')}</Text>}
          {keys.data.isEntitled && !activeKey && (
            <Button
              style={{ alignSelf: 'flex-start' }}
              loading={issue.isPending}
              onClick={() => handleIssue(null)}
              aria-label={t('apiAccess.createFor', { title: offerTitle })}
            >
              {t('apiAccess.create')}
            </Button>
          )}
          {mutationError && (
            <Alert color="red" title={t('apiAccess.actionFailed')}>
              {errorMessage(mutationError, t)}
            </Alert>
          )}
        </>
      )}
      <ConfirmDialog
        opened={pending !== null}
        title={pending?.kind === 'revoke' ? t('apiAccess.revokeTitle') : t('apiAccess.rotateTitle')}
        text={
          pending?.kind === 'revoke'
            ? t('apiAccess.revokeText', { prefix: pending.key.prefix })
            : t('apiAccess.rotateText', { prefix: pending?.key.prefix ?? '' })
        }
        confirmLabel={pending?.kind === 'revoke' ? t('apiAccess.revoke') : t('apiAccess.rotate')}
        isDestructive
        isPending={issue.isPending || revoke.isPending}
        onConfirm={handleConfirm}
        onCancel={() => setPending(null)}
        testId="api-key-confirm"
      />
    </Stack>
  );
}
