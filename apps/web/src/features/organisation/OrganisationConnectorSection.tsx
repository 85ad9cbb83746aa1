import type { TOrganisationConnector, TOrganisationConnectorCheck } from '@dsm/contracts';
import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api';
import { errorMessage } from '../../shared/error-message';
import { OrganisationConnectorForm } from './OrganisationConnectorForm';
import {
  useOrganisationConnector,
  useRemoveOrganisationConnector,
  useSaveOrganisationConnector,
} from './use-organisation-connector';
import type { TOrganisationConnectorValues } from './validate-organisation-connector';

const WRAP = { overflowWrap: 'anywhere' } as const;
const FIELDS = [
  'participantId',
  'protocolUrl',
  'managementUrl',
  'apiKey',
  'managementApiVersion',
  'versionUrl',
] as const;

/** The server's issues that name a field of the form (`body.apiKey`), by field. */
function fieldErrorsOf(error: unknown): Partial<Record<keyof TOrganisationConnectorValues, string>> {
  if (!(error instanceof ApiError)) return {};
  const errors: Partial<Record<keyof TOrganisationConnectorValues, string>> = {};
  for (const issue of error.issues) {
    const field = FIELDS.find((name) => issue.path === `body.${name}`);
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** The stored connector as a card: its addresses, that a key is stored (never the key), and how to change it. */
function ConnectorCard({
  connector,
  onEdit,
  onRemove,
  isRemoving,
}: {
  connector: TOrganisationConnector;
  onEdit(): void;
  onRemove(): void;
  isRemoving: boolean;
}) {
  const { t } = useTranslation();
  const [isConfirming, setConfirming] = useState(false);
  const facts = [
    ['participantId', connector.participantId],
    ['protocolUrl', connector.protocolUrl],
    ['managementUrl', connector.managementUrl],
    ['managementApiVersion', t(`organisationConnector.versions.${connector.managementApiVersion}`)],
    ...(connector.versionUrl ? ([['versionUrl', connector.versionUrl]] as const) : []),
  ] as const;
  return (
    <Card withBorder radius="md" data-testid="organisation-connector">
      <Stack gap="xs">
        <Stack component="dl" gap="xs" m={0}>
          {facts.map(([name, value]) => (
            <div key={name}>
              <Text component="dt" size="sm" fw={600}>
                {t(`organisationConnector.fields.${name}`)}
              </Text>
              <Text component="dd" size="sm" m={0} style={WRAP}>
                {value}
              </Text>
            </div>
          ))}
          <div>
            <Text component="dt" size="sm" fw={600}>
              {t('organisationConnector.fields.apiKey')}
            </Text>
            <Text component="dd" size="sm" m={0}>
              <Badge
                color={connector.hasApiKey ? 'teal.9' : 'gray.8'}
                variant="filled"
                data-testid="organisation-connector-key"
              >
                {t(connector.hasApiKey ? 'organisationConnector.keyStored' : 'organisationConnector.noKey')}
              </Badge>
            </Text>
          </div>
        </Stack>
        <Group gap="sm">
          <Button variant="light" onClick={onEdit} data-testid="organisation-connector-edit">
            {t('organisationConnector.edit')}
          </Button>
          {isConfirming ? (
            <>
              <Button
                color="red"
                loading={isRemoving}
                onClick={onRemove}
                data-testid="organisation-connector-remove-confirm"
              >
                {t('organisationConnector.removeConfirm')}
              </Button>
              <Button variant="default" onClick={() => setConfirming(false)} disabled={isRemoving}>
                {t('organisationConnector.cancel')}
              </Button>
            </>
          ) : (
            <Button
              variant="subtle"
              color="red"
              onClick={() => setConfirming(true)}
              data-testid="organisation-connector-remove"
            >
              {t('organisationConnector.remove')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * The organisation's own connector in its profile: data its members acquire through the data space is negotiated
 * and received by it. A member registers it (checked by the server before it is stored), changes or removes it; the
 * API key is never shown back, only that one is stored and a way to replace it.
 */
export function OrganisationConnectorSection({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation();
  const connector = useOrganisationConnector(organisationId);
  const save = useSaveOrganisationConnector(organisationId);
  const remove = useRemoveOrganisationConnector(organisationId);
  const [isEditing, setEditing] = useState(false);
  const [checks, setChecks] = useState<TOrganisationConnectorCheck[] | null>(null);
  const serverErrors = fieldErrorsOf(save.error);
  const stored = connector.data?.connector ?? null;

  return (
    <Stack gap="md" component="section" aria-labelledby="organisation-connector-title">
      <Title order={2} size="h3" id="organisation-connector-title">
        {t('organisationConnector.title')}
      </Title>
      <Text>{t('organisationConnector.intro')}</Text>
      {connector.isPending && <Loader role="status" size="sm" aria-label={t('organisationConnector.loading')} />}
      {connector.isError && (
        <Alert color="red" role="alert">
          {errorMessage(connector.error, t)}
        </Alert>
      )}
      {save.isError && Object.keys(serverErrors).length === 0 && (
        <Alert color="red" role="alert">
          {errorMessage(save.error, t)}
        </Alert>
      )}
      {save.isError && Object.keys(serverErrors).length > 0 && (
        <Alert color="red" role="alert" data-testid="organisation-connector-refused">
          {t('organisationConnector.refused')}
        </Alert>
      )}
      {remove.isError && (
        <Alert color="red" role="alert">
          {errorMessage(remove.error, t)}
        </Alert>
      )}
      {checks && (
        <Alert
          color="green"
          data-testid="organisation-connector-checks"
          title={t('organisationConnector.saved')}
          // The light variant's green title misses AA contrast on its own tint.
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
        >
          <Stack gap={4}>
            {checks.map((check) => (
              <Text key={check.name} size="sm" style={WRAP}>
                {t(`organisationConnector.checks.${check.outcome}`)}: {check.message}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      {connector.data &&
        (stored && !isEditing ? (
          <ConnectorCard
            connector={stored}
            isRemoving={remove.isPending}
            onEdit={() => {
              setChecks(null);
              save.reset();
              setEditing(true);
            }}
            onRemove={() => remove.mutate(undefined, { onSuccess: () => setChecks(null) })}
          />
        ) : (
          <OrganisationConnectorForm
            key={stored?.updatedAt ?? 'new'}
            connector={stored}
            isSaving={save.isPending}
            serverErrors={serverErrors}
            onSave={(body) =>
              save.mutate(body, {
                onSuccess: (answer) => {
                  setChecks(answer.checks);
                  setEditing(false);
                },
              })
            }
            {...(stored
              ? {
                  onCancel: () => {
                    save.reset();
                    setEditing(false);
                  },
                }
              : {})}
          />
        ))}
    </Stack>
  );
}
