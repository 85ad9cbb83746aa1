import type { TDb } from '../../db/database';
import { insertUsageEvent, type TUsageEventRow } from './usage-repository';

export type TUsageEvent = {
  entitlementId: string;
  offerId: string;
  userId: string;
  channel: 'download' | 'api' | 'connector';
  succeeded: boolean;
  /** The HTTP status the buyer got, where the channel speaks HTTP. */
  httpStatus?: number | null;
  /** Bytes sent to the buyer. */
  bytes?: number | bigint;
  /** Defaults to the database's clock. */
  occurredAt?: Date;
};

/** Appends one delivery to the usage of an entitlement: what metered prices and usage pages read. */
export async function recordUsage(db: TDb, event: TUsageEvent): Promise<TUsageEventRow> {
  return insertUsageEvent(db, {
    entitlement_id: event.entitlementId,
    offer_id: event.offerId.toLowerCase(),
    user_id: event.userId,
    channel: event.channel,
    succeeded: event.succeeded,
    http_status: event.httpStatus ?? null,
    bytes: event.bytes === undefined ? 0 : event.bytes.toString(),
    ...(event.occurredAt ? { occurred_at: event.occurredAt } : {}),
  });
}
