import type { TOrganisationConnectorResponse } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { selectConnector } from '../connectors/connector-repository';
import { selectOrganisationConnectorLink } from './organisation-connectors-repository';
import { presentOrganisationConnector } from './present-organisation-connector';

/** The organisation's own connector, or null when it registered none (or an operator removed it). */
export async function getOrganisationConnector(
  db: TDb,
  organisationId: string,
): Promise<TOrganisationConnectorResponse> {
  const link = await selectOrganisationConnectorLink(db, organisationId);
  const connector = link ? await selectConnector(db, link.connectorId) : null;
  return { connector: link && connector ? presentOrganisationConnector(link, connector) : null };
}
