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

/** How long a client, with the Management API version it found, serves one connector before it is made again. */
export const CLIENT_REUSE_MS = 60_000;
const MAX_REUSED_CLIENTS = 1_000;
const reused = new Map<string, { client: ConnectorClient; at: number }>();

/**
 * A client for a registered connector. Its addresses follow the portal's layout below the connector URL
 * (`{url}/management`, `{url}/public`, ...), which is also the sandbox's, unless the operator registered other
 * management and protocol addresses. Management calls carry the connector's API
 * key; the signed-in user's token is not forwarded, because it was issued for the marketplace, not for the connector.
 * It speaks the connector's Management API version; `auto` asks the version API when one was registered and speaks
 * v3 without one (EDC's version API lives on a context of its own, so no address is guessed). A client is reused for
 * the same registration for a minute, so `auto` asks the version API once a minute per connector, not once per
 * call (a delivery polls every second); a changed registration (address, key, version) gets a client of its own.
 */
export function connectorClientFor(connector: TConnectorRow, now: number = Date.now()): ConnectorClient {
  const key = JSON.stringify([
    connector.id,
    connector.url,
    connector.protocolUrl,
    connector.managementUrl,
    connector.versionUrl,
    connector.federatedCatalogUrl,
    connector.managementApiVersion,
    connector.apiKey,
    connectorTimeoutMs,
  ]);
  const kept = reused.get(key);
  if (kept && now - kept.at < CLIENT_REUSE_MS) return kept.client;
  const client = createClient(connector);
  reused.delete(key);
  reused.set(key, { client, at: now });
  for (const oldest of reused.keys()) {
    if (reused.size <= MAX_REUSED_CLIENTS) break;
    reused.delete(oldest);
  }
  return client;
}

function createClient(connector: TConnectorRow): ConnectorClient {
  const url = connector.url.replace(/\/+$/, '');
  return createConnectorClient({
    addresses: {
      default: `${url}/api`,
      protocol: connector.protocolUrl ?? `${url}/protocol`,
      management: connector.managementUrl ?? `${url}/management`,
      control: `${url}/control`,
      public: `${url}/public`,
      federatedCatalog: connector.federatedCatalogUrl ?? `${url}/catalog`,
      ...(connector.versionUrl ? { version: connector.versionUrl } : {}),
    },
    managementApiVersion: connector.managementApiVersion ?? 'auto',
    ...(connector.apiKey === null ? {} : { apiKey: connector.apiKey }),
    timeoutMs: connectorTimeoutMs,
    fetch: connectorFetch,
  });
}
