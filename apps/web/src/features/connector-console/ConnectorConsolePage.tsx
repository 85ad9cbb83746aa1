import { Container, Stack, Tabs, Title } from '@mantine/core';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AssetsPanel } from './AssetsPanel';
import { CatalogPanel } from './CatalogPanel';
import { ContractDefinitionsPanel } from './ContractDefinitionsPanel';
import { HealthPanel } from './HealthPanel';
import { PolicyDefinitionsPanel } from './PolicyDefinitionsPanel';
import { ProcessesPanel } from './ProcessesPanel';
import { SecretsPanel } from './SecretsPanel';

/** The console's tabs in their order: the tab's value, its label's key and the panel it shows. */
const TABS: readonly { value: string; label: string; Panel: ComponentType<{ connectorId: string }> }[] = [
  { value: 'health', label: 'console.tabHealth', Panel: HealthPanel },
  { value: 'assets', label: 'console.tabAssets', Panel: AssetsPanel },
  { value: 'policy-definitions', label: 'console.tabPolicyDefinitions', Panel: PolicyDefinitionsPanel },
  { value: 'contract-definitions', label: 'console.tabContractDefinitions', Panel: ContractDefinitionsPanel },
  { value: 'catalog', label: 'console.tabCatalog', Panel: CatalogPanel },
  { value: 'processes', label: 'console.tabProcesses', Panel: ProcessesPanel },
  { value: 'secrets', label: 'console.tabSecrets', Panel: SecretsPanel },
];

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
            {TABS.map((tab) => (
              <Tabs.Tab key={tab.value} value={tab.value}>
                {t(tab.label)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {TABS.map(({ value, Panel }) => (
            <Tabs.Panel key={value} value={value} pt="md">
              <Panel connectorId={connectorId} />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </Container>
  );
}
