import { MANAGEMENT_API_VERSIONS, type TOrganisationConnector, type TOrganisationConnectorInput } from '@dsm/contracts';
import { Button, Group, NativeSelect, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  connectorBodyOf,
  type TOrganisationConnectorErrors,
  type TOrganisationConnectorValues,
  validateOrganisationConnector,
} from './validate-organisation-connector';

export type TOrganisationConnectorFormProps = {
  /** The stored connector, or null when the organisation has none yet. */
  connector: TOrganisationConnector | null;
  isSaving: boolean;
  /** What the server said is wrong, by field (its own words: the checks it made). */
  serverErrors: Partial<Record<keyof TOrganisationConnectorValues, string>>;
  /** Called with values that passed the same checks of form the server makes. */
  onSave(body: TOrganisationConnectorInput): void;
  /** Shown as a Cancel button when given. */
  onCancel?: () => void;
};

function valuesOf(connector: TOrganisationConnector | null): TOrganisationConnectorValues {
  return {
    participantId: connector?.participantId ?? '',
    protocolUrl: connector?.protocolUrl ?? '',
    managementUrl: connector?.managementUrl ?? '',
    // The stored key is never sent to the browser: the field starts empty and, left so, keeps it.
    apiKey: '',
    managementApiVersion: connector?.managementApiVersion ?? 'auto',
    versionUrl: connector?.versionUrl ?? '',
  };
}

/**
 * Registering or changing the organisation's connector: participant id, DSP and management addresses, API key,
 * Management API version and the optional version API address (which 'Automatic' asks), each with its message at the field when Save or the server's checks find it wrong.
 */
/** The connector's two required addresses, each with an example of its form. */
const ADDRESS_FIELDS = [
  { name: 'protocolUrl', example: 'https://edc.example.org/protocol' },
  { name: 'managementUrl', example: 'https://edc.example.org/management' },
] as const;

export function OrganisationConnectorForm({
  connector,
  isSaving,
  serverErrors,
  onSave,
  onCancel,
}: TOrganisationConnectorFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<TOrganisationConnectorValues>(() => valuesOf(connector));
  const [errors, setErrors] = useState<TOrganisationConnectorErrors>({});
  const hasStoredKey = connector?.hasApiKey ?? false;

  const field = (name: keyof TOrganisationConnectorValues) => {
    const error = errors[name] ? t(errors[name]) : serverErrors[name];
    return {
      label: t(`organisationConnector.fields.${name}`),
      value: values[name],
      error,
      // PasswordInput marks its input only with data-invalid; screen readers need aria-invalid.
      'aria-invalid': error ? true : undefined,
      onChange: (event: { currentTarget: { value: string } }) => {
        const value = event.currentTarget.value;
        setValues((current) => ({ ...current, [name]: value }));
      },
      'data-testid': `organisation-connector-${name}`,
    };
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateOrganisationConnector(values, hasStoredKey);
    setErrors(found);
    if (Object.keys(found).length === 0) onSave(connectorBodyOf(values));
  };

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="organisation-connector-form">
      <Stack gap="md">
        <TextInput {...field('participantId')} description={t('organisationConnector.hints.participantId')} required />
        {ADDRESS_FIELDS.map(({ name, example }) => (
          <TextInput
            key={name}
            {...field(name)}
            type="url"
            placeholder={example}
            description={t(`organisationConnector.hints.${name}`)}
            required
          />
        ))}
        <PasswordInput
          {...field('apiKey')}
          autoComplete="off"
          description={t(
            hasStoredKey ? 'organisationConnector.hints.apiKeyStored' : 'organisationConnector.hints.apiKey',
          )}
          required={!hasStoredKey}
        />
        <NativeSelect
          {...field('managementApiVersion')}
          data={MANAGEMENT_API_VERSIONS.map((version) => ({
            value: version,
            label: t(`organisationConnector.versions.${version}`),
          }))}
        />
        <TextInput
          {...field('versionUrl')}
          type="url"
          placeholder="https://edc.example.org/.well-known/version"
          description={t('organisationConnector.hints.versionUrl')}
        />
        {isSaving && (
          <Text size="sm" role="status" data-testid="organisation-connector-checking">
            {t('organisationConnector.checking')}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={isSaving} data-testid="organisation-connector-save">
            {t('organisationConnector.save')}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={isSaving}>
              {t('organisationConnector.cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
