import { type ConnectorClient, createConnectorClient } from '@dsm/connector-client';
import { connectorFetch } from './connector-address-policy';
import type { TConnectorRow } from './connector-repository';

/** How long one call to a connector may take: the test page waits for several in a row. */
const CONNECTOR_TIMEOUT_MS = 10_000;

/**
 * A client for a registered connector. Its addresses follow the portal's layout below the connector URL
 * (`{url}/management`, `{url}/public`, ...), which is also the sandbox's, unless the operator registered other
 * management and protocol addresses. Management calls carry the connector's API
 * key; the signed-in user's token is not forwarded, because it was issued for the marketplace, not for the connector.
 */
export function connectorClientFor(connector: TConnectorRow): ConnectorClient {
  const url = connector.url.replace(/\/+$/, '');
  return createConnectorClient({
    addresses: {
      default: `${url}/api`,
      protocol: connector.protocolUrl ?? `${url}/protocol`,
      management: connector.managementUrl ?? `${url}/management`,
      control: `${url}/control`,
      public: `${url}/public`,
      federatedCatalog: `${url}/catalog`,
    },
    ...(connector.apiKey === null ? {} : { apiKey: connector.apiKey }),
    timeoutMs: CONNECTOR_TIMEOUT_MS,
    fetch: connectorFetch,
  });
}
