import { type TConnectorRegistrationRequest, type TManagementApiVersion, ZManagementApiVersion } from '@dsm/contracts';
import { Button, Container, NativeSelect, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConnectorCrawls } from './ConnectorCrawls';
import { ConsoleTable } from './ConsoleTable';
import { REGISTERED_CONNECTORS } from './console-lists';
import { FormSubmit } from './FormSubmit';
import { useConnectorRegistration, useRegisteredConnectors } from './use-registered-connectors';

const EMPTY_FORM = {
  name: '',
  url: '',
  managementUrl: '',
  protocolUrl: '',
  versionUrl: '',
  federatedCatalogUrl: '',
  apiKey: '',
};
type TForm = typeof EMPTY_FORM & { managementApiVersion: TManagementApiVersion };
const EMPTY: TForm = { ...EMPTY_FORM, managementApiVersion: 'auto' };
type TAddressField = 'managementUrl' | 'protocolUrl' | 'versionUrl' | 'federatedCatalogUrl';

/**
 * The connectors page (/connectors) for operators: the registered connectors with a link to each one's console,
 * registering one (its API key is stored encrypted and never shown back) and removing one, and the crawls of each
 * connector's catalog into the marketplace with 'Crawl now'.
 */
export function ConnectorsPage() {
  const { t } = useTranslation();
  const connectors = useRegisteredConnectors();
  const { register, remove } = useConnectorRegistration();
  const [form, setForm] = useState<TForm>(EMPTY);
  const field = (name: keyof typeof EMPTY_FORM) => ({
    value: form[name],
    onChange: (event: FormEvent<HTMLInputElement>) => setForm({ ...form, [name]: event.currentTarget.value }),
  });
  /** One of the optional addresses, with its label and hint. */
  const addressInput = (name: TAddressField, label: string, hint: string) => (
    <TextInput label={t(label)} description={t(hint)} {...field(name)} />
  );

  const handleRegister = (event: FormEvent) => {
    event.preventDefault();
    const body: TConnectorRegistrationRequest = { name: form.name, url: form.url };
    if (form.managementUrl) body.managementUrl = form.managementUrl;
    if (form.protocolUrl) body.protocolUrl = form.protocolUrl;
    if (form.apiKey) body.apiKey = form.apiKey;
    if (form.versionUrl) body.versionUrl = form.versionUrl;
    if (form.federatedCatalogUrl) body.federatedCatalogUrl = form.federatedCatalogUrl;
    if (form.managementApiVersion !== 'auto') body.managementApiVersion = form.managementApiVersion;
    register.mutate(body, { onSuccess: () => setForm(EMPTY) });
  };

  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <Title order={1}>{t('console.connectorsTitle')}</Title>
        <ConsoleTable
          list={REGISTERED_CONNECTORS}
          query={connectors}
          failures={[remove]}
          rows={connectors.data}
          actions={(connector) =>
            connector.isSandbox ? (
              <Text size="sm">{t('console.sandbox')}</Text>
            ) : (
              <Button
                size="xs"
                variant="outline"
                color="red.9"
                aria-label={t('console.removeNamed', { name: connector.name })}
                loading={remove.isPending && remove.variables === connector.id}
                onClick={() => remove.mutate(connector.id)}
              >
                {t('console.remove')}
              </Button>
            )
          }
        />
        {connectors.data && connectors.data.length > 0 && (
          <Stack gap="md" component="section" aria-labelledby="crawls">
            <Title order={2} size="h4" id="crawls">
              {t('crawl.title')}
            </Title>
            <Text size="sm">{t('crawl.intro')}</Text>
            {connectors.data.map((connector) => (
              <ConnectorCrawls key={connector.id} connector={connector} />
            ))}
          </Stack>
        )}
        <Stack component="form" gap="sm" maw={560} onSubmit={handleRegister} aria-labelledby="register-connector">
          <Title order={2} size="h4" id="register-connector">
            {t('console.registerConnector')}
          </Title>
          <TextInput label={t('console.name')} required {...field('name')} />
          <TextInput
            label={t('console.connectorUrl')}
            description={t('console.connectorUrlHint')}
            required
            {...field('url')}
          />
          {addressInput('managementUrl', 'console.managementUrl', 'console.optionalAddress')}
          {addressInput('protocolUrl', 'console.protocolUrl', 'console.optionalAddress')}
          <NativeSelect
            label={t('console.managementApiVersion')}
            description={t('console.managementApiVersionHint')}
            value={form.managementApiVersion}
            onChange={(event) => {
              const version = ZManagementApiVersion.safeParse(event.currentTarget.value);
              if (version.success) setForm({ ...form, managementApiVersion: version.data });
            }}
            data={ZManagementApiVersion.options.map((version) => ({
              value: version,
              label: t(`console.managementApiVersions.${version}`),
            }))}
          />
          {addressInput('versionUrl', 'console.versionUrl', 'console.versionUrlHint')}
          {addressInput('federatedCatalogUrl', 'console.federatedCatalogUrl', 'console.federatedCatalogUrlHint')}
          <PasswordInput label={t('console.apiKey')} autoComplete="off" {...field('apiKey')} />
          <FormSubmit mutation={register} label={t('console.register')} />
        </Stack>
      </Stack>
    </Container>
  );
}
