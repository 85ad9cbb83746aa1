import type { TDb } from '../../db/database';
import { insertHoldings, releaseEndedHoldings, selectHeldOfferIds } from './holdings-repository';

/** One line of a checkout order, as its holding needs it. */
export type THoldingLine = {
  offerId: string;
  paymentModel: string;
  /**
   * When holding it ends by itself: the entitlement's end for a one-off or metered purchase with a
   * time restriction; null for a running subscription (renewals keep it), a free acquisition, or an
   * entitlement without end.
   */
  endsAt: Date | null;
};

export type TTakeHoldingsOptions = {
  /** The order's transaction: the holdings are taken only if the order commits. */
  db: TDb;
  userId: string;
  orderId: string;
  lines: readonly THoldingLine[];
  /** The moment of the order. */
  now: Date;
};

/**
 * Records that the buyer holds the offers of a checkout order, and answers the offers among them the
 * buyer holds already (from an earlier order, or from a checkout committed meanwhile): the caller
 * refuses the order when there are any. A holding whose end has passed is released first, so an
 * ended purchase can be bought again. The partial unique index on the holdings decides races: of two
 * checkouts of one offer by one buyer, exactly one inserts its holding.
 */
export async function takeHoldings(options: TTakeHoldingsOptions): Promise<Set<string>> {
  const { db, userId, now } = options;
  const offerIds = options.lines.map((line) => line.offerId.toLowerCase());
  await releaseEndedHoldings(db, { userId, offerIds, now });
  const taken = await insertHoldings(db, {
    userId,
    orderId: options.orderId,
    acquiredAt: now,
    holdings: options.lines.map((line) => ({ ...line, offerId: line.offerId.toLowerCase() })),
  });
  return new Set(offerIds.filter((id) => !taken.has(id)));
}

export type TFindHeldOffersOptions = {
  db: TDb;
  userId: string;
  offerIds: readonly string[];
  /** The moment to judge at; tests pass a fixed one. */
  now?: Date;
};

/** Which of these offers (lower-case ids) the user holds now: bought, not cancelled, not ended. */
export async function findHeldOffers(options: TFindHeldOffersOptions): Promise<Set<string>> {
  return selectHeldOfferIds(options.db, {
    userId: options.userId,
    offerIds: options.offerIds.map((id) => id.toLowerCase()),
    now: options.now ?? new Date(),
  });
}
