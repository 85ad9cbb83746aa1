import { Container, Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AssetsPanel } from './AssetsPanel';
import { CatalogPanel } from './CatalogPanel';
import { ContractDefinitionsPanel } from './ContractDefinitionsPanel';
import { HealthPanel } from './HealthPanel';
import { PolicyDefinitionsPanel } from './PolicyDefinitionsPanel';
import { ProcessesPanel } from './ProcessesPanel';
import { SecretsPanel } from './SecretsPanel';

/**
 * The connector console (/connectors/:connectorId) for operators: the connector's health, assets, policy and
 * contract definitions, another participant's catalog, negotiations, agreements, transfers, EDRs and secrets, managed through the server, which calls the connector's Management API with its stored key.
 */
export function ConnectorConsolePage() {
  const { t } = useTranslation();
  const connectorId = useParams().connectorId ?? '';
  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <Title order={1}>{t('console.title', { id: connectorId })}</Title>
        <Tabs defaultValue="health" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="health">{t('console.tabHealth')}</Tabs.Tab>
            <Tabs.Tab value="assets">{t('console.tabAssets')}</Tabs.Tab>
            <Tabs.Tab value="policy-definitions">{t('console.tabPolicyDefinitions')}</Tabs.Tab>
            <Tabs.Tab value="contract-definitions">{t('console.tabContractDefinitions')}</Tabs.Tab>
            <Tabs.Tab value="catalog">{t('console.tabCatalog')}</Tabs.Tab>
            <Tabs.Tab value="processes">{t('console.tabProcesses')}</Tabs.Tab>
            <Tabs.Tab value="secrets">{t('console.tabSecrets')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="health" pt="md">
            <HealthPanel connectorId={connectorId} />
          </Tabs.Panel>
          <Tabs.Panel value="assets" pt="md">
            <AssetsPanel connectorId={connectorId} />
          </Tabs.Panel>
          <Tabs.Panel value="policy-definitions" pt="md">
            <PolicyDefinitionsPanel connectorId={connectorId} />
          </Tabs.Panel>
          <Tabs.Panel value="contract-definitions" pt="md">
            <ContractDefinitionsPanel connectorId={connectorId} />
          </Tabs.Panel>
          <Tabs.Panel value="catalog" pt="md">
            <CatalogPanel connectorId={connectorId} />
          </Tabs.Panel>
          <Tabs.Panel value="processes" pt="md">
            <ProcessesPanel connectorId={connectorId} />
          </Tabs.Panel>
          <Tabs.Panel value="secrets" pt="md">
            <SecretsPanel connectorId={connectorId} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
