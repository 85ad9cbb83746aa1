import { ErrorCode } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { TAuthUser } from '../auth/verify-access-token';
import { findOffersShowingAccessUrls } from '../entitlements/access-url-policy';

/** Who may act on a delivery, in one place: only the buyer of its order sees it, refreshes it and reads its data. */
export function assertIsBuyerOf(user: TAuthUser, delivery: { id: string; buyer_id: string }): void {
  if (delivery.buyer_id !== user.id) throw new AppError(ErrorCode.FORBIDDEN, `Delivery ${delivery.id} is not yours`);
}

/** Why a buyer whose purchase no longer gives access is refused, for the API and the delivery's recorded error. */
export const entitlementEndedMessage = (offerId: string) =>
  `Your purchase of offer ${offerId} gives no access now: its entitlement ended with the offer's time restriction or was revoked with a cancelled invoice. Buy the offer again to receive its data`;

/**
 * Whether a buyer may receive a bought offer's data now: a paid offer needs an active entitlement, a free one
 * none (the access-URL rule, `mayShowAccessUrls`).
 */
export async function mayReceive(db: TDb, userId: string, offerId: string, now = new Date()): Promise<boolean> {
  const visible = await findOffersShowingAccessUrls({ db, userId, offerIds: [offerId], now });
  return visible.has(offerId);
}

/** 403 naming why, unless the buyer may receive the offer's data now (`mayReceive`). */
export async function assertMayReceive(db: TDb, userId: string, offerId: string): Promise<void> {
  if (!(await mayReceive(db, userId, offerId)))
    throw new AppError(ErrorCode.FORBIDDEN, entitlementEndedMessage(offerId));
}
