import { ErrorCode } from '@dsm/contracts';
import { AppError } from '../../lib/app-error';
import type { TAuthUser } from '../auth/verify-access-token';

/** Who may act on a delivery, in one place: only the buyer of its order sees it, refreshes it and reads its data. */
export function assertIsBuyerOf(user: TAuthUser, delivery: { id: string; buyer_id: string }): void {
  if (delivery.buyer_id !== user.id) throw new AppError(ErrorCode.FORBIDDEN, `Delivery ${delivery.id} is not yours`);
}
