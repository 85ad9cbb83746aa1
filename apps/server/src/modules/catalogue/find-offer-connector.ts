import type { TDb } from '../../db/database';
import { connectorIdsOf } from './offer-connector-ids';

/** Where a Connector-access offer is offered: its supplier's connector and the ids publishing created there. */
export type TOfferConnector = {
  connectorId: string;
  /** The asset of each endpoint, in endpoint order. */
  assetIds: string[];
  contractDefinitionId: string;
};

/**
 * The connector an offer is offered on, or null when its access type is not Connector (or it names no connector).
 * Delivery negotiates for the objects publish-on-connector created, so the ids come from the same function.
 */
export async function findOfferConnector(db: TDb, offerId: string): Promise<TOfferConnector | null> {
  const offer = await db
    .selectFrom('offers')
    .select(['access_type', 'connector_id'])
    .where('id', '=', offerId)
    .executeTakeFirst();
  if (offer?.access_type !== 'CONNECTOR' || !offer.connector_id) return null;
  const { count } = await db
    .selectFrom('distributions as d')
    .innerJoin('datasets as s', 's.id', 'd.dataset_id')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('s.offer_id', '=', offerId)
    .executeTakeFirstOrThrow();
  const ids = connectorIdsOf(offerId, Math.max(1, Number(count)));
  return { connectorId: offer.connector_id, assetIds: ids.assetIds, contractDefinitionId: ids.contractDefinitionId };
}

/** Which of the offers have the Connector access type (and name their connector), so they are delivered by one. */
export async function selectConnectorOfferIds(db: TDb, offerIds: string[]): Promise<Set<string>> {
  if (offerIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('offers')
    .select('id')
    .where('id', 'in', offerIds)
    .where('access_type', '=', 'CONNECTOR')
    .where('connector_id', 'is not', null)
    .execute();
  return new Set(rows.map((row) => row.id));
}
