import { type ConnectorClient, createConnectorClient } from '@dsm/connector-client';
import { connectorFetch } from './connector-address-policy';
import type { TConnectorRow } from './connector-repository';

/** How long one call to a connector may take (CONNECTOR_TIMEOUT_MS); the test page waits for several in a row. */
let connectorTimeoutMs = 10_000;

/** Sets the limit of one connector call, from the configuration; a call that takes longer is a 504. */
export function configureConnectorTimeout(timeoutMs: number): void {
  connectorTimeoutMs = timeoutMs;
}

/** The limit of one connector call in milliseconds. */
export function connectorTimeout(): number {
  return connectorTimeoutMs;
}

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
    // MANAGEMENT API VERSION: the one place the stored version reaches the client. `connector.managementApiVersion`
    // ('v3' | 'v4' | 'auto') is stored for every connector; pass it here as `managementApiVersion` (with
    // `addresses.version`) once the client takes the option. Until then the client speaks v3.
    timeoutMs: connectorTimeoutMs,
    fetch: connectorFetch,
  });
}
