import type { Selectable, Updateable } from 'kysely';
import type { TDb } from '../../db/database';
import type { TDeliveryTable } from '../../db/schema';

/** A delivery row as the module reads it. */
export type TDeliveryRow = Selectable<TDeliveryTable>;

/** What changes when a delivery moves on. */
export type TDeliveryChange = Omit<Updateable<TDeliveryTable>, 'id' | 'order_id' | 'offer_id' | 'buyer_id'>;

/** What starting a delivery records. */
export type TNewDelivery = {
  orderId: string;
  offerId: string;
  buyerId: string;
  consumerConnectorId: string;
  providerConnectorId: string;
  assetId: string;
  /** The supplier's participant id, when it is not the provider connector's id (a crawled offer). */
  counterPartyId?: string | null;
  /** The supplier's DSP address, when it is not the provider connector's (a crawled offer). */
  counterPartyAddress?: string | null;
};

/**
 * Records a delivery of an order line, or starts the line's earlier one afresh (a failed one is requested again),
 * clearing what the earlier attempt reached.
 */
export async function upsertDelivery(db: TDb, delivery: TNewDelivery, change: TDeliveryChange): Promise<TDeliveryRow> {
  const fresh = {
    consumer_connector_id: delivery.consumerConnectorId,
    provider_connector_id: delivery.providerConnectorId,
    asset_id: delivery.assetId,
    counter_party_id: delivery.counterPartyId ?? null,
    counter_party_address: delivery.counterPartyAddress ?? null,
    negotiation_id: null,
    negotiation_state: null,
    agreement_id: null,
    transfer_id: null,
    transfer_state: null,
    edr_endpoint: null,
    last_error: null,
    ...change,
  };
  return db
    .insertInto('deliveries')
    .values({ order_id: delivery.orderId, offer_id: delivery.offerId, buyer_id: delivery.buyerId, ...fresh })
    .onConflict((conflict) =>
      conflict.columns(['order_id', 'offer_id']).doUpdateSet({ ...fresh, updated_at: new Date() }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** One delivery by id, or null. */
export async function selectDelivery(db: TDb, id: string): Promise<TDeliveryRow | null> {
  return (await db.selectFrom('deliveries').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

/** The delivery of an order line, or null. */
export async function selectDeliveryOfLine(db: TDb, orderId: string, offerId: string): Promise<TDeliveryRow | null> {
  return (
    (await db
      .selectFrom('deliveries')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('offer_id', '=', offerId)
      .executeTakeFirst()) ?? null
  );
}

/** A buyer's deliveries, newest first. */
export async function selectDeliveriesOf(db: TDb, buyerId: string): Promise<TDeliveryRow[]> {
  return db
    .selectFrom('deliveries')
    .selectAll()
    .where('buyer_id', '=', buyerId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Records how far a delivery came; answers the row as it is now. */
export async function updateDelivery(db: TDb, id: string, change: TDeliveryChange): Promise<TDeliveryRow> {
  return db
    .updateTable('deliveries')
    .set({ ...change, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The connector id assigned to a buyer, or null. */
export async function selectBuyerConnectorId(db: TDb, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('buyer_connectors')
    .select('connector_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.connector_id ?? null;
}

/** Assigns a connector to a buyer, replacing an earlier one. */
export async function upsertBuyerConnector(db: TDb, userId: string, connectorId: string): Promise<void> {
  await db
    .insertInto('buyer_connectors')
    .values({ user_id: userId, connector_id: connectorId })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({ connector_id: connectorId, updated_at: new Date() }),
    )
    .execute();
}

/**
 * Claims the start of a delivery's transfer: true for the one caller that may initiate it. Two polls refreshing
 * the same FINALIZED delivery at once would otherwise start two transfers.
 */
export async function claimTransferStart(db: TDb, id: string): Promise<boolean> {
  const claimed = await db
    .updateTable('deliveries')
    .set({ transfer_state: 'INITIATING', updated_at: new Date() })
    .where('id', '=', id)
    .where('transfer_id', 'is', null)
    .where('transfer_state', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return claimed !== undefined;
}

/**
 * Records a transfer's state only while the row still holds the state `from` (null included), so of two refreshes
 * that saw the same change only one records it; null for the other.
 */
export async function updateTransferStateFrom(
  db: TDb,
  id: string,
  from: string | null,
  change: TDeliveryChange,
): Promise<TDeliveryRow | null> {
  const row = await db
    .updateTable('deliveries')
    .set({ ...change, updated_at: new Date() })
    .where('id', '=', id)
    .where((eb) => (from === null ? eb('transfer_state', 'is', null) : eb('transfer_state', '=', from)))
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}
