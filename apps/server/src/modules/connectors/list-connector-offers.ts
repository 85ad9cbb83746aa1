import { ErrorCode, type TConnectorOfferListResponse } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { connectorClientFor } from './connector-client-for';
import { connectorFailure } from './connector-failure';
import { selectConnector, type TConnectorRow } from './connector-repository';
import { presentConnectorOffer, type TConnectorOfferSource } from './map-connector-offer';
import { readConnectorOffers } from './read-connector-offers';
import { findRestrictedAssetIds, withholdAssetUrls } from './withhold-asset-urls';

/** The registered connector with this id; NOT_FOUND otherwise. */
export async function findConnector(db: TDb, connectorId: string): Promise<TConnectorRow> {
  const connector = await selectConnector(db, connectorId);
  if (!connector) throw new AppError(ErrorCode.NOT_FOUND, `No connector with the id '${connectorId}' is registered`);
  return connector;
}

export type TListConnectorOffersOptions = {
  db: TDb;
  connectorId: string;
  /** The signed-in user: assets of paid catalogue offers show their address to its supplier and entitled buyers only. */
  userId: string;
};

/**
 * The offers of a connector, one per contract definition, read from its management API over HTTP. A connector that
 * cannot be reached or answers with a failure is a 503 or 502 naming it.
 */
export async function listConnectorOffers({
  db,
  connectorId,
  userId,
}: TListConnectorOffersOptions): Promise<TConnectorOfferListResponse> {
  const connector = await findConnector(db, connectorId);
  let sources: TConnectorOfferSource[];
  try {
    sources = await readConnectorOffers(connectorClientFor(connector));
  } catch (error) {
    connectorFailure(error, connector);
  }
  const restricted = await findRestrictedAssetIds({ db, userId, sources });
  return {
    connector: { id: connector.id, name: connector.name, url: connector.url },
    offers: sources.map((source) => withholdAssetUrls(presentConnectorOffer(source), restricted)),
  };
}
