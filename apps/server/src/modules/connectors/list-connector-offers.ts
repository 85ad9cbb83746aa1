import { ErrorCode, type TConnectorOfferListResponse } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { connectorClientFor } from './connector-client-for';
import { connectorFailure } from './connector-failure';
import { selectConnector, type TConnectorRow } from './connector-repository';
import { presentConnectorOffer } from './map-connector-offer';
import { readConnectorOffers } from './read-connector-offers';

/** The registered connector with this id; NOT_FOUND otherwise. */
export async function findConnector(db: TDb, connectorId: string): Promise<TConnectorRow> {
  const connector = await selectConnector(db, connectorId);
  if (!connector) throw new AppError(ErrorCode.NOT_FOUND, `No connector with the id '${connectorId}' is registered`);
  return connector;
}

/**
 * The offers of a connector, one per contract definition, read from its management API over HTTP. A connector that
 * cannot be reached or answers with a failure is a 503 or 502 naming it.
 */
export async function listConnectorOffers(db: TDb, connectorId: string): Promise<TConnectorOfferListResponse> {
  const connector = await findConnector(db, connectorId);
  try {
    const sources = await readConnectorOffers(connectorClientFor(connector));
    return {
      connector: { id: connector.id, name: connector.name, url: connector.url },
      offers: sources.map(presentConnectorOffer),
    };
  } catch (error) {
    connectorFailure(error, connector);
  }
}
