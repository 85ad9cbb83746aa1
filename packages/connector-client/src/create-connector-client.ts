import type { ConnectorClient, ConnectorClientOptions } from './connector-client';
import { DATASPACE_PROTOCOL } from './constants';
import { buildClient } from './internal/client';

/** The per-call timeout when the options name none. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Builds a client of one EDC connector.
 *
 * @example
 * const client = createConnectorClient({
 *   addresses: { management: 'http://localhost:19193/management', version: 'http://localhost:19193/.well-known/version' },
 *   apiKey,
 * });
 * const assets = await client.assets.query();
 */
export function createConnectorClient(options: ConnectorClientOptions): ConnectorClient {
  return buildClient({
    addresses: { ...options.addresses },
    apiKey: options.apiKey ?? '',
    bearerToken: options.bearerToken,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    protocol: options.protocol ?? DATASPACE_PROTOCOL,
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    managementApiVersion: options.managementApiVersion ?? 'auto',
  });
}
