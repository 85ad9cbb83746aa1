import { ErrorCode, type TOrganisationConnectorRequest, type TOrganisationConnectorSaveResponse } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { assertConnectorAddressesAllowed } from '../connectors/connector-address-policy';
import { selectConnector, type TConnectorRow, upsertOwnedConnector } from '../connectors/connector-repository';
import { findOrganisationById } from '../organisations/organisations-repository';
import { checkOrganisationConnector } from './check-organisation-connector';
import { organisationConnectorIdOf, organisationConnectorUrlOf } from './organisation-connector-id';
import { selectOrganisationConnectorLink, upsertOrganisationConnectorLink } from './organisation-connectors-repository';
import { presentOrganisationConnector } from './present-organisation-connector';

export type TSaveOrganisationConnectorOptions = {
  db: TDb;
  organisationId: string;
  request: TOrganisationConnectorRequest;
  /** The marketplace's own connector the new one must fetch a catalog from (MARKETPLACE_CONNECTOR_ID). */
  marketplaceConnectorId: string | undefined;
};

/**
 * Registers or changes an organisation's own connector. Its addresses must pass the connectors' address policy and
 * the connector its checks (checkOrganisationConnector), each failure a 400 naming the field; only then is it stored,
 * with the API key encrypted. Without a new key the stored one is kept (and checked again with the new addresses).
 * Concurrent saves of one organisation leave the connector and its link as one of them wrote them.
 */
export async function saveOrganisationConnector({
  db,
  organisationId,
  request,
  marketplaceConnectorId,
}: TSaveOrganisationConnectorOptions): Promise<TOrganisationConnectorSaveResponse> {
  const organisation = await findOrganisationById(db, organisationId);
  if (!organisation) throw new AppError(ErrorCode.NOT_FOUND, `There is no organisation '${organisationId}'`);
  await assertConnectorAddressesAllowed({
    managementUrl: request.managementUrl,
    protocolUrl: request.protocolUrl,
    versionUrl: request.versionUrl,
  });
  const id = organisationConnectorIdOf(organisationId);
  const apiKey = request.apiKey ?? (await selectConnector(db, id))?.apiKey ?? null;
  if (apiKey === null) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, 'The connector cannot be registered: apiKey: is required', [
      { path: 'body.apiKey', message: 'is required' },
    ]);
  }
  const connector: TConnectorRow & {
    apiKey: string;
    managementUrl: string;
    protocolUrl: string;
    versionUrl: string | null;
  } = {
    id,
    name: organisation.legal_name,
    url: organisationConnectorUrlOf(organisationId, request.managementUrl),
    apiKey,
    isSandbox: false,
    managementUrl: request.managementUrl,
    protocolUrl: request.protocolUrl,
    managementApiVersion: request.managementApiVersion,
    versionUrl: request.versionUrl ?? null,
  };
  const checks = await checkOrganisationConnector({ db, connector, marketplaceConnectorId });
  const link = await db.transaction().execute(async (trx) => {
    // The connector row's lock orders concurrent saves: the link is written by the same save as the row.
    if (!(await upsertOwnedConnector(trx, { ...connector, managementApiVersion: request.managementApiVersion }))) {
      throw new AppError(ErrorCode.CONFLICT, `The connector id '${id}' or its URL belongs to another connector`);
    }
    await upsertOrganisationConnectorLink(trx, {
      organisationId,
      connectorId: id,
      participantId: request.participantId,
    });
    return selectOrganisationConnectorLink(trx, organisationId);
  });
  const stored = await selectConnector(db, id);
  if (!link || !stored) throw new AppError(ErrorCode.CONFLICT, 'The connector was removed while it was saved');
  return { connector: presentOrganisationConnector(link, stored), checks };
}
