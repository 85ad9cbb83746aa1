import { ErrorCode } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { TConnectorRemovalHook } from '../connectors/connector-removal-hook';
import { deleteConnector } from '../connectors/connector-repository';
import { selectOrganisationConnectorLink } from './organisation-connectors-repository';

/**
 * Removes the organisation's connector: its `connectors` row, and with it the link. Deliveries made through it keep
 * their state; new requests for access use a connector an operator assigned to the buyer, or answer 409. 404 when
 * the organisation has none. `beforeRemove` runs first (the offers the crawl made of its catalog go with it).
 */
export async function removeOrganisationConnector(
  db: TDb,
  organisationId: string,
  beforeRemove?: TConnectorRemovalHook,
): Promise<void> {
  const link = await selectOrganisationConnectorLink(db, organisationId);
  if (link) await beforeRemove?.(db, link.connectorId);
  if (!link || !(await deleteConnector(db, link.connectorId))) {
    throw new AppError(ErrorCode.NOT_FOUND, 'Your organisation has no connector registered');
  }
}
