import type { TRegisteredConnector } from '@dsm/contracts';
import type { TConnectorRow } from './connector-repository';

/** A connector as operators see it: its addresses, and whether it has an API key, never the key. */
export function presentRegisteredConnector(connector: TConnectorRow): TRegisteredConnector {
  const url = connector.url.replace(/\/+$/, '');
  return {
    id: connector.id,
    name: connector.name,
    url: connector.url,
    managementUrl: connector.managementUrl ?? `${url}/management`,
    protocolUrl: connector.protocolUrl ?? `${url}/protocol`,
    hasApiKey: connector.apiKey !== null,
    managementApiVersion: connector.managementApiVersion ?? 'auto',
    versionUrl: connector.versionUrl ?? null,
    federatedCatalogUrl: connector.federatedCatalogUrl ?? null,
    isSandbox: connector.isSandbox,
  };
}
