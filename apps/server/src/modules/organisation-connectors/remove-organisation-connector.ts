import { ErrorCode } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { deleteConnector } from '../connectors/connector-repository';
import { selectOrganisationConnectorLink } from './organisation-connectors-repository';

/**
 * Removes the organisation's connector: its `connectors` row, and with it the link. Deliveries made through it keep
 * their state; new requests for access use a connector an operator assigned to the buyer, or answer 409. 404 when
 * the organisation has none.
 */
export async function removeOrganisationConnector(db: TDb, organisationId: string): Promise<void> {
  const link = await selectOrganisationConnectorLink(db, organisationId);
  if (!link || !(await deleteConnector(db, link.connectorId))) {
    throw new AppError(ErrorCode.NOT_FOUND, 'Your organisation has no connector registered');
  }
}
