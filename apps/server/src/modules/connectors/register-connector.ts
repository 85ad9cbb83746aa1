import { ErrorCode, type TConnectorRegistrationRequest, type TRegisteredConnector } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { assertConnectorAddressesAllowed } from './connector-address-policy';
import { registerConnector as insertRegistration } from './connector-repository';
import { presentRegisteredConnector } from './present-registered-connector';

/**
 * Registers a connector for the operator; 400 when an address is not public (and not allowed by
 * CONNECTOR_ALLOWED_HOSTS), 409 when its id (the URL's last segment) or its URL is taken.
 */
export async function registerConnector(
  db: TDb,
  request: TConnectorRegistrationRequest,
): Promise<TRegisteredConnector> {
  await assertConnectorAddressesAllowed({
    url: request.url,
    managementUrl: request.managementUrl,
    protocolUrl: request.protocolUrl,
    versionUrl: request.versionUrl,
    federatedCatalogUrl: request.federatedCatalogUrl,
  });
  const connector = await insertRegistration(db, {
    name: request.name,
    url: request.url,
    managementUrl: request.managementUrl ?? null,
    protocolUrl: request.protocolUrl ?? null,
    apiKey: request.apiKey ?? null,
    managementApiVersion: request.managementApiVersion ?? 'auto',
    versionUrl: request.versionUrl ?? null,
    federatedCatalogUrl: request.federatedCatalogUrl ?? null,
  });
  if (!connector) {
    throw new AppError(ErrorCode.CONFLICT, `A connector with the id or URL of ${request.url} is registered already`);
  }
  return presentRegisteredConnector(connector);
}
