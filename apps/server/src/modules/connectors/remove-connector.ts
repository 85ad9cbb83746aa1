import { ErrorCode } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { TConnectorRemovalHook } from './connector-removal-hook';
import { deleteConnector, selectConnector } from './connector-repository';

/**
 * Removes an operator's connector. The demo sandboxes are the server's own (registered at every start), so removing
 * one is a 409; an unknown id is a 404. `beforeRemove` runs first (the offers the crawl made of its catalog go with
 * it). Offers published on the connector stay, and their delivery says the connector is no longer registered.
 */
export async function removeConnector(
  db: TDb,
  connectorId: string,
  beforeRemove?: TConnectorRemovalHook,
): Promise<void> {
  const connector = await selectConnector(db, connectorId);
  if (!connector) throw new AppError(ErrorCode.NOT_FOUND, `There is no connector '${connectorId}'`);
  if (connector.isSandbox) {
    throw new AppError(ErrorCode.CONFLICT, `'${connectorId}' is a demo sandbox the server runs; it cannot be removed`);
  }
  await beforeRemove?.(db, connector.id);
  await deleteConnector(db, connectorId);
}
