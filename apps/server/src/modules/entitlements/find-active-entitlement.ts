import type { TDb } from '../../db/database';
import { selectActiveEntitlements, type TEntitlementRow } from './entitlements-repository';

/** An entitlement as the other modules see it. */
export type TEntitlement = {
  id: string;
  userId: string;
  offerId: string;
  /** The order that granted it. */
  orderId: string;
  startsAt: Date;
  /** Null: it does not end. */
  endsAt: Date | null;
};

export type TFindActiveEntitlementOptions = {
  db: TDb;
  userId: string;
  offerId: string;
  /** The moment to judge at; tests pass a fixed one. */
  now?: Date;
};

/**
 * The user's active entitlement to an offer, or null. A buyer who bought the same offer twice holds
 * two; the one lasting longest answers (one without end first), so the answer is the same whichever
 * order committed first.
 */
export async function findActiveEntitlement(options: TFindActiveEntitlementOptions): Promise<TEntitlement | null> {
  const [row] = await selectActiveEntitlements(options.db, {
    userId: options.userId,
    offerId: options.offerId.toLowerCase(),
    now: options.now ?? new Date(),
  });
  return row ? presentEntitlement(row) : null;
}

/** An entitlement's row as the other modules see it. */
export function presentEntitlement(row: TEntitlementRow): TEntitlement {
  return {
    id: row.id,
    userId: row.user_id,
    offerId: row.offer_id,
    orderId: row.order_id,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
  };
}
